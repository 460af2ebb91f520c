import FlipbookUIKit

// The chat "someone is typing" bubble: three dots bobbing in turn, each animation starting
// a little later by a beginTime of CACurrentMediaTime() plus an offset.

final class TypingIndicatorView: UIView {
    private(set) var dots: [CALayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray5
        layer.cornerRadius = frame.height / 2
        for index in 0..<3 {
            let dot = CALayer()
            dot.frame = CGRect(x: 14 + CGFloat(index) * 16, y: frame.height / 2 - 5, width: 10, height: 10)
            dot.cornerRadius = 5
            dot.backgroundColor = UIColor.systemGray.cgColor
            layer.addSublayer(dot)
            dots.append(dot)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        for (index, dot) in dots.enumerated() {
            let bob = CABasicAnimation(keyPath: "transform.translation.y")
            bob.fromValue = 0
            bob.toValue = -6
            bob.duration = 0.3
            bob.autoreverses = true
            bob.repeatCount = .infinity
            bob.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bob.beginTime = CACurrentMediaTime() + Double(index) * 0.15
            dot.add(bob, forKey: "typing")
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func typingDotsBobOneAfterAnother() throws {
    let recorder = corpusRecorder(width: 100, height: 60)
    let bubble = TypingIndicatorView(frame: CGRect(x: 15, y: 15, width: 70, height: 30))
    recorder.rootView.addSubview(bubble)
    recorder.at(0.5) { bubble.startAnimating() }

    let heights = try (0..<3).map { index in
        Double(try recorder.presentation(of: bubble.dots[index], at: 0.8).transform.m42)
    }

    #expect(close(heights[0], -6, tolerance: 1e-3), "the first dot at the top, 0.3 s in: \(heights)")
    #expect(close(heights[1], -3, tolerance: 1e-3), "the second halfway up, 0.15 s behind")
    #expect(close(heights[2], 0, tolerance: 1e-3), "the third starts now")
    assertAnimationSnapshots(of: recorder, at: [0.8, 0.9])
}
