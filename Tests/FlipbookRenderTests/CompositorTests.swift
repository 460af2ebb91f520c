import FlipbookRender
import FlipbookUIKit
import Testing

/// Targeted pixel checks of the Cairo compositor, on trees built with the public API.
@MainActor
@Suite struct CompositorTests {
    private let white = RGBA8(255, 255, 255)

    /// `views` on a white canvas of `size` points at `scale`.
    private func tree(_ size: CGSize, scale: CGFloat = 1, _ views: [UIView]) -> RenderTree {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        views.forEach(root.addSubview)
        return RenderTree(size: size, scale: scale, background: .white, root: root.layer.renderLayer()!)
    }

    /// Renders `views` on a white canvas of `size` points at `scale`.
    private func render(_ size: CGSize, scale: CGFloat = 1, _ views: UIView...) throws -> Bitmap {
        try Compositor().render(tree(size, scale: scale, views))
    }

    private func assertPixel(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: RGBA8, within tolerance: Int = 0,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = bitmap[x, y]
        #expect(actual.maxChannelDifference(to: expected) <= tolerance,
                "pixel (\(x), \(y)) is \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func testPlainFillCoversExactlyItsFrame_G6() throws {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)

        let frame = try render(CGSize(width: 60, height: 80), view)

        assertPixel(frame, 10, 20, RGBA8(255, 0, 0))
        assertPixel(frame, 39, 59, RGBA8(255, 0, 0))
        assertPixel(frame, 9, 20, white)
        assertPixel(frame, 40, 59, white)
        assertPixel(frame, 39, 60, white)
    }

    @Test func testCornerRadiusOfHalfTheSideDrawsACircle_G6() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.layer.cornerRadius = 50

        let frame = try render(CGSize(width: 100, height: 100), view)

