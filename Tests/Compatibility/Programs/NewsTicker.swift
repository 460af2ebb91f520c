import FlipbookUIKit

// A news ticker: a CATextLayer scrolling right to left through a clipped strip, forever,
// built by a plain class that owns its layers.

final class NewsTicker {
    let strip = CALayer()
    let text = CATextLayer()

    init(frame: CGRect, headline: String) {
        strip.frame = frame
        strip.backgroundColor = UIColor.systemRed.cgColor
        strip.masksToBounds = true

        text.string = headline
        text.fontSize = 14
        text.foregroundColor = UIColor.white.cgColor
        text.contentsScale = 2
        text.frame = CGRect(x: frame.width, y: (frame.height - 18) / 2, width: 300, height: 18)
        strip.addSublayer(text)
    }

    func start(duration: CFTimeInterval) {
        let scroll = CABasicAnimation(keyPath: "position.x")
        scroll.fromValue = strip.bounds.width + text.bounds.width / 2
        scroll.toValue = -text.bounds.width / 2
        scroll.duration = duration
        scroll.repeatCount = .infinity
        text.add(scroll, forKey: "ticker")
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func tickerScrollsItsHeadlineRightToLeft() throws {
    let recorder = corpusRecorder(width: 200, height: 40)
    let ticker = NewsTicker(frame: CGRect(x: 0, y: 8, width: 200, height: 24), headline: "BREAKING: layers compile off the main actor")
    recorder.rootView.layer.addSublayer(ticker.strip)
    ticker.start(duration: 4)

    let halfway = try recorder.presentation(of: ticker.text, at: 2).position.x

    #expect(close(Double(halfway), (350 - 150) / 2, tolerance: 1e-3), "\(halfway)")
    assertAnimationSnapshots(of: recorder, at: [2, 3])
}
