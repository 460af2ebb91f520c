import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// Pixel checks of the page-curl transitions (TR4: `pageCurl` is UIKit's curlUp,
/// `pageUnCurl` its curlDown), on render trees built by hand: a 100×40 layer whose old
/// appearance is red and new appearance blue, on a white canvas.
@Suite struct CompositorCurlTests {
    private let red = RGBA8(255, 0, 0), blue = RGBA8(0, 0, 255), white = RGBA8(255, 255, 255)
    private let old = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let new = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let bounds = CGRect(x: 0, y: 0, width: 100, height: 40)

    /// A tree with `layer` on a white canvas of `canvas` points.
    private func tree(_ layer: RenderLayer, canvas: CGSize = CGSize(width: 100, height: 40),
                      scale: CGFloat = 1) -> RenderTree {
        let root = RenderLayer(position: CGPoint(x: canvas.width / 2, y: canvas.height / 2),
                               bounds: CGRect(origin: .zero, size: canvas), sublayers: [layer])
        return RenderTree(size: canvas, scale: scale, background: .white, root: root)
    }

    /// The layer, with its frame's origin at `origin`, changing from red to blue by a
    /// `type` transition at `progress`; with `marked`, both appearances carry a black
    /// bar sticking out below the bounds.
    private func curling(_ type: CATransitionType, progress: Double, origin: CGPoint = .zero,
                         marked: Bool = false) -> RenderLayer {
        let before = appearance(old, origin: origin, marked: marked)
        return appearance(new, origin: origin, marked: marked,
                          transition: RenderLayer.Transition(type: type, subtype: .fromLeft,
                                                             progress: progress, old: before))
    }

    private func appearance(_ color: CGColor, origin: CGPoint = .zero, marked: Bool = false,
                            transition: RenderLayer.Transition? = nil) -> RenderLayer {
        let bar = RenderLayer(position: CGPoint(x: 50, y: 45), bounds: CGRect(x: 0, y: 0, width: 80, height: 20),
                              backgroundColor: .black)
        return RenderLayer(position: CGPoint(x: origin.x + 50, y: origin.y + 20), bounds: bounds,
                           backgroundColor: color, sublayers: marked ? [bar] : [], transition: transition)
    }

    private func render(_ layer: RenderLayer, canvas: CGSize = CGSize(width: 100, height: 40),
                        scale: CGFloat = 1) throws -> Bitmap {
        try Compositor().render(tree(layer, canvas: canvas, scale: scale))
    }

    /// Whether `pixel` is `color` washed part of the way (not all the way) toward white:
    /// the page's underside.
    private func isWashedOut(_ pixel: RGBA8, from color: RGBA8) -> Bool {
        let channels = [(pixel.r, color.r), (pixel.g, color.g), (pixel.b, color.b)]
        let lifts = channels.filter { $0.1 == 0 }.map { Int($0.0) }
        return channels.allSatisfy { $0.1 == 0 || $0.0 >= 250 }
            && lifts.allSatisfy { (60...235).contains($0) } && lifts.max()! - lifts.min()! <= 2
    }

    /// The rows of column `x` whose pixels satisfy `test`.
    private func rows(of bitmap: Bitmap, x: Int, where test: (RGBA8) -> Bool) -> [Int] {
        (0..<bitmap.height).filter { test(bitmap[x, $0]) }
    }

    @Test(arguments: [CATransitionType.pageCurl, .pageUnCurl], [CGFloat(1), 2])
    func testCurlAtTheEndsDrawsOnlyTheOldOrOnlyTheNewLayer_TR4(type: CATransitionType, scale: CGFloat) throws {
        let canvas = CGSize(width: 160, height: 80)
        let origin = CGPoint(x: 30, y: 10)

        let start = try render(curling(type, progress: 0, origin: origin, marked: true), canvas: canvas, scale: scale)
        let end = try render(curling(type, progress: 1, origin: origin, marked: true), canvas: canvas, scale: scale)
        let oldAlone = try render(appearance(old, origin: origin, marked: true), canvas: canvas, scale: scale)
        let newAlone = try render(appearance(new, origin: origin, marked: true), canvas: canvas, scale: scale)

        // Including the bar the layers draw below their bounds.
        #expect(start == oldAlone)
        #expect(end == newAlone)
    }

    @Test(arguments: [CATransitionType.pageCurl, .pageUnCurl])
    func testCurlStartsAndEndsWithoutAJump_TR4(type: CATransitionType) throws {
        let justStarted = try render(curling(type, progress: 0.005), scale: 2)
        let nearlyDone = try render(curling(type, progress: 0.995), scale: 2)
        let oldAlone = try render(appearance(old), scale: 2)
        let newAlone = try render(appearance(new), scale: 2)

        // Only a few pixels at the corner where the curl comes or goes differ noticeably.
        #expect(pixelsDiffering(justStarted, oldAlone, byMoreThan: 8) <= 4)
        #expect(pixelsDiffering(nearlyDone, newAlone, byMoreThan: 8) <= 4)
    }

