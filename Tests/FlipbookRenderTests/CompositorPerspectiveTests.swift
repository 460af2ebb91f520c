import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of layers in true perspective (G6: transform in 3D, sublayerTransform,
/// isDoubleSided; R1 in docs/behaviours.md: a projective subtree is warped), on render trees
/// built by hand: a 100×100 red square, with a blue stripe on its left fifth, centred in
/// a 200×200 container whose sublayerTransform has m34 = −1/500.
@Suite struct CompositorPerspectiveTests {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let canvas = CGSize(width: 200, height: 200)

    private var perspective: CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        return t
    }

    /// The square with `transform`, in the container with `sublayerTransform`.
    private func square(_ transform: CATransform3D, isDoubleSided: Bool = true) -> RenderLayer {
        let stripe = RenderLayer(position: CGPoint(x: 10, y: 50), bounds: CGRect(x: 0, y: 0, width: 20, height: 100),
                                 backgroundColor: blue)
        return RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                           transform: transform, backgroundColor: red, isDoubleSided: isDoubleSided,
                           sublayers: [stripe])
    }

    /// `layers` in the container with `sublayerTransform` (by default the perspective).
    private func tree(_ layers: [RenderLayer], sublayerTransform: CATransform3D? = nil,
                      scale: CGFloat = 1) -> RenderTree {
        let container = RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(origin: .zero, size: canvas),
                                    sublayerTransform: sublayerTransform ?? perspective, sublayers: layers)
        let root = RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(origin: .zero, size: canvas),
                               sublayers: [container])
        return RenderTree(size: canvas, scale: scale, background: .white, root: root)
    }

    private func render(_ layers: [RenderLayer], sublayerTransform: CATransform3D? = nil,
                        scale: CGFloat = 1) throws -> Bitmap {
        try Compositor().render(tree(layers, sublayerTransform: sublayerTransform, scale: scale))
    }

    /// How much of column `x` is covered by colour: the sum over the column of how far
    /// each pixel's green is from white's (red and blue both have none).
    private func coveredHeight(_ bitmap: Bitmap, column x: Int) -> Double {
        (0..<bitmap.height).reduce(0) { $0 + Double(255 - Int(bitmap[x, $1].g)) / 255 }
    }

    private func coveredArea(_ bitmap: Bitmap) -> Double {
        (0..<bitmap.width).reduce(0) { $0 + coveredHeight(bitmap, column: $1) }
    }

    /// The first and last columns with at least half a pixel covered.
    private func coveredColumns(_ bitmap: Bitmap) -> ClosedRange<Int>? {
        let columns = (0..<bitmap.width).filter { coveredHeight(bitmap, column: $0) >= 0.5 }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test func testRotationAboutYInPerspectiveIsATrapezoidWithTheNearEdgeTaller_G6() throws {
        let frame = try render([square(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))])

        // Turning by +60° about y brings the left edge (x = −50) to z = 50·sin 60° ≈ 43.3,
        // W = 1 − z/500 ≈ 0.913: it spans 109.5 points at x ≈ 72.6. The right edge goes
        // back to W ≈ 1.087: 92 points at x ≈ 123. In between, the height at column
        // centre X is 100·(1 − 0.003464·(X − 100)).
        let near = coveredHeight(frame, column: 75), far = coveredHeight(frame, column: 120)
        #expect(abs(near - 108.5) < 1.5, "near column height \(near)")
        #expect(abs(far - 92.9) < 1.5, "far column height \(far)")
        let columns = try #require(coveredColumns(frame))
        #expect(abs(columns.lowerBound - 73) <= 1 && abs(columns.upperBound - 122) <= 1, "columns \(columns)")
        // Straight edges: the height changes linearly across the square.
        let middle = coveredHeight(frame, column: 100)
        #expect(abs(middle - 99.8) < 1.5, "middle column height \(middle)")
        // The stripe on the left fifth stays on the near side.
        #expect(frame[76, 100].b > 200 && frame[76, 100].r < 50)
        #expect(frame[110, 100].r > 200 && frame[110, 100].b < 50)
    }

    @Test func testRotationAboutXInPerspectiveMakesTheNearEdgeWider_G6() throws {
        let frame = try render([square(CATransform3DMakeRotation(.pi / 3, 1, 0, 0))])

        // +60° about x sends y to z = y·sin 60°: the bottom edge comes forward.
        func width(_ y: Int) -> Int { (0..<200).filter { frame[$0, y].g < 128 }.count }
        #expect(width(121) > width(79) + 10, "bottom \(width(121)), top \(width(79))")
    }

    @Test func testRotationByANinetyDegreesIsEdgeOnAndDrawsAlmostNothing_G6() throws {
        let frame = try render([square(CATransform3DMakeRotation(.pi / 2, 0, 1, 0))])

        #expect(coveredArea(frame) < 100, "covered \(coveredArea(frame))")
    }

    @Test func testNotDoubleSidedHidesALayerTurnedAway_G6() throws {
        let turned = CATransform3DMakeRotation(.pi, 0, 1, 0)

        let hidden = try render([square(turned, isDoubleSided: false)])
        let shown = try render([square(turned, isDoubleSided: true)])

        #expect(coveredArea(hidden) == 0)
        // Shown from the back it is mirrored: the stripe is on the right.
        #expect(shown[60, 100].r > 200 && shown[60, 100].b < 50)
        #expect(shown[140, 100].b > 200 && shown[140, 100].r < 50)
    }

    @Test func testNotDoubleSidedStillDrawsALayerTurnedLessThanNinetyDegrees_G6() throws {
        let frame = try render([square(CATransform3DMakeRotation(.pi / 3, 0, 1, 0), isDoubleSided: false)])

        #expect(coveredHeight(frame, column: 100) > 90)
    }

    @Test func testAffineLayersUnderAPerspectiveRenderAsWithoutIt_G6() throws {
        // Flat layers (turned about z, scaled, translucent, bordered) are not affected by
        // m34: z stays 0. They take the affine path and give the very same bytes.
        let turned = RenderLayer(position: CGPoint(x: 70, y: 80), bounds: CGRect(x: 0, y: 0, width: 80, height: 50),
                                 transform: CATransform3DMakeRotation(0.3, 0, 0, 1), opacity: 0.6,
                                 backgroundColor: red, cornerRadius: 8, borderWidth: 3, borderColor: blue,
                                 sublayers: [square(CATransform3DMakeScale(0.2, 0.2, 1))])
        let scaled = square(CATransform3DScale(CATransform3DMakeTranslation(30, 40, 0), 0.5, 0.7, 1))

        let flat = try render([turned, scaled], sublayerTransform: .identity, scale: 2)
        let inPerspective = try render([turned, scaled], scale: 2)

        #expect(flat == inPerspective)
    }

    @Test func testALayerPartlyBehindTheViewerIsCutAtTheViewer_G6() throws {
        // Eye distance 60: turned 80° about y, the left half of a 200-point-wide layer
        // reaches z = 98, behind the viewer. The rest is drawn; nothing crashes.
        var strong = CATransform3DIdentity
        strong.m34 = -1.0 / 60
        let wide = RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(x: 0, y: 0, width: 200, height: 40),
                               transform: CATransform3DMakeRotation(80 * .pi / 180, 0, 1, 0), backgroundColor: red)

        let frame = try render([wide], sublayerTransform: strong)

        // The right edge, far back, is at x ≈ 106.6; towards the viewer the layer grows
        // past the left of the canvas.
        #expect(frame[60, 100].r > 200 && frame[60, 100].g < 50)
        #expect(frame[0, 100].r > 200 && frame[0, 100].g < 50)
        #expect(frame[110, 100].g == 255)
    }

    @Test func testALayerWhollyBehindTheViewerIsNotDrawn_G6() throws {
        let behind = square(CATransform3DMakeTranslation(0, 0, 600))

        let frame = try render([behind])

        #expect(coveredArea(frame) == 0)
    }

    @Test func testAPerspectiveTransformOnTheLayerItselfWarpsIt_G6() throws {
        // The usual iOS idiom: m34 in the layer's own transform, then the rotation.
        let own = CATransform3DRotate(perspective, .pi / 3, 0, 1, 0)

        let frame = try render([square(own)], sublayerTransform: .identity)

        #expect(coveredHeight(frame, column: 75) > coveredHeight(frame, column: 120) + 10)
    }

    @Test func testAWarpedLayerIsClippedByItsSuperlayer_G6() throws {
        let stage = RenderLayer(position: CGPoint(x: 100, y: 40), bounds: CGRect(origin: .zero, size: canvas),
                                sublayerTransform: perspective,
                                sublayers: [square(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))])
        let window = RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(x: 0, y: 0, width: 200, height: 80),
                                 masksToBounds: true, sublayers: [stage])

        let frame = try render([window], sublayerTransform: .identity)

        // The square spans y 50…150 at x = 100; the window shows y 60…140 only.
        #expect(abs(coveredHeight(frame, column: 100) - 80) < 0.5)
        #expect(frame[100, 59].g == 255 && frame[100, 140].g == 255)
        #expect(frame[100, 60].g == 0 && frame[100, 139].g == 0)
    }

    @Test func testAWarpedLayerTakesItsGroupOpacity_G6() throws {
        let translucent = RenderLayer(position: CGPoint(x: 100, y: 100), bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                      transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0), opacity: 0.5,
                                      backgroundColor: red,
                                      sublayers: [RenderLayer(position: CGPoint(x: 50, y: 50),
                                                              bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                                                              backgroundColor: red)])

        let frame = try render([translucent])

        // Red over red at half group opacity is half red, not three quarters.
        #expect(frame[100, 100].maxChannelDifference(to: RGBA8(255, 127, 127)) <= 2, "\(frame[100, 100])")
    }

    /// Transforms for a 240×180 layer on a 400×300 stage with m34 = −1/500, drawn at scale 2.
    static let projectedCases: [(name: String, position: CGPoint, transform: CATransform3D)] = [
        ("60° about y", CGPoint(x: 200, y: 150), CATransform3DMakeRotation(.pi / 3, 0, 1, 0)),
        ("−50° about x, off centre", CGPoint(x: 230, y: 120), CATransform3DMakeRotation(-50 * .pi / 180, 1, 0, 0)),
        ("70° about a diagonal", CGPoint(x: 180, y: 160), CATransform3DMakeRotation(70 * .pi / 180, 1, 1, 0)),
        ("80° about y, far off centre", CGPoint(x: 320, y: 150), CATransform3DMakeRotation(80 * .pi / 180, 0, 1, 0)),
        ("30° about x, brought forward past the canvas",
         CGPoint(x: 200, y: 150), CATransform3DTranslate(CATransform3DMakeRotation(.pi / 6, 1, 0, 0), 0, 0, 200)),
        ("scaled, turned about z and y",
         CGPoint(x: 190, y: 140), CATransform3DRotate(CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 1.3, 0.8, 1), 0.9, 0, 1, 0)),
    ]

    @Test(arguments: projectedCases.indices)
    func testAWarpedLayerCoversExactlyItsProjectedQuad_G6(_ index: Int) throws {
        let (name, position, transform) = Self.projectedCases[index]
        let size = CGSize(width: 400, height: 300), bounds = CGRect(x: 0, y: 0, width: 240, height: 180)
        let layer = RenderLayer(position: position, bounds: bounds, transform: transform, backgroundColor: red)
        let stage = RenderLayer(position: CGPoint(x: 200, y: 150), bounds: CGRect(origin: .zero, size: size),
                                sublayerTransform: perspective, sublayers: [layer])

        let frame = try Compositor().render(RenderTree(size: size, scale: 2, background: .white, root: stage))

        // Where Core Animation's matrices put the corners: own → stage (about its centre) → pixels.
        let toStage = CATransform3DMakeTranslation(-120, -90, 0)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x - 200, position.y - 150, 0))
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(200, 150, 0))
        let quad = [CGPoint(x: 0, y: 0), CGPoint(x: 240, y: 0), CGPoint(x: 240, y: 180), CGPoint(x: 0, y: 180)]
            .map { toStage.apply(to: $0) }.map { CGPoint(x: $0.x * 2, y: $0.y * 2) }
        let area = zip(quad, quad.dropFirst() + [quad[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
        // Each edge as a line n·p + c, n the unit normal pointing inwards.
        let edges = zip(quad, quad.dropFirst() + [quad[0]]).map { a, b -> (CGFloat, CGFloat, CGFloat) in
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() * (area > 0 ? 1 : -1)
            let (nx, ny) = (-(b.y - a.y) / length, (b.x - a.x) / length)
            return (nx, ny, -(nx * a.x + ny * a.y))
        }
        /// How far inside the quad a point is (negative outside), in pixels.
        func depth(_ x: CGFloat, _ y: CGFloat) -> CGFloat {
            var least = CGFloat.infinity
            for (nx, ny, c) in edges { least = min(least, nx * x + ny * y + c) }
            return least
        }
        var strays = 0, holes = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let d = depth(CGFloat(x) + 0.5, CGFloat(y) + 0.5)
                if d < -1.5, frame[x, y] != RGBA8(255, 255, 255) { strays += 1 }
                if d > 1.5, frame[x, y] != RGBA8(255, 0, 0) { holes += 1 }
            }
        }
        #expect(strays == 0, "\(name): \(strays) pixels drawn outside the projected quad")
        #expect(holes == 0, "\(name): \(holes) pixels inside the projected quad not the layer's colour")
    }

    @Test func testPerspectiveRendersTheSameBytesOnEveryThreadInAnyOrder_G6_R1() throws {
        let layers = [square(CATransform3DMakeRotation(.pi / 3, 1, 1, 0)),
                      square(CATransform3DRotate(CATransform3DMakeTranslation(20, 0, 50), 0.7, 0, 1, 0))]
        let trees = [tree(layers, scale: 2), tree([square(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))])]

        let rendered = try RenderedAcrossThreads(trees)

        #expect(rendered.differences == [])
        // Both squares cover the centre (200, 200 in pixels at scale 2) in red or blue, neither reaches a corner.
        let (both, turned) = (rendered.frames[0], rendered.frames[1])
        #expect(both[200, 200].g == 0 && both[0, 0] == RGBA8(255, 255, 255), "\(both[200, 200])")
        // Turned 60° about y, the stripe stays on the near (left) side.
        #expect(turned[76, 100].b > 200 && turned[76, 100].r < 50)
        #expect(turned[110, 100].r > 200 && turned[110, 100].b < 50)
    }
}
