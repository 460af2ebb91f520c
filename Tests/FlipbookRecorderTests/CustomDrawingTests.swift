import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// A layer that counts its draws and fills its bounds red.
private final class CountingLayer: CALayer {
    var draws = 0

    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(origin: .zero, size: bounds.size))
    }
}

/// A view that counts its draws and fills a blue rectangle inset by 5.
private final class CountingView: UIView {
    var draws = 0

    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.blue.setFill()
        UIBezierPath(rect: rect.insetBy(dx: 5, dy: 5)).fill()
    }
}

/// Custom drawing is recorded once and reused until marked dirty (G8).
@MainActor
@Suite struct CustomDrawingTests {
    private let red = RGBA8(255, 0, 0)
    private let blue = RGBA8(0, 0, 255)
    private let white = RGBA8(255, 255, 255)

    private func frames(of recorder: Recorder, size: CGSize, duration: TimeInterval) throws -> [Bitmap] {
        let sink = BitmapCollector(width: Int(size.width), height: Int(size.height))
        try recorder.render(duration: duration, into: sink)
        return sink.frames.map(\.bitmap)
    }

    @Test func aLayersDrawRunsOnceAcross60FramesOfMovingItAndOnceMoreAfterSetNeedsDisplay_G8() throws {
        let size = CGSize(width: 120, height: 40)
        let recorder = Recorder(size: size, fps: 60)
        let layer = CountingLayer()
        layer.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
        recorder.rootView.layer.addSublayer(layer)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 100
        move.duration = 1
        layer.add(move, forKey: "move")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.5
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        var drawsBeforeRedraw = -1
        recorder.at(59.0 / 60) { drawsBeforeRedraw = layer.draws }
        recorder.at(1) { layer.setNeedsDisplay() }

        let frames = try frames(of: recorder, size: size, duration: 1)

        #expect(frames.count == 61)
        #expect(drawsBeforeRedraw == 1, "drawn once when first shown, reused while moving and fading")
        #expect(layer.draws == 2, "exactly one more draw after setNeedsDisplay")
        #expect(frames[0][10, 20] == red)
        #expect(frames[30][50, 20].r > 200, "the cached drawing moves with the layer")
    }

    @Test func aTransformOrBoundsChangeDoesNotRedrawUnlessNeedsDisplayOnBoundsChange_G8() throws {
        let recorder = Recorder(size: CGSize(width: 40, height: 40))
        let layer = CountingLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        recorder.rootView.layer.addSublayer(layer)
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        recorder.rootView.addSubview(view)
        recorder.at(0.1) {
            layer.transform = CATransform3DMakeScale(2, 2, 1)
            layer.bounds.size = CGSize(width: 30, height: 30)
            view.bounds.size = CGSize(width: 30, height: 30)
        }
        recorder.at(0.2) {
            layer.needsDisplayOnBoundsChange = true
            view.contentMode = .redraw
            layer.bounds.size = CGSize(width: 10, height: 10)
            view.bounds.size = CGSize(width: 10, height: 10)
        }

        _ = try frames(of: recorder, size: CGSize(width: 40, height: 40), duration: 0.5)

        #expect(layer.draws == 2)
        #expect(view.draws == 2)
    }

