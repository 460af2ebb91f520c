import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Views built and animated before their `Recorder` is made, as a Swift developer writes it
/// (build the view, start its animation, then make a recorder to film it): there is one
/// media clock, as in UIKit, and the code before the recorder is the recording's first
/// turn at t = 0 (T5, TX2). Each test makes and renders a recording first, as a program
/// recording several clips does, so the code under test runs after another recorder's
/// clock has moved; a recorder that has rendered hands the code after it to the next.
@MainActor
@Suite struct SetUpBeforeRecorderTests {
    private let red = RGBA8(255, 0, 0)
    private let white = RGBA8(255, 255, 255)

    /// A recording of one second, rendered: what a program recording several clips has
    /// made before the one under test.
    @discardableResult
    private func recordAnEarlierClip() throws -> Recorder {
        let (earlier, box) = boxOnCanvas()
        UIView.animate(withDuration: 1) { box.alpha = 0.5 }
        _ = try recordedFrames(of: earlier)
        return earlier
    }

    /// A 20×20 red box at the left of an 80×40 canvas, not on any canvas yet.
    private func box() -> UIView {
        let box = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 20))
        box.backgroundColor = .red
        return box
    }

    /// The column of the box's left edge in `frame` (the first red pixel of row 20).
    private func boxLeft(_ frame: Bitmap) -> Int? {
        (0..<frame.width).first { frame[$0, 20] == red }
    }

    /// An 80×40 recorder at 10 fps with `view` on its canvas.
    private func recorder(showing view: UIView) -> Recorder {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        recorder.rootView.addSubview(view)
        return recorder
    }

    @Test func anAnimationAddedBeforeTheRecorderPlaysFromTheRecordingsStart_T5() throws {
        let earlier = try recordAnEarlierClip()
        let box = box()
        box.center.x = 70
        box.layer.name = "box"
        box.layer.add(linearSlideOfABox(), forKey: "slide")
        let recorder = recorder(showing: box)

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 11, "1 s at 10 fps, until the slide ends")
        #expect([0, 5, 10].map { boxLeft(frames[$0]) } == [0, 30, 60], "t = 0, 0.5, 1: from x = 0 to 60, linear")
        #expect(recorder.events.map(\.description) == [
            "t = 0.0 s: animationDidStart box slide", "t = 1.0 s: animationDidStop box slide finished",
        ])
        withExtendedLifetime(earlier) {}
    }

    @Test func aViewAnimationBlockBeforeTheRecorderPlaysAndCompletes_V2() throws {
        try recordAnEarlierClip()
        let box = box()
        var completions: [String] = []
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { box.center.x = 70 },
                       completion: { completions.append("\($0) at \(CACurrentMediaTime())") })
        let recorder = recorder(showing: box)

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 16, "0.5 s of delay and 1 s of slide")
        #expect([5, 10, 15].map { boxLeft(frames[$0]) } == [0, 30, 60], "t = 0.5: the delay is over; t = 1: halfway")
        #expect(completions == ["true at 1.5"])
    }

    @Test func aTransactionBeforeTheRecorderGivesItsDurationAndRunsItsCompletion_TX3() throws {
        try recordAnEarlierClip()
        let box = box()
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: -10, width: 10, height: 10)
        dot.backgroundColor = UIColor.red.cgColor
        box.layer.addSublayer(dot)
        var completions: [Double] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock { completions.append(CACurrentMediaTime()) }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        box.layer.add(fade, forKey: "fade")
        dot.position.x = 70
        CATransaction.commit()
        let recorder = recorder(showing: box)

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 21, "the fade takes the transaction's 2 s")
        #expect((120...135).contains(frames[10][10, 20].g), "t = 1: half faded over white")
        #expect(completions == [2])
        #expect(frames[0][65, 5] == red && frames[0][5, 5] == white,
                "TX6: the dot was never on screen, so it is at x = 70 at once, not sliding")
    }

    @Test func aPropertyAnimatorStartedBeforeTheRecorderRunsOnItsClock_PA1() throws {
        try recordAnEarlierClip()
        let box = box()
        var ends: [String] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.center.x = 70 }
        animator.addCompletion { ends.append("\($0 == .end) at \(CACurrentMediaTime())") }
        animator.startAnimation()
        let recorder = recorder(showing: box)

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 11)
        #expect(boxLeft(frames[5]) == 30, "t = 0.5: halfway")
        #expect(ends == ["true at 1.0"])
    }

    @Test func aPropertyAnimatorMadeBeforeTheRecorderStartsWhenTheRecordingSaysSo_PA1() throws {
        try recordAnEarlierClip()
        let box = box()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.center.x = 70 }
        let recorder = recorder(showing: box)
        recorder.at(0.5) { animator.startAnimation() }

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 16)
        #expect([5, 10].map { boxLeft(frames[$0]) } == [0, 30], "t = 0.5: not moved yet; t = 1: halfway")
    }

    @Test func mainQueueWorkQueuedBeforeTheRecorderRunsInTheRecording_T5() throws {
        try recordAnEarlierClip()
        let box = box()
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) { box.center.x = 70 }
        }
        let recorder = recorder(showing: box)

        let frames = try recordedFrames(of: recorder)

        try #require(frames.count == 11, "the block at 0.5 s, then 0.5 s of slide")
        #expect([5, 10].map { boxLeft(frames[$0]) } == [0, 60])
    }

    @Test func anAnimationAddedWhileAnotherRecorderIsCurrentFailsTheRenderSayingWhatToDo() throws {
        let other = recorder(showing: UIView())
        let box = box()
        box.layer.name = "box"
        UIView.animate(withDuration: 1) { box.center.x = 70 }
        let recorder = recorder(showing: box)

        #expect {
            try recordedFrames(of: recorder)
        } throws: { error in
            "\(error)".contains("the layer 'box' has an animation ('position') added on another recorder's run loop")
                && "\(error)".contains("make each Recorder before the animations it records")
        }
        withExtendedLifetime(other) {}
    }
}