        assertPixel(frame, 50, 50, RGBA8(0, 0, 255))
        assertPixel(frame, 50, 1, RGBA8(0, 0, 255))
        assertPixel(frame, 2, 2, white)
        assertPixel(frame, 97, 97, white)
        // (50 + 35, 50 + 35) is 49.5 from the centre: inside; (50 + 36, 50 + 36) is outside.
        assertPixel(frame, 84, 84, RGBA8(0, 0, 255))
        assertPixel(frame, 87, 87, white)
    }

    @Test func testHalfOpacityBlackOverWhiteIsMidGrey_G1() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        view.backgroundColor = .black
        view.alpha = 0.5

        let frame = try render(CGSize(width: 20, height: 20), view)

        assertPixel(frame, 10, 10, RGBA8(128, 128, 128), within: 1)
    }

    @Test func testQuarterTurnRotatesAboutTheCentre_G4() throws {
        let bar = UIView(frame: CGRect(x: 30, y: 60, width: 100, height: 40))
        bar.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let marker = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 40))
        marker.backgroundColor = .black
        bar.addSubview(marker)

        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let frame = try render(CGSize(width: 160, height: 160), bar)

        // The 100×40 bar centred at (80, 80) becomes 40×100: x 60…100, y 30…130.
        assertPixel(frame, 62, 128, RGBA8(255, 0, 0))
        assertPixel(frame, 98, 32, RGBA8(0, 0, 0))
        assertPixel(frame, 35, 80, white)
        assertPixel(frame, 80, 135, white)
        // The marker at the bar's left end turns to its top end (y down, clockwise).
        assertPixel(frame, 80, 40, RGBA8(0, 0, 0))
        assertPixel(frame, 80, 120, RGBA8(255, 0, 0))
    }

    @Test func testMasksToBoundsClipsSublayersToTheRoundedBounds_G6() throws {
        let clipped = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        clipped.clipsToBounds = true
        clipped.layer.cornerRadius = 20
        let inner = UIView(frame: CGRect(x: -10, y: -10, width: 100, height: 100))
        inner.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        clipped.addSubview(inner)
        let open = UIView(frame: CGRect(x: 0, y: 60, width: 50, height: 30))
        let spill = UIView(frame: CGRect(x: 40, y: 0, width: 40, height: 30))
        spill.backgroundColor = .black
        open.addSubview(spill)

        let frame = try render(CGSize(width: 100, height: 100), clipped, open)

        assertPixel(frame, 25, 25, RGBA8(0, 255, 0))
        assertPixel(frame, 60, 25, white)
        assertPixel(frame, 1, 1, white)
        assertPixel(frame, 70, 70, RGBA8(0, 0, 0))
    }

    @Test func testBoundsOriginShiftsSublayers_G5() throws {
        let parent = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        parent.bounds = CGRect(x: 20, y: 10, width: 60, height: 60)
        let child = UIView(frame: CGRect(x: 20, y: 10, width: 10, height: 10))
        child.backgroundColor = .black
        parent.addSubview(child)

        let frame = try render(CGSize(width: 100, height: 100), parent)

        assertPixel(frame, 20, 20, RGBA8(0, 0, 0))
        assertPixel(frame, 29, 29, RGBA8(0, 0, 0))
        assertPixel(frame, 40, 30, white)
        assertPixel(frame, 30, 30, white)
    }

    @Test func testGroupOpacityDoesNotShowTheParentThroughAnOpaqueChild_G6() throws {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        parent.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        parent.alpha = 0.5
        let child = UIView(frame: CGRect(x: 20, y: 0, width: 20, height: 20))
        child.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        parent.addSubview(child)

        let frame = try render(CGSize(width: 40, height: 20), parent)

        assertPixel(frame, 10, 10, RGBA8(255, 128, 128), within: 1)
        assertPixel(frame, 30, 10, RGBA8(128, 128, 255), within: 1)
    }

    @Test func testScaleTwoDoublesThePixels() throws {
        let view = UIView(frame: CGRect(x: 10, y: 5, width: 20, height: 10))
        view.backgroundColor = .black

        let frame = try render(CGSize(width: 40, height: 20), scale: 2, view)

        #expect(frame.width == 80)
        #expect(frame.height == 40)
        assertPixel(frame, 20, 10, RGBA8(0, 0, 0))
        assertPixel(frame, 59, 29, RGBA8(0, 0, 0))
        assertPixel(frame, 19, 10, white)
        assertPixel(frame, 60, 29, white)
    }

    @Test func testShadowIsBlurredOffsetAndUnderTheLayer_G6() throws {
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = CGSize(width: 0, height: 10)

        let frame = try render(CGSize(width: 80, height: 90), card)

        assertPixel(frame, 40, 40, white)
        let below = frame[40, 63], further = frame[40, 72], side = frame[18, 40]
        #expect(below.r < 80, "straight below, inside the offset shadow: dark")
        #expect(further.r > below.r, "the blur fades with distance")
        #expect(side.r > below.r, "the shadow is offset downwards")
        assertPixel(frame, 40, 88, white, within: 1)
    }

    @Test func testAWideShadowIsTheGaussianOfItsShape_G6() throws {
        // σ = 100 px is blurred at a reduced resolution (above 64 px): compare with the
        // Gaussian of a square, Φ-differences per axis, at the shadow's centre and flanks.
        let (sigma, side, opacity) = (100.0, 60.0, 0.8)
        let card = UIView(frame: CGRect(x: 170, y: 170, width: side, height: side))
        card.backgroundColor = .clear
        card.layer.shadowPath = CGPath(rect: card.bounds, transform: nil)
        card.layer.shadowOpacity = Float(opacity)
        card.layer.shadowRadius = sigma

        let frame = try render(CGSize(width: 400, height: 400), card)

        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }
        func expected(_ x: Double, _ y: Double) -> Double {
            let (x0, x1, y0, y1) = (170 - x, 170 + side - x, 170 - y, 170 + side - y)
            let coverage = (phi(x1 / sigma) - phi(x0 / sigma)) * (phi(y1 / sigma) - phi(y0 / sigma))
            return 255 * (1 - opacity * coverage)
        }
        for (x, y) in [(200, 200), (100, 200), (200, 320), (20, 20), (380, 250)] {
            let shown = Double(frame[x, y].r)
            #expect(abs(shown - expected(Double(x) + 0.5, Double(y) + 0.5)) <= 4,
                    "(\(x), \(y)): \(shown) against \(expected(Double(x) + 0.5, Double(y) + 0.5))")
        }
    }

    @Test func testMasksToBoundsClipsTheLayersOwnShadow_G6() throws {
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowOffset = CGSize(width: 0, height: 10)
        card.clipsToBounds = true

        let frame = try render(CGSize(width: 80, height: 90), card)

        assertPixel(frame, 40, 63, white)
    }

    @Test func testMaskLayerAlphaCutsTheLayer_G6() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .black
        let mask = CALayer()
        mask.frame = CGRect(x: 20, y: 0, width: 20, height: 40)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        view.layer.mask = mask

        let frame = try render(CGSize(width: 40, height: 40), view)

        assertPixel(frame, 10, 20, white)
        assertPixel(frame, 30, 20, RGBA8(128, 128, 128), within: 1)
    }

    @Test func testMaskIgnoresSublayerTransform_G6() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .black
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
        mask.backgroundColor = .black
        view.layer.mask = mask

        view.layer.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let frame = try render(CGSize(width: 40, height: 40), view)

        assertPixel(frame, 10, 20, RGBA8(0, 0, 0))
        assertPixel(frame, 30, 20, white)
    }

    @Test func testZPositionDrawsHigherSiblingsOnTop_G6() throws {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        back.backgroundColor = .black
        let front = UIView(frame: CGRect(x: 10, y: 0, width: 20, height: 20))
        front.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        back.layer.zPosition = 1

        let frame = try render(CGSize(width: 30, height: 20), back, front)

        assertPixel(frame, 15, 10, RGBA8(0, 0, 0))
        assertPixel(frame, 25, 10, RGBA8(255, 0, 0))
    }

    @Test func testSublayerTransformAppliesAboutTheAnchorPoint_G6() throws {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .black
        parent.addSubview(child)

        parent.layer.sublayerTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let frame = try render(CGSize(width: 40, height: 40), parent)

        // Half a turn about the centre (20, 20) moves the top-left square to the bottom-right.
        assertPixel(frame, 5, 5, white)
        assertPixel(frame, 35, 35, RGBA8(0, 0, 0))
    }

    @Test func testShadowPathGivesTheShadowItsShape_G6() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 0, y: 0))
        triangle.addQuadCurve(to: CGPoint(x: 40, y: 0), control: CGPoint(x: 20, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 40))
        triangle.closeSubpath()
        view.layer.shadowPath = triangle
        view.layer.shadowOpacity = 1
        view.layer.shadowRadius = 0
        view.layer.shadowOffset = .zero

        let frame = try render(CGSize(width: 40, height: 40), view)

        assertPixel(frame, 5, 5, RGBA8(0, 0, 0))
        assertPixel(frame, 35, 35, white)
    }

    @Test func testSameTreeRendersSameBytesOnEveryThreadInAnyOrder_R1() throws {
        let view = UIView(frame: CGRect(x: 3.3, y: 4.7, width: 50, height: 30))
        view.backgroundColor = .systemPink
        view.layer.cornerRadius = 7
        view.layer.shadowOpacity = 0.4
        let trees = [(angle: 0.3, scale: 1.0), (0.3, 2), (-0.5, 1)].map { angle, scale in
            view.transform = CGAffineTransform(rotationAngle: angle)
            return tree(CGSize(width: 80, height: 60), scale: scale, [view])
        }

        let rendered = try RenderedAcrossThreads(trees)

        #expect(rendered.differences == [])
        // Turned about its centre (28.3, 19.7), the card still covers it; the far corner stays white.
        for (frame, scale) in zip(rendered.frames, [1, 2, 1]) {
            assertPixel(frame, 28 * scale, 19 * scale, RGBA8(255, 45, 85), within: 1)
            assertPixel(frame, 80 * scale - 1, 60 * scale - 1, white)
        }
    }

    @Test func testEmptyCanvasIsAnError() {
        let tree = RenderTree(size: .zero, scale: 1, background: nil, root: RenderLayer(position: .zero, bounds: .zero))

        #expect(throws: RenderError.self) { try Compositor().render(tree) }
    }
}