    @Test func aViewsDrawRunsOnceWithTheCurrentContextAndAgainAfterSetNeedsDisplay_G8() throws {
        let size = CGSize(width: 60, height: 40)
        let recorder = Recorder(size: size, fps: 60)
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        recorder.rootView.addSubview(view)
        var contextDuringDraw: Bool?
        recorder.at(0) { contextDuringDraw = UIGraphicsGetCurrentContext() != nil }
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 40, y: 20); view.alpha = 0.8 }
        recorder.at(0.5) { view.setNeedsDisplay() }

        let frames = try frames(of: recorder, size: size, duration: 1)

        #expect(frames.count == 61)
        #expect(view.draws == 2)
        #expect(contextDuringDraw == false, "no current context outside draw(_:)")
        #expect(frames[0][4, 15] == white, "inset by 5: not drawn at x = 4")
        #expect(frames[0][5, 15] == blue)
    }

    @Test func theDisplayListReplaysFillsStrokesGradientsAndText_G8() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let context = CGContext(bounds: layer.bounds)
        context.setFillColor(UIColor.red.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        context.setStrokeColor(UIColor.blue.cgColor)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 30, y: 10))
        context.addLine(to: CGPoint(x: 60, y: 10))
        context.strokePath()
        context.saveGState()
        context.clip(to: CGRect(x: 70, y: 0, width: 30, height: 20))
        context.drawLinearGradient(CGGradient(colors: [.black, .white])!, start: CGPoint(x: 70, y: 0),
                                   end: CGPoint(x: 100, y: 0), options: [])
        context.restoreGState()
        context.drawText("Hi", at: CGPoint(x: 0, y: 30), fontSize: 20, color: .black)
        let tree = RenderTree(size: CGSize(width: 100, height: 60), scale: 1, background: .white,
                              root: RenderLayer(position: CGPoint(x: 50, y: 30), bounds: layer.bounds,
                                                content: .drawing(context.makeDisplayList())))

        let frame = try Compositor(rasterCache: RasterCache()).render(tree)

        #expect(frame[10, 10] == red, "filled rect")
        #expect(frame[21, 10] == white)
        #expect(frame[45, 10] == blue, "stroked line, 4 wide")
        #expect(frame[45, 13] == white)
        #expect(frame[71, 10].r < 30, "gradient starts black")
        #expect(frame[98, 10].r > 225, "and ends white")
        #expect(frame[71, 25] == white, "clip restored: the gradient stays in its rect")
        let ink = (0..<30).flatMap { x in (30..<60).map { y in frame[x, y] } }.filter { $0.r < 128 }
        #expect(ink.count > 20, "text ink present")
    }
}

/// shouldRasterize caches a subtree's pixels without changing them (R2).
@MainActor
@Suite struct RasterizationTests {
    /// A card with a drawn badge and a sublayer, animated by position and opacity.
    private func trees(rasterize: Bool) -> [RenderTree] {
        let runLoop = VirtualRunLoop()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        runLoop.rootLayers = [root]
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
        card.backgroundColor = UIColor.systemBlue.cgColor
        card.cornerRadius = 8
        card.shouldRasterize = rasterize
        let badge = CALayer()
        badge.frame = CGRect(x: 30, y: -5, width: 24, height: 24)
        badge.backgroundColor = UIColor.red.cgColor
        badge.cornerRadius = 12
        card.addSublayer(badge)
        root.addSublayer(card)
        runLoop.performTurn {}
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 35, y: 30)
        move.toValue = CGPoint(x: 75, y: 50)
        move.duration = 1
        card.add(move, forKey: "move")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.4
        fade.duration = 1
        fade.beginTime = CACurrentMediaTime() + 0.5
        fade.fillMode = .backwards
        card.add(fade, forKey: "fade")
        return (0...20).map { frame in
            runLoop.advance(to: Double(frame) / 20)
            return RenderTree(size: CGSize(width: 120, height: 80), scale: 1, background: .white,
                              root: root.renderLayer()!)
        }
    }

    @Test func rasterizedFramesAreByteIdenticalToUnrasterizedOnesAndReuseTheCache_R2() throws {
        let plain = try trees(rasterize: false).map { try Compositor(rasterCache: RasterCache()).render($0) }
        let cache = RasterCache()
        let compositor = Compositor(rasterCache: cache)

        let rasterized = try trees(rasterize: true).map { try compositor.render($0) }
        let again = try trees(rasterize: true).map { try compositor.render($0) }

        #expect(rasterized.map(\.pixels) == plain.map(\.pixels))
        #expect(again.map(\.pixels) == rasterized.map(\.pixels), "cached frames equal freshly rasterized ones")
        #expect(cache.statistics.hits >= 21, "the second pass hits for every frame")
        #expect(cache.statistics.misses <= 21)
    }

    @Test func aStillRasterizedLayerIsRenderedOnceAndReusedOnSeveralThreads_R2() throws {
        let tree = trees(rasterize: true)[0]
        let cache = RasterCache()
        let reference = try Compositor(rasterCache: RasterCache()).render(tree).pixels
        let results = Results()

        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            results.append(try? Compositor(rasterCache: cache).render(tree).pixels)
        }

        #expect(results.all.count == 16)
        #expect(results.all.allSatisfy { $0 == reference })
        #expect(cache.statistics.hits + cache.statistics.misses == 16)
        #expect(cache.statistics.entries == 1)
    }
}

/// Frames collected from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [[UInt8]?] = []

    func append(_ frame: [UInt8]?) { lock.withLock { frames.append(frame) } }
    var all: [[UInt8]?] { lock.withLock { frames } }
}
