import FlipbookUIKit

// A UIView subclass whose methods animate, chaining the second step on the main queue.

final class PulsingBadgeView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemOrange
        layer.cornerRadius = frame.height / 2
    }

    func popIn() {
        alpha = 0
        transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) {
            self.alpha = 1
            self.transform = .identity
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            self.slide(by: 20)
        }
    }

    func slide(by distance: CGFloat) {
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) {
            self.center.x += distance
        }
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func viewSubclassPopsInThenSlidesOnTheMainQueue() throws {
    let recorder = corpusRecorder()
    let badge = PulsingBadgeView(frame: CGRect(x: 10, y: 20, width: 20, height: 20))
    recorder.rootView.addSubview(badge)
    badge.popIn()

    let popping = try recorder.presentation(of: badge, at: 0.25)
    let sliding = try recorder.presentation(of: badge, at: 0.75)

    #expect(close(Double(popping.opacity), 0.5))
    #expect(close(Double(sliding.position.x), 30), "the slide starts at 0.5 s from x 20, halfway at 0.75 s")
    #expect(badge.center.x == 40)
    assertAnimationSnapshots(of: recorder, at: [0.75, 1.0])
}
