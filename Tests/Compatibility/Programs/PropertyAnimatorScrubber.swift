import FlipbookUIKit

// A scrubbable animation: a paused UIViewPropertyAnimator whose fractionComplete follows
// a slider; letting go continues it from there to the end.

final class ScrubberViewController: UIViewController {
    let box = UIView(frame: CGRect(x: 10, y: 40, width: 40, height: 40))
    private var animator: UIViewPropertyAnimator!
    private(set) var finalPosition: UIViewAnimatingPosition?

    override func viewDidLoad() {
        super.viewDidLoad()
        box.backgroundColor = .systemPurple
        box.layer.cornerRadius = 8
        view.addSubview(box)

        animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            self.box.center.x = 170
            self.box.transform = CGAffineTransform(rotationAngle: .pi / 2)
        }
        animator.addCompletion { position in
            self.finalPosition = position
        }
        animator.pauseAnimation()
    }

    /// The slider's value-changed action.
    func sliderChanged(_ value: Float) {
        animator.fractionComplete = CGFloat(value)
    }

    /// The slider's touch-up action: play the rest.
    func sliderReleased() {
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1 - animator.fractionComplete)
    }
}

// MARK: - Check

import FlipbookTesting
import Testing

@MainActor
@Test func propertyAnimatorFollowsTheScrubberThenContinues() throws {
    let recorder = corpusRecorder(width: 200, height: 120)
    let scrubber = ScrubberViewController()
    recorder.rootViewController = scrubber
    recorder.at(0.2) { scrubber.sliderChanged(0.25) }
    recorder.at(0.4) { scrubber.sliderChanged(0.5) }
    recorder.at(1.0) { scrubber.sliderReleased() }

    let scrubbed = try recorder.presentation(of: scrubber.box, at: 0.5)
    let scrubbedX = scrubbed.position.x
    let playing = try recorder.presentation(of: scrubber.box, at: 1.25).position.x

    #expect(close(Double(scrubbedX), 30 + 0.5 * 140), "halfway along by the slider")
    // UIKit: "The durationFactor ... is used to specify the remaining time for the
    // animation" (UIViewPropertyAnimator.h), so the remaining half takes 0.5 s.
    #expect(close(Double(playing), 30 + 0.75 * 140, tolerance: 1e-3), "halfway through the remaining half")
    assertAnimationSnapshots(of: recorder, at: [1.6], named: ["end"])
    #expect(scrubber.finalPosition == .end)
}
