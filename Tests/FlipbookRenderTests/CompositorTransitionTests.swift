import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of how the compositor draws a layer in the middle of a `CATransition`
/// (CA6), against the geometry of FACTS §7, on render trees built by hand: a 100×40
/// layer whose old appearance is red and new appearance blue.
@Suite struct CompositorTransitionTests {
    private let red = RGBA8(255, 0, 0), blue = RGBA8(0, 0, 255), white = RGBA8(255, 255, 255)
    private let old = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let new = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Renders, on a white canvas of `canvas` points, the 100×40 layer with its frame at
    /// `origin`, changing from red to blue by a transition at `progress`; with `clip`, the
    /// layer sits (at the same place on the canvas) in a superlayer at `clip` that masks
    /// to its bounds.
    private func render(_ type: CATransitionType, _ subtype: CATransitionSubtype, progress: Double,
                        canvas: CGSize = CGSize(width: 100, height: 40), origin: CGPoint = .zero,
                        clippedTo clip: CGRect? = nil) throws -> Bitmap {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let position = CGPoint(x: origin.x + 50, y: origin.y + 20)
        let before = RenderLayer(position: position, bounds: bounds, backgroundColor: old)
        let layer = RenderLayer(position: position, bounds: bounds, backgroundColor: new,
                                transition: RenderLayer.Transition(type: type, subtype: subtype,
                                                                   progress: progress, old: before))
        var parent = layer
        if let clip {
            let inside = RenderLayer(position: CGPoint(x: position.x - clip.minX, y: position.y - clip.minY),
                                     bounds: bounds, backgroundColor: new, transition: layer.transition)
            parent = RenderLayer(position: CGPoint(x: clip.midX, y: clip.midY),
                                 bounds: CGRect(origin: .zero, size: clip.size), masksToBounds: true,
                                 sublayers: [inside])
        }
        let root = RenderLayer(position: CGPoint(x: canvas.width / 2, y: canvas.height / 2),
                               bounds: CGRect(origin: .zero, size: canvas), sublayers: [parent])
        let tree = RenderTree(size: canvas, scale: 1, background: .white, root: root)
        return try Compositor().render(tree)
    }

    private func assertPixel(_ bitmap: Bitmap, _ x: Int, _ y: Int, _ expected: RGBA8, within tolerance: Int = 0,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = bitmap[x, y]
        #expect(actual.maxChannelDifference(to: expected) <= tolerance,
                "pixel (\(x), \(y)) is \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func testPushFromRightHalfWayShowsOldOnTheLeftAndNewOnTheRight_CA6() throws {
        let frame = try render(.push, .fromRight, progress: 0.5)

        // The old content has moved left by 50 of the 100 points; the new one fills the rest.
        assertPixel(frame, 0, 20, red)
        assertPixel(frame, 49, 20, red)
        assertPixel(frame, 50, 20, blue)
        assertPixel(frame, 99, 20, blue)
    }

    @Test func testPushFromTopBringsTheNewContentDownFromAbove_CA6() throws {
        let frame = try render(.push, .fromTop, progress: 0.25)

        // d is the height, 40: the new content sits 30 above, the old 10 below.
        assertPixel(frame, 50, 0, blue)
        assertPixel(frame, 50, 9, blue)
        assertPixel(frame, 50, 10, red)
        assertPixel(frame, 50, 39, red)
    }

    @Test func testFadeHalfWayMixesOldAndNewEqually_CA6() throws {
        let frame = try render(.fade, .fromLeft, progress: 0.5)

        assertPixel(frame, 50, 20, RGBA8(128, 0, 128), within: 1)
    }

    @Test func testFadeAtTheEndsShowsOnlyOldOrOnlyNew_CA6() throws {
        let start = try render(.fade, .fromLeft, progress: 0)
        let end = try render(.fade, .fromLeft, progress: 1)

        assertPixel(start, 50, 20, red)
        assertPixel(end, 50, 20, blue)
    }

    @Test func testMoveInFromLeftSlidesTheNewContentOverTheOld_CA6() throws {
        let quarter = try render(.moveIn, .fromLeft, progress: 0.25)
        let threeQuarters = try render(.moveIn, .fromLeft, progress: 0.75)

        // The new content comes in from d·(1 − p) to the left; the old one does not move.
        assertPixel(quarter, 24, 20, blue)
        assertPixel(quarter, 25, 20, red)
        assertPixel(quarter, 99, 20, red)
        assertPixel(threeQuarters, 74, 20, blue)
        assertPixel(threeQuarters, 75, 20, red)
        assertPixel(threeQuarters, 99, 20, red)
    }

    @Test func testRevealFromBottomSlidesTheOldContentUpOffTheNew_CA6() throws {
        let frame = try render(.reveal, .fromBottom, progress: 0.5)

        assertPixel(frame, 50, 0, red)
        assertPixel(frame, 50, 19, red)
        assertPixel(frame, 50, 20, blue)
        assertPixel(frame, 50, 39, blue)
    }

    @Test func testTransitionDrawsOutsideTheBoundsUnlessTheSuperlayerClips_CA6() throws {
        let canvas = CGSize(width: 200, height: 40)
        let layerFrame = CGRect(x: 50, y: 0, width: 100, height: 40)

        let open = try render(.push, .fromRight, progress: 0.5, canvas: canvas, origin: layerFrame.origin)
        let clipped = try render(.push, .fromRight, progress: 0.5, canvas: canvas, origin: layerFrame.origin,
                                 clippedTo: layerFrame)

        // The old content moved out to x 0…50 and the new one reaches x 200.
        assertPixel(open, 25, 20, red)
        assertPixel(open, 175, 20, blue)
        assertPixel(open, 75, 20, red)
        assertPixel(open, 125, 20, blue)
        assertPixel(clipped, 25, 20, white)
        assertPixel(clipped, 175, 20, white)
        assertPixel(clipped, 75, 20, red)
        assertPixel(clipped, 125, 20, blue)
    }
}
