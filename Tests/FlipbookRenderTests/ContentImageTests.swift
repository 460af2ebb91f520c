import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// Pixel checks of layer `contents` (G7): where contentsGravity puts an image's known
/// pixels, what contentsRect shows, and UIImageView's frame animation over time.
@MainActor
@Suite struct ContentImageTests {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// Red, green / blue, yellow: one pixel each.
    private var quad: CGImage { CGImage(width: 2, height: 2, colors: [red, green, blue, yellow]) }

    /// A 100×60 layer at the canvas origin showing `image`, rendered on white.
    private func render(_ image: CGImage, gravity: CALayerContentsGravity, scale: CGFloat = 0.1,
                        contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) throws -> Frame {
        _ = VirtualRunLoop()  // a fresh run loop, current from here
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        layer.contents = image
        layer.contentsGravity = gravity
        layer.contentsScale = scale
        layer.contentsRect = contentsRect
        let root = RenderLayer(position: CGPoint(x: 50, y: 30), bounds: CGRect(x: 0, y: 0, width: 100, height: 60),
                               sublayers: [layer.renderLayer()!])
        return Frame(bitmap: try Compositor().render(RenderTree(size: CGSize(width: 100, height: 60), scale: 1,
                                                                background: .white, root: root)))
    }

    /// Bilinear filtering blends between pixel centres, so checks sample where a 10-point
    /// image pixel is pure: its outer half, beyond its centre.
    private func isColor(_ frame: Frame, _ x: Int, _ y: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool {
        frame.bitmap[x, y].maxChannelDifference(to: RGBA8(r, g, b)) <= 2
    }

    /// A rendered frame that failed expectations describe by its size, not its bytes.
    struct Frame: CustomStringConvertible {
        let bitmap: Bitmap
        var description: String { "\(bitmap.width)×\(bitmap.height) frame" }
    }

    @Test func centerGravityPutsTheImageInTheMiddleAtItsSize_G7() throws {
        let bitmap = try render(quad, gravity: .center)  // 2 px at scale 0.1: 20×20 points

        #expect(isColor(bitmap, 42, 22, 255, 0, 0))
        #expect(isColor(bitmap, 57, 22, 0, 255, 0))
        #expect(isColor(bitmap, 42, 37, 0, 0, 255))
        #expect(isColor(bitmap, 57, 37, 255, 255, 0))
        #expect(isColor(bitmap, 35, 30, 255, 255, 255))
        #expect(isColor(bitmap, 50, 15, 255, 255, 255))
    }

    @Test func topLeftAndBottomRightGravityPinTheImageToThoseCorners_G7() throws {
        let topLeft = try render(quad, gravity: .topLeft)
        let bottomRight = try render(quad, gravity: .bottomRight)

        #expect(isColor(topLeft, 2, 2, 255, 0, 0))
        #expect(isColor(topLeft, 17, 17, 255, 255, 0))
        #expect(isColor(topLeft, 25, 5, 255, 255, 255))
        #expect(isColor(bottomRight, 82, 42, 255, 0, 0))
        #expect(isColor(bottomRight, 97, 57, 255, 255, 0))
        #expect(isColor(bottomRight, 75, 55, 255, 255, 255))
    }

    @Test func resizeStretchesTheImageOverTheBounds_G7() throws {
        let bitmap = try render(quad, gravity: .resize)

        #expect(isColor(bitmap, 10, 5, 255, 0, 0))
        #expect(isColor(bitmap, 90, 5, 0, 255, 0))
        #expect(isColor(bitmap, 10, 55, 0, 0, 255))
        #expect(isColor(bitmap, 90, 55, 255, 255, 0))
    }

    @Test func resizeAspectLetterboxesAWideImage_G7() throws {
        let wide = CGImage(width: 2, height: 1, colors: [red, blue])  // 100×50 in 100×60: bars of 5 above and below

        let bitmap = try render(wide, gravity: .resizeAspect)

        #expect(isColor(bitmap, 50, 2, 255, 255, 255))
        #expect(isColor(bitmap, 50, 57, 255, 255, 255))
        #expect(isColor(bitmap, 20, 30, 255, 0, 0))
        #expect(isColor(bitmap, 80, 30, 0, 0, 255))
    }

    @Test func contentsRectShowsOnlyItsPartOfTheImage_G7() throws {
        let bitmap = try render(quad, gravity: .resize, contentsRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5))

        for (x, y) in [(2, 2), (50, 30), (97, 57), (2, 57)] {
            #expect(isColor(bitmap, x, y, 0, 255, 0), "pixel (\(x), \(y))")
        }
    }

    @Test func imageViewCyclesItsFramesAndShowsItsImageWhenDone_G7() throws {
        let runLoop = VirtualRunLoop()
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        runLoop.rootLayers = [window.layer]
        let view = UIImageView(frame: window.bounds)
        view.image = UIImage(cgImage: CGImage(width: 1, height: 1, colors: [yellow]))
        view.animationImages = [red, green, blue].map { UIImage(cgImage: CGImage(width: 1, height: 1, colors: [$0])) }
        view.animationDuration = 0.3
        view.animationRepeatCount = 2
        window.addSubview(view)
        runLoop.performTurn { view.startAnimating() }
        func centre(at t: Double) throws -> RGBA8 {
            runLoop.advance(to: t)
            let tree = RenderTree(size: window.bounds.size, scale: 1, background: .white, root: window.layer.renderLayer()!)
            return try Compositor().render(tree)[10, 10]
        }

        let shown = try [0.05, 0.15, 0.25, 0.35, 0.55, 0.65].map { try centre(at: $0) }

        #expect(shown == [RGBA8(255, 0, 0), RGBA8(0, 255, 0), RGBA8(0, 0, 255),
                          RGBA8(255, 0, 0), RGBA8(0, 0, 255), RGBA8(255, 255, 0)])
        #expect(!view.isAnimating)
    }

    @Test func contentModeMapsToTheLayersContentsGravity_G7() {
        let view = UIImageView()

        view.contentMode = .scaleAspectFit

        #expect(view.layer.contentsGravity == .resizeAspect)
        #expect(UIView.ContentMode.scaleAspectFill.contentsGravity == .resizeAspectFill)
        #expect(UIView.ContentMode.topLeft.contentsGravity == .topLeft)
        #expect(UIImageView().layer.contentsGravity == .resize)
    }
}
