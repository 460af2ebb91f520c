import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// The span sampler for 3D layers (R1 in docs/behaviours.md: a projective subtree is drawn
/// flat and warped) against pixman's projective fetcher, the reference: the same frames
/// drawn both ways differ by at most `largestChannelDifference` in any channel, and their
/// edges are antialiased alike (the filter fades them over the flat image's transparent
/// margin in both).
@Suite struct ProjectiveSamplerTests {
    /// Both round the sample point to 128ths of a pixel (7-bit weights); pixman's 16.16
    /// matrix puts a point on the other side of a 128th now and then, which moves a
    /// channel by at most 2 (a weight step of 2/256 of the difference between neighbours).
    static let largestChannelDifference = 2

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let transform: CATransform3D
        var size = CGSize(width: 120, height: 90)
        var scale: CGFloat = 1
        var perspective: CGFloat = 500
        /// How the stage holding the card is drawn: straight onto the frame, in a group
        /// (half opacity over two sublayers), under a rounded clip (the sampler then
        /// draws into an image of its own that is painted), or itself turned in 3D (a warp
        /// inside a warp: the card's flat image is drawn while the stage's is in use).
        var stage: Stage = .plain
        var testDescription: String { name }
    }

    enum Stage: Sendable { case plain, group, roundedClip, turned }

    static func rotation(_ degrees: CGFloat, x: CGFloat = 0, y: CGFloat = 0, z: CGFloat = 0) -> CATransform3D {
        CATransform3DMakeRotation(degrees * .pi / 180, x, y, z)
    }

    /// A face of a cube 120 points deep turned by `degrees` about y, as a cube transition draws it.
    static func cubeFace(_ degrees: CGFloat) -> CATransform3D {
        CATransform3DTranslate(CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -60), degrees * .pi / 180, 0, 1, 0),
                               0, 0, 60)
    }

    static let cases: [Case] = [
        Case(name: "flip 10° about y", transform: rotation(10, y: 1)),
        Case(name: "flip 45° about y", transform: rotation(45, y: 1)),
        Case(name: "flip 80° about y", transform: rotation(80, y: 1)),
        Case(name: "flip 135° about y, the back", transform: rotation(135, y: 1)),
        Case(name: "flip 30° about x", transform: rotation(30, x: 1)),
        Case(name: "flip 70° about a diagonal", transform: rotation(70, x: 1, y: 1)),
        Case(name: "cube face at −60°", transform: cubeFace(-60)),
        Case(name: "cube face at 25°", transform: cubeFace(25)),
        Case(name: "cube face at 85°", transform: cubeFace(85)),
        Case(name: "nearly edge-on, 89.5°", transform: rotation(89.5, y: 1)),
        Case(name: "edge-on, 90°", transform: rotation(90, y: 1)),
        Case(name: "upside down and tilted", transform: CATransform3DRotate(rotation(180, z: 1), 0.5, 1, 0, 0)),
        Case(name: "upside down about x", transform: rotation(160, x: 1)),
        Case(name: "tiny", transform: rotation(40, y: 1), size: CGSize(width: 3, height: 2)),
        Case(name: "tiny at a tenth of a pixel per point", transform: rotation(40, y: 1), scale: 0.1),
        Case(name: "huge, running towards the horizon", transform: rotation(75, x: 1),
             size: CGSize(width: 4000, height: 4000), perspective: 300),
        Case(name: "magnified 3×", transform: rotation(35, y: 1), scale: 3),
        Case(name: "flip 50° in a group at half opacity", transform: rotation(50, y: 1), stage: .group),
        Case(name: "flip 50° under a rounded clip", transform: rotation(50, y: 1), stage: .roundedClip),
        Case(name: "cube face under a rounded clip, magnified", transform: cubeFace(30), scale: 2, stage: .roundedClip),
        Case(name: "flip 40° on a stage tilted 25° about x", transform: rotation(40, y: 1), stage: .turned),
        Case(name: "close to the viewer, past the canvas", transform: CATransform3DConcat(rotation(20, y: 1),
                                                                             CATransform3DMakeTranslation(0, 0, 300))),
    ]

    /// A card with a rounded corner, a half-transparent stripe, a round spot and a border:
    /// hard edges inside as well as around it, in `c.transform` under perspective.
    private func frame(_ c: Case, sampler: WarpSampler) throws -> Bitmap {
        let w = c.size.width, h = c.size.height
        let stripe = RenderLayer(position: CGPoint(x: w / 2, y: h / 3), bounds: CGRect(x: 0, y: 0, width: w, height: h / 6),
                                 backgroundColor: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        let spot = RenderLayer(position: CGPoint(x: w * 0.7, y: h * 0.6), bounds: CGRect(x: 0, y: 0, width: h / 3, height: h / 3),
                               backgroundColor: CGColor(red: 0, green: 0.8, blue: 0.2, alpha: 1), cornerRadius: h / 6)
        let card = RenderLayer(position: CGPoint(x: 100, y: 75), bounds: CGRect(origin: .zero, size: c.size),
                               transform: c.transform, backgroundColor: CGColor(red: 1, green: 0.2, blue: 0, alpha: 1),
                               cornerRadius: min(w, h) / 5, borderWidth: 2, borderColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                               sublayers: [stripe, spot])
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / c.perspective
        let backdrop = RenderLayer(position: CGPoint(x: 40, y: 40), bounds: CGRect(x: 0, y: 0, width: 60, height: 60),
                                   backgroundColor: CGColor(red: 0.3, green: 0.3, blue: 0.9, alpha: 0.8))
        let stage = RenderLayer(position: CGPoint(x: 100, y: 75), bounds: CGRect(x: 0, y: 0, width: 200, height: 150),
                                transform: c.stage == .turned ? CATransform3DConcat(Self.rotation(25, x: 1), perspective)
                                    : CATransform3DIdentity,
                                sublayerTransform: perspective, opacity: c.stage == .group ? 0.5 : 1,
                                cornerRadius: c.stage == .roundedClip ? 30 : 0, masksToBounds: c.stage == .roundedClip,
                                sublayers: [backdrop, card])
        let tree = RenderTree(size: CGSize(width: 200, height: 150), scale: c.scale, background: nil, root: stage)
        return try Compositor(warpSampler: sampler).render(tree)
    }

    @Test(arguments: cases)
    func testSpanSamplerMatchesPixmanWithinTwoPerChannel_R1(_ c: Case) throws {
        let pixman = try frame(c, sampler: .pixman)

        let spans = try frame(c, sampler: .spans)

        let differences = zip(pixman.pixels, spans.pixels).map { abs(Int($0) - Int($1)) }
        let largest = differences.max() ?? 0
        #expect(largest <= Self.largestChannelDifference, "largest channel difference \(largest)")
        // Edges: the coverage (alpha summed) is the same to a hundredth of a pixel per
        // 100 pixels drawn, so neither sampler drops or adds a fringe the other has.
        let alpha = { (b: Bitmap) in stride(from: 3, to: b.pixels.count, by: 4).reduce(0) { $0 + Int(b.pixels[$1]) } }
        let coverage = (pixman: Double(alpha(pixman)) / 255, spans: Double(alpha(spans)) / 255)
        #expect(abs(coverage.pixman - coverage.spans) <= 0.01 + coverage.pixman / 10_000, "coverage \(coverage)")
        // The backdrop, 60 × 60 points at alpha 0.8 (0.4 in the group), covers the same in both.
        let backdrop = 60 * 60 * 0.8 * (c.stage == .group ? 0.5 : 1) * c.scale * c.scale
        if c.name.hasPrefix("edge-on") {
            #expect(coverage.spans - backdrop < 1, "an edge-on card draws (nearly) nothing: \(coverage.spans)")
        } else {
            #expect(coverage.spans - backdrop > 0.5, "the card is drawn: \(coverage.spans)")
        }
    }

    @Test func testSpanSamplerDrawsTheSameBytesOnEveryThread_R1() async throws {
        let c = Self.cases[6]
        let first = try frame(c, sampler: .spans)

        let others = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<4 { group.addTask { try frame(c, sampler: .spans) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(others.allSatisfy { $0 == first })
    }
}
