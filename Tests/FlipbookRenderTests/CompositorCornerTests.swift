import FlipbookRender
import FlipbookUIKit
import Testing

/// `maskedCorners` rounds only the chosen corners of the background, the border, the
/// `masksToBounds` clip and the shadow; `cornerCurve = .continuous` draws the curve of
/// FACTS §10 (G6).
@MainActor
@Suite struct CompositorCornerTests {
    private let white = RGBA8(255, 255, 255), black = RGBA8(0, 0, 0)
    private let topLeftAndBottomRight: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]

    private func render(_ size: CGSize, _ layers: CALayer...) throws -> Bitmap {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        layers.forEach(root.addSublayer)
        return try Compositor().render(RenderTree(size: size, scale: 1, background: .white, root: root.renderLayer()!))
    }

    private func square(_ side: CGFloat, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve = .circular) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: side, height: side)
        layer.cornerRadius = radius
        layer.maskedCorners = corners
        layer.cornerCurve = curve
        return layer
    }

    /// The area the black drawing covers on the white canvas, in square points.
    private func blackArea(_ bitmap: Bitmap) -> Double {
        var area = 0.0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { area += Double(255 - bitmap[x, y].r) / 255 } }
        return area
    }

    @Test func onlyTheMaskedCornersOfTheBackgroundAreRounded_G6() throws {
        let layer = square(100, radius: 30, corners: topLeftAndBottomRight)
        layer.backgroundColor = .black

        let frame = try render(CGSize(width: 100, height: 100), layer)

        #expect(frame[1, 1] == white)
        #expect(frame[98, 98] == white)
        #expect(frame[98, 1] == black)
        #expect(frame[1, 98] == black)
        #expect(frame[50, 50] == black)
    }

    @Test func theBorderFollowsTheMaskedCorners_G6() throws {
        let layer = square(100, radius: 30, corners: [.layerMaxXMinYCorner])
        layer.borderWidth = 4
        layer.borderColor = .black

        let frame = try render(CGSize(width: 100, height: 100), layer)

        #expect(frame[1, 1] == black, "a square corner keeps its border")
        #expect(frame[98, 1] == white, "outside the rounded corner")
        #expect(frame[50, 1] == black)
        #expect(frame[50, 50] == white)
    }

    @Test func masksToBoundsClipsToTheMaskedCornersOnly_G6() throws {
        let layer = square(100, radius: 30, corners: topLeftAndBottomRight)
        layer.masksToBounds = true
        let fill = CALayer()
        fill.frame = CGRect(x: -10, y: -10, width: 120, height: 120)
        fill.backgroundColor = .black
        layer.addSublayer(fill)

        let frame = try render(CGSize(width: 100, height: 100), layer)

        #expect(frame[1, 1] == white)
        #expect(frame[98, 98] == white)
        #expect(frame[98, 1] == black)
        #expect(frame[1, 98] == black)
    }

    @Test func theShadowHasTheLayersMaskedCorners_G6() throws {
        let layer = square(100, radius: 30, corners: topLeftAndBottomRight)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 100, height: 0)

        let frame = try render(CGSize(width: 200, height: 100), layer)

        #expect(frame[101, 1] == white)
        #expect(frame[198, 1] == black)
        #expect(frame[101, 98] == black)
        #expect(frame[198, 98] == white)
    }

    @Test func continuousCornersCutTheAreaOfTheirCurve_G6() throws {
        // 200 × 200 with radius 40: the continuous corner's 1.528665 × 40 fits in half a
        // side. Each corner cuts 0.224702 r² (the area between FACTS §10's curve and the
        // corner), a circular one 1 − π/4 = 0.214602 r².
        let continuous = square(200, radius: 40, corners: CACornerMask(rawValue: 15), curve: .continuous)
        continuous.backgroundColor = .black
        let circular = square(200, radius: 40, corners: CACornerMask(rawValue: 15))
        circular.backgroundColor = .black

        let continuousArea = blackArea(try render(CGSize(width: 200, height: 200), continuous))
        let circularArea = blackArea(try render(CGSize(width: 200, height: 200), circular))

        // Cairo's coverage is sampled, so each area is a few square points off the exact
        // one; the two shapes' edges are alike, and their difference is closer.
        #expect(abs(circularArea - (40_000 - 4 * 0.214602 * 1_600)) < 10, "circular: \(circularArea)")
        #expect(abs((circularArea - continuousArea) - 4 * (0.224702 - 0.214602) * 1_600) < 4,
                "continuous \(continuousArea), circular \(circularArea)")
    }

    @Test func aContinuousCornerWithoutRoomIsDrawnCircular_G6() throws {
        // 1.528665 × 40 is more than half of 100.
        let continuous = square(100, radius: 40, corners: [.layerMinXMinYCorner], curve: .continuous)
        continuous.backgroundColor = .black
        let circular = square(100, radius: 40, corners: [.layerMinXMinYCorner])
        circular.backgroundColor = .black

        let continuousFrame = try render(CGSize(width: 100, height: 100), continuous)
        let circularFrame = try render(CGSize(width: 100, height: 100), circular)

        #expect(continuousFrame.pixels == circularFrame.pixels)
    }
}
