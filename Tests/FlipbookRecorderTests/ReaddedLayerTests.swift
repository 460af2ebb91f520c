import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// A layer or view taken out of the tree and put back is drawn as it is when it comes
/// back — its model as changed meanwhile, its animations at the time of the frame — never
/// as it was when it left (CA9).
@MainActor
@Suite struct ReaddedLayerTests {
    /// A 100 × 20 recorder at 10 frames a second, frame n at n / 10 s.
    private func makeRecorder() -> Recorder { Recorder(size: CGSize(width: 100, height: 20), fps: 10) }

    /// Frames 0 to 13 of `recorder`.
    private func frames(of recorder: Recorder) throws -> [Bitmap] {
        let sink = BitmapCollector(width: 100, height: 20)
        try recorder.render(duration: 1.3, into: sink)
        return sink.frames.map(\.bitmap)
    }

    /// Frames 0 to 13 of `recorder` with `layer`, a sublayer of its root view's, taken
    /// out at 0.5 s, turned green while out, at 0.7 s, and put back at 1 s.
    private func framesTakingOutAndBack(_ layer: CALayer, in recorder: Recorder) throws -> [Bitmap] {
        recorder.rootView.layer.addSublayer(layer)
        recorder.at(0.5) { layer.removeFromSuperlayer() }
        recorder.at(0.7) {
            CATransaction.setDisableActions(true)
            layer.backgroundColor = UIColor.green.cgColor
        }
        recorder.at(1) { recorder.rootView.layer.addSublayer(layer) }
        return try frames(of: recorder)
    }

    /// A red 10 × 10 square whose `position.x` runs from 5 to 95 over 2 s, linearly.
    private func slidingSquare(_ layer: CALayer) {
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = UIColor.red.cgColor
        let slide = CABasicAnimation(keyPath: "position.x")
        (slide.fromValue, slide.toValue, slide.duration) = (5, 95, 2)
        layer.add(slide, forKey: "slide")
    }

    @Test func aStandaloneLayerAddedBackShowsItsNewModelAndItsAnimationAtTheFramesTime_CA9() throws {
        let recorder = makeRecorder(), spot = CALayer()
        slidingSquare(spot)

        let frames = try framesTakingOutAndBack(spot, in: recorder)

        #expect(frames[4][23, 5] == RGBA8(255, 0, 0), "0.4 s: at x 23, covering [18, 28]")
        #expect(frames[7].pixels.allSatisfy { $0 == 255 }, "out of the tree: not drawn (all white)")
        #expect(frames[12][59, 5] == RGBA8(0, 255, 0), "1.2 s: the slide goes on in the layer's time, x 59, in the colour set while out")
        #expect(frames[12][27, 5] == RGBA8(255, 255, 255), "nothing where it was when it left (x 27.5)")
    }

    @Test func aStillLayerTakenOutAndBackIsNotDrawnFromTheTreeKeptBefore_CA9() throws {
        let still = CALayer()
        still.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        still.backgroundColor = UIColor.red.cgColor

        let frames = try framesTakingOutAndBack(still, in: makeRecorder())

        #expect(frames[4][5, 5] == RGBA8(255, 0, 0), "nothing moves: the frames before reuse one kept tree")
        #expect(frames[7].pixels.allSatisfy { $0 == 255 }, "out of the tree: not drawn (all white)")
        #expect(frames[12][5, 5] == RGBA8(0, 255, 0), "back, in the colour set while out")
    }

    @Test func aViewAddedBackIsDrawnAtItsModelAfterItsAnimationsWent_CA9() throws {
        let recorder = makeRecorder()
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        box.backgroundColor = .red
        recorder.rootView.addSubview(box)
        recorder.at(0) { UIView.animate(withDuration: 2, delay: 0, options: .curveLinear) { box.center.x = 95 } }
        recorder.at(0.5) { box.removeFromSuperview() }
        recorder.at(1) { recorder.rootView.addSubview(box) }

        let frames = try frames(of: recorder)

        #expect(frames[4][23, 5] == RGBA8(255, 0, 0), "0.4 s: sliding, at x 23")
        #expect(frames[7].pixels.allSatisfy { $0 == 255 })
        #expect(frames[12][95, 5] == RGBA8(255, 0, 0), "1.2 s: at its model, x 95")
        #expect(frames[12][59, 5] == RGBA8(255, 255, 255), "not where the slide would have had it")
    }
}
