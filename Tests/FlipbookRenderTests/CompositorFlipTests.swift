import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of the `oglFlip` transition (CA6, geometry TR4: a turn by π·p about the
/// layer's centre line with m34 = −1/500, the new content from p = ½), on a 100×60 layer
/// centred on a white 200×100 canvas whose old appearance is red and new one blue.
@Suite struct CompositorFlipTests {
    private let old = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let new = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let canvas = CGSize(width: 200, height: 100)

    private func layer(_ color: CGColor, transition: RenderLayer.Transition? = nil) -> RenderLayer {
        RenderLayer(position: CGPoint(x: 100, y: 50), bounds: CGRect(x: 0, y: 0, width: 100, height: 60),
                    backgroundColor: color, transition: transition)
    }

    private func tree(_ layer: RenderLayer) -> RenderTree {
        let root = RenderLayer(position: CGPoint(x: 100, y: 50), bounds: CGRect(origin: .zero, size: canvas),
                               sublayers: [layer])
        return RenderTree(size: canvas, scale: 1, background: .white, root: root)
    }

    private func render(_ layer: RenderLayer) throws -> Bitmap {
        try Compositor().render(tree(layer))
    }

    private func flipping(_ subtype: CATransitionSubtype, progress: Double) -> RenderLayer {
        let transition = RenderLayer.Transition(type: .oglFlip, subtype: subtype, progress: progress, old: layer(old))
        return layer(new, transition: transition)
    }

    private func renderFlip(_ subtype: CATransitionSubtype, progress: Double) throws -> Bitmap {
        try render(flipping(subtype, progress: progress))
    }

    /// How much of column `x` (or row `y`) is covered by colour, from how far green is from white's.
    private func coverage(_ bitmap: Bitmap, column x: Int) -> Double {
        (0..<bitmap.height).reduce(0) { $0 + Double(255 - Int(bitmap[x, $1].g)) / 255 }
    }

    private func coverage(_ bitmap: Bitmap, row y: Int) -> Double {
        (0..<bitmap.width).reduce(0) { $0 + Double(255 - Int(bitmap[$1, y].g)) / 255 }
    }

    private func coveredArea(_ bitmap: Bitmap) -> Double {
        (0..<bitmap.width).reduce(0) { $0 + coverage(bitmap, column: $1) }
    }

    @Test func testFlipHalfWayIsEdgeOnAndDrawsAlmostNothing_TR4() throws {
        let frame = try renderFlip(.fromLeft, progress: 0.5)

        #expect(coveredArea(frame) < 60, "covered \(coveredArea(frame)) of 6000")
    }

    @Test func testFlipFromLeftAtAQuarterShowsTheOldContentWithTheLeftEdgeNearer_TR4() throws {
        let frame = try renderFlip(.fromLeft, progress: 0.25)

        // Turned 45°, the left edge comes to z ≈ 35.4 (W ≈ 0.929) and the right edge goes
        // back as far: the edges are at x ≈ 61.9 and 133.0, and the height at column
        // centre X is 60·(1 − (X − 100)/500).
        let near = coverage(frame, column: 64), far = coverage(frame, column: 130)
        #expect(abs(near - 64.3) < 1.5, "left column \(near)")
        #expect(abs(far - 56.3) < 1.5, "right column \(far)")
        #expect(frame[100, 50] == RGBA8(255, 0, 0))
        #expect(frame[60, 50] == RGBA8(255, 255, 255) && frame[135, 50] == RGBA8(255, 255, 255))
    }

    @Test func testFlipFromLeftAtThreeQuartersShowsTheNewContentTurnedBackTheOtherWay_TR4() throws {
        let frame = try renderFlip(.fromLeft, progress: 0.75)

        // Turned −45° on its way back to facing the viewer: now the right edge is nearer.
        #expect(frame[100, 50] == RGBA8(0, 0, 255))
        #expect(coverage(frame, column: 136) > coverage(frame, column: 70) + 6)
    }

    @Test func testFlipFromRightBringsTheRightEdgeForward_TR4() throws {
        let frame = try renderFlip(.fromRight, progress: 0.25)

        #expect(frame[100, 50] == RGBA8(255, 0, 0))
        #expect(coverage(frame, column: 136) > coverage(frame, column: 70) + 6)
    }

    @Test func testFlipFromTopBringsTheTopEdgeForward_TR4() throws {
        let frame = try renderFlip(.fromTop, progress: 0.25)

        #expect(frame[100, 50] == RGBA8(255, 0, 0))
        #expect(coverage(frame, row: 31) > coverage(frame, row: 68) + 4)
    }

    @Test func testFlipFromBottomBringsTheBottomEdgeForward_TR4() throws {
        let frame = try renderFlip(.fromBottom, progress: 0.25)

        #expect(frame[100, 50] == RGBA8(255, 0, 0))
        #expect(coverage(frame, row: 68) > coverage(frame, row: 31) + 4)
    }

    @Test func testFlipStartsAsTheOldAndEndsAsTheNewAppearanceExactly_TR4() throws {
        let start = try renderFlip(.fromLeft, progress: 0)
        let end = try renderFlip(.fromTop, progress: 1)

        #expect(start == (try render(layer(old))))
        #expect(end == (try render(layer(new))))
    }

    @Test func testFlipRendersTheSameBytesOnEveryThreadInAnyOrder_TR4_R1() throws {
        let trees = [0.25, 0.3, 0.75].map { tree(flipping(.fromLeft, progress: $0)) }

        let rendered = try RenderedAcrossThreads(trees)

        #expect(rendered.differences == [])
        #expect(rendered.frames.map { $0[100, 50] } == [RGBA8(255, 0, 0), RGBA8(255, 0, 0), RGBA8(0, 0, 255)],
                "the old content before half-way, the new after")
        #expect(rendered.frames.allSatisfy { $0[0, 0] == RGBA8(255, 255, 255) })
    }
}