    @Test func testCurlUpHalfWayUncoversTheNewContentBelowTheCurledOldPage_TR4() throws {
        let frame = try render(curling(.pageCurl, progress: 0.5))

        // Columns left of, at and right of the middle: old on top, new at the bottom, and
        // the old page's washed-out underside between them, above the new content.
        for x in [20, 50, 80] {
            #expect(frame[x, 0] == red, "column \(x)")
            #expect(frame[x, 39] == blue, "column \(x)")
            let underside = rows(of: frame, x: x) { isWashedOut($0, from: red) }
            let uncovered = rows(of: frame, x: x) { $0 == blue }
            #expect(!underside.isEmpty, "column \(x) shows no underside")
            #expect((underside.max() ?? 40) < (uncovered.min() ?? 0), "column \(x)")
        }
    }

    @Test func testCurlUpStartsAtTheBottomRightCorner_TR4() throws {
        let frame = try render(curling(.pageCurl, progress: 0.2))

        // The tilted curl line reaches the bottom-right corner first; the new content
        // there lies in the curl's shadow, darker but still pure blue.
        let corner = frame[99, 39]
        #expect(corner.r == 0 && corner.g == 0 && corner.b > 100, "\(corner)")
        #expect(frame[0, 39] == red)
        #expect(frame[50, 0] == red)
    }

    @Test func testCurlDownHalfWayShowsTheNewPageOnTopAndTheOldBelow_TR4() throws {
        let frame = try render(curling(.pageUnCurl, progress: 0.5))

        for x in [20, 50, 80] {
            #expect(frame[x, 0] == blue, "column \(x)")
            #expect(frame[x, 39] == red, "column \(x)")
            let underside = rows(of: frame, x: x) { isWashedOut($0, from: blue) }
            #expect(!underside.isEmpty, "column \(x) shows no underside")
        }
    }

    @Test func testTheFlatPartOfThePageShrinksAsACurlUpGoesOnAndGrowsAsACurlDownDoes_TR4() throws {
        let progresses = stride(from: 0.0, through: 1.0, by: 0.125)

        let upFrames = try progresses.map { try render(curling(.pageCurl, progress: $0)) }
        let downFrames = try progresses.map { try render(curling(.pageUnCurl, progress: $0)) }

        // The flat part of the curling page only ever shrinks (curlUp, the old page) or
        // grows (curlDown, the new page).
        let flatOld = upFrames.map { count(red, in: $0) }
        let flatNew = downFrames.map { count(blue, in: $0) }
        #expect(flatOld == flatOld.sorted(by: >), "\(flatOld)")
        #expect(flatNew == flatNew.sorted(), "\(flatNew)")
        #expect(flatOld.first == 4000 && flatOld.last == 0)
        #expect(flatNew.first == 0 && flatNew.last == 4000)
    }

    @Test func testCurlDrawsNothingOutsideTheLayerBounds_TR4() throws {
        let canvas = CGSize(width: 160, height: 80)
        let frame = CGRect(x: 30, y: 20, width: 100, height: 40)

        let bitmaps = try [0.25, 0.5, 0.75, 0.95].flatMap { progress in
            try [CATransitionType.pageCurl, .pageUnCurl].map {
                try render(curling($0, progress: progress, origin: frame.origin), canvas: canvas)
            }
        }

        for bitmap in bitmaps {
            let outside = (0..<80).flatMap { y in (0..<160).map { (x: $0, y: y) } }
                .filter { !frame.contains(CGPoint(x: Double($0.x) + 0.5, y: Double($0.y) + 0.5)) }
            #expect(outside.allSatisfy { bitmap[$0.x, $0.y] == white })
        }
    }

    @Test func testCurlRendersTheSameBytesOnEveryThreadInAnyOrder_TR4_R1() throws {
        let trees = [tree(curling(.pageCurl, progress: 0.4, marked: true), scale: 2),
                     tree(curling(.pageCurl, progress: 0.5)), tree(curling(.pageUnCurl, progress: 0.5))]

        let rendered = try RenderedAcrossThreads(trees)

        #expect(rendered.differences == [])
        // The top left of the old page is still flat at 0.4 (at 40, 0 in pixels at scale 2); half-way
        // a curl up has the old page on top and the new at the bottom, a curl down the other way round.
        #expect(rendered.frames[0][40, 0] == red)
        #expect(rendered.frames[1][50, 0] == red && rendered.frames[1][50, 39] == blue)
        #expect(rendered.frames[2][50, 0] == blue && rendered.frames[2][50, 39] == red)
    }

    private func pixelsDiffering(_ a: Bitmap, _ b: Bitmap, byMoreThan tolerance: Int) -> Int {
        (0..<a.height).reduce(0) { total, y in
            total + (0..<a.width).filter { a[$0, y].maxChannelDifference(to: b[$0, y]) > tolerance }.count
        }
    }

    private func count(_ color: RGBA8, in bitmap: Bitmap) -> Int {
        (0..<bitmap.height).reduce(0) { total, y in
            total + (0..<bitmap.width).filter { bitmap[$0, y] == color }.count
        }
    }
}
