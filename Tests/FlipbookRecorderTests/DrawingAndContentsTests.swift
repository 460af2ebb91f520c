import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Fills a layer's bounds red while `draws` is true, and draws nothing otherwise.
private final class RedFill: CALayerDelegate {
    var draws = true

    func draw(_ layer: CALayer, in ctx: CGContext) {
        guard draws else { return }
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(origin: .zero, size: layer.bounds.size))
    }
}

/// A view whose `draw(_:)` fills its bounds blue.
private final class BlueView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.blue.setFill()
        UIBezierPath(rect: bounds).fill()
    }
}

/// A layer's drawing and its `contents` replace each other: whichever came last shows (G13).
@MainActor
@Suite struct DrawingAndContentsTests {
    private let size = CGSize(width: 20, height: 20)
    private let red = RGBA8(255, 0, 0)
    private let green = RGBA8(0, 255, 0)
    private let blue = RGBA8(0, 0, 255)
    private let white = RGBA8(255, 255, 255)
    /// A 2 × 2 green image, stretched over the layer.
    private let greenImage = CGImage(width: 2, height: 2, colors: Array(repeating: CGColor(red: 0, green: 1, blue: 0, alpha: 1), count: 4))

    /// A recorder at 10 frames a second, frame n at n / 10 s, and a plain layer over the
    /// whole canvas drawn by `delegate` (plain, so its render value is kept between frames).
    private func stage(drawnBy delegate: RedFill) -> (Recorder, CALayer) {
        let recorder = Recorder(size: size, fps: 10)
        let layer = CALayer()
        layer.frame = CGRect(origin: .zero, size: size)
        layer.delegate = delegate
        recorder.rootView.layer.addSublayer(layer)
        return (recorder, layer)
    }

    private func frames(of recorder: Recorder, duration: TimeInterval) throws -> [Bitmap] {
        let sink = BitmapCollector(width: Int(size.width), height: Int(size.height))
        try recorder.render(duration: duration, into: sink)
        return sink.frames.map(\.bitmap)
    }

    @Test func contentsSetAfterADrawingShowUntilTheLayerIsDisplayedAgain_G13() throws {
        let delegate = RedFill()
        let (recorder, layer) = stage(drawnBy: delegate)
        var contentsAfterRedraw: CGImage? = greenImage
        recorder.at(0.2) {
            CATransaction.setDisableActions(true)
            layer.contents = greenImage
        }
        recorder.at(0.5) { layer.setNeedsDisplay() }
        recorder.at(0.6) { contentsAfterRedraw = layer.contents }

        let frames = try frames(of: recorder, duration: 0.7)

        #expect(frames[1][10, 10] == red, "the drawing, made when the layer was first shown")
        #expect(frames[2][10, 10] == green, "the image set after the drawing shows at once")
        #expect(frames[4][10, 10] == green, "and stays while nothing redisplays the layer")
        #expect(frames[5][10, 10] == red, "setNeedsDisplay draws over it in the next frame")
        #expect(frames[7][10, 10] == red)
        #expect(contentsAfterRedraw == nil, "the drawing replaced contents")
    }

    @Test func contentsSetBeforeADrawingAreReplacedAndDoNotComeBackWhenALaterDrawingIsEmpty_G13() throws {
        let delegate = RedFill()
        let (recorder, layer) = stage(drawnBy: delegate)
        layer.contents = greenImage
        var contentsAfterDrawing: CGImage? = greenImage
        recorder.at(0.1) { contentsAfterDrawing = layer.contents }
        recorder.at(0.3) {
            delegate.draws = false
            layer.setNeedsDisplay()
        }

        let frames = try frames(of: recorder, duration: 0.4)

        #expect(frames[0][10, 10] == red, "the drawing made after the image was set shows")
        #expect(contentsAfterDrawing == nil, "the drawing replaced contents")
        #expect(frames[3][10, 10] == white, "an empty drawing shows nothing, not the image replaced before")
    }

    @Test func contentsSetToNilAfterADrawingShowNeitherUntilTheLayerIsDisplayedAgain_G13() throws {
        let delegate = RedFill()
        let (recorder, layer) = stage(drawnBy: delegate)
        recorder.at(0.2) { layer.contents = nil }
        recorder.at(0.4) { layer.setNeedsDisplay() }

        let frames = try frames(of: recorder, duration: 0.5)

        #expect(frames[1][10, 10] == red)
        #expect(frames[2][10, 10] == white, "nil set after the drawing drops it, as iOS drops its backing store")
        #expect(frames[4][10, 10] == red, "the next display draws again")
    }

    @Test func anImplicitAnimationOfContentsSwitchesFromTheDrawingToTheImageHalfWay_G13_G7() throws {
        let delegate = RedFill()
        let (recorder, layer) = stage(drawnBy: delegate)
        recorder.at(0.2) {
            // A standalone layer's change animates implicitly; over 1 s, evenly, here.
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.contents = greenImage
        }

        let frames = try frames(of: recorder, duration: 1.3)

        #expect(frames[4][10, 10] == red, "before half-way, the old contents: the drawing")
        #expect(frames[8][10, 10] == green, "after half-way, the image")
        #expect(frames[13][10, 10] == green, "and once the animation is over")
    }

    @Test func aFadeTransitionAddedWithNewContentsStartsFromTheDrawing_G13() throws {
        let delegate = RedFill()
        let (recorder, layer) = stage(drawnBy: delegate)
        recorder.at(0.2) {
            CATransaction.setDisableActions(true)
            layer.contents = greenImage
            let fade = CATransition()
            fade.type = .fade
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fade, forKey: "fade")
        }

        let frames = try frames(of: recorder, duration: 0.7)

        let halfWay = frames[7][10, 10]
        #expect(halfWay.r > 80 && halfWay.g > 80, "red fading into green, not \(halfWay)")
    }

    @Test func aViewsDrawingAndItsLayersContentsReplaceEachOther_G13() throws {
        let recorder = Recorder(size: size, fps: 10)
        let view = BlueView(frame: CGRect(origin: .zero, size: size))
        recorder.rootView.addSubview(view)
        recorder.at(0.2) { view.layer.contents = greenImage }  // a view's layer: no animation
        recorder.at(0.5) { view.setNeedsDisplay() }

        let frames = try frames(of: recorder, duration: 0.6)

        #expect(frames[1][10, 10] == blue)
        #expect(frames[2][10, 10] == green, "the image set after draw(_:) shows")
        #expect(frames[4][10, 10] == green)
        #expect(frames[5][10, 10] == blue, "draw(_:) runs again and draws over it")
        #expect(view.layer.contents == nil)
    }
}
