import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Views animated before their `Recorder` is made. Each recorder has a clock and a run loop
/// of its own, starting at 0 when it is made, so that recordings in one process (a test
/// suite's) never share work; an animation added before, on another clock, cannot play in
/// the recording as written, and the render says so instead of losing it (T5).
@MainActor
@Suite struct SetUpBeforeRecorderTests {
    /// A 20×20 red view called `box`, not on any canvas yet.
    private func box() -> UIView {
        let box = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 20))
        box.backgroundColor = .red
        box.layer.name = "box"
        return box
    }

    /// What `recorder`'s render throws, as text; nil when it renders.
    private func renderFailure(of recorder: Recorder) -> String? {
        do {
            _ = try recordedFrames(of: recorder)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aViewAnimatedBeforeItsRecorderFailsTheRenderSayingToMakeTheRecorderFirst_T5() throws {
        let box = box()
        UIView.animate(withDuration: 1) { box.center.x = 70 }
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        recorder.rootView.addSubview(box)

        let failure = renderFailure(of: recorder)
        #expect(failure?.hasPrefix("the layer 'box' has an animation ('position') added before this Recorder was made") == true)
        #expect(failure?.hasSuffix("make the Recorder first, then build, add and animate the views it records") == true)
    }

    @Test func aLayerAnimatedWhileAnotherRecorderIsCurrentFailsTheRender_T5() throws {
        let (other, _) = boxOnCanvas()
        let box = box()
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        other.at(0) {}
        box.layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        recorder.rootView.addSubview(box)

        #expect(renderFailure(of: recorder)?.hasPrefix("the layer 'box' has an animation ('fade') added before this "
                                                        + "Recorder was made, or while another recorder's run loop was current") == true)
        withExtendedLifetime(other) {}
    }

    @Test func anActivityIndicatorStartedBeforeItsRecorderTurnsInIt_CA9() throws {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.startAnimating()
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        spinner.center = CGPoint(x: 40, y: 20)
        recorder.rootView.addSubview(spinner)

        let frames = try recordedFrames(of: recorder, duration: 0.5)

        #expect(frames.count == 6)
        #expect(frames[0].pixels != frames[5].pixels, "the spokes turned")
    }

    /// A 20×20 image view at (30, 10) showing yellow, cycling red, green, blue over 0.3 s twice.
    private func flashingImageView() -> UIImageView {
        func image(_ color: UIColor) -> UIImage { UIImage(cgImage: CGImage(width: 1, height: 1, colors: [color.cgColor])) }
        let view = UIImageView(frame: CGRect(x: 30, y: 10, width: 20, height: 20))
        view.image = image(.yellow)
        view.animationImages = [image(.red), image(.green), image(.blue)]
        view.animationDuration = 0.3
        view.animationRepeatCount = 2
        return view
    }

    @Test func anImageViewStartedBeforeItsRecorderCyclesItsFramesInIt_G7_CA9() throws {
        let screen = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        let flashing = flashingImageView()
        screen.addSubview(flashing)
        flashing.startAnimating()
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 20)
        recorder.rootView.addSubview(screen)
        #expect(flashing.isAnimating && flashing.animationDuration == 0.3 && flashing.animationRepeatCount == 2)

        let frames = try recordedFrames(of: recorder, duration: 0.7)

        let shown = [1, 3, 5, 7, 11, 13].map { frames[$0][40, 20] }
        #expect(shown == [RGBA8(255, 0, 0), RGBA8(0, 255, 0), RGBA8(0, 0, 255), RGBA8(255, 0, 0), RGBA8(0, 0, 255),
                          RGBA8(255, 255, 0)], "t = 0.05, 0.15, 0.25, 0.35, 0.55: the frames twice; 0.65: the image")
    }

    @Test func anImageViewsOtherAnimationAddedBeforeItsRecorderStillFailsTheRender_T5() throws {
        let flashing = flashingImageView()
        flashing.startAnimating()
        flashing.layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        recorder.rootView.addSubview(flashing)

        #expect(renderFailure(of: recorder)?.hasPrefix("the UIImageView's layer has an animation ('fade') "
                                                        + "added before this Recorder was made") == true)
    }

    @Test func aLayerWithoutANameOrViewIsNamedByItsNearestView_T5() throws {
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let dot = CALayer()
        box.layer.addSublayer(dot)
        dot.add(CABasicAnimation(keyPath: "opacity"), forKey: "blink")
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        recorder.rootView.addSubview(box)

        #expect(renderFailure(of: recorder)?.hasPrefix("a sublayer of the UIView's layer has an animation ('blink') "
                                                        + "added before this Recorder was made") == true)
    }

    @Test func theSameViewAnimatedAfterItsRecorderIsMadeRecords_T5() throws {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        let box = box()
        recorder.rootView.addSubview(box)
        UIView.animate(withDuration: 1) { box.center.x = 70 }

        let frames = try recordedFrames(of: recorder)

        #expect(frames.count == 11, "1 s at 10 fps")
        #expect(frames[10][60, 20] == RGBA8(255, 0, 0), "at x = 60…80 at the end")
    }
}
