import FlipbookRender
import FlipbookScene
import Foundation
import Testing

/// A 3D layer's flat image is drawn in bands, each under a clip to its rows, where its
/// subtree draws alike that way (R1): the frames are byte for byte those of drawing each
/// flat image whole (`WarpSampler.spansOfWholeImages`), for every kind of content a band
/// may hold and for kinds that make the image be drawn whole.
@MainActor
@Suite struct FlatImageBandsTests {
    /// A scene file name in `scenes/content/`, so `images/…` paths resolve to the test images.
    private let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scenes/content/test.yaml").standardized.path

    /// A card 300 × 700 points at scale 2 (a flat image of about 3.4 MB, fourteen bands)
    /// turning about y, rounded and clipped to its bounds, holding `sublayers` (scene YAML lines).
    private func frames(holding sublayers: String, sampler: WarpSampler) throws -> [Bitmap] {
        let scene = try SceneLoader.load(yaml: """
            flipbook: 1
            canvas: {size: [340, 740], scale: 2, fps: 10, duration: 1, background: "#F2F2F7"}
            layers:
              - {id: stage, frame: [0, 0, 340, 740], sublayerTransform: [{perspective: 800}]}
              - {id: card, superlayer: stage, frame: [20, 20, 300, 700], backgroundColor: systemBlue, cornerRadius: 36,
                 masksToBounds: true, borderWidth: 3, borderColor: black}
            \(sublayers)
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: card, key: turn, animation:
                      {class: CABasicAnimation, keyPath: transform, fromValue: [{rotateY: -50deg}],
                       toValue: [{rotateY: 40deg}], duration: 1}}
            """, file: file)
        let run = SceneRun(scene: scene)
        let compositor = Compositor(warpSampler: sampler)
        return try [0, 7].map { frame in
            run.advance(to: Double(frame) / 10)
            return try compositor.render(run.renderTree())
        }
    }

    nonisolated static let contents: [String] = [
        // Fills, rounded and not, half transparent, and a sublayer turned about z (affine).
        """
          - {id: bar, superlayer: card, frame: [20, 40, 260, 60], backgroundColor: white, cornerRadius: 12}
          - {id: veil, superlayer: card, frame: [-30, 300, 200, 200], backgroundColor: "#FF000080", transform: [{rotateZ: 20deg}]}
          - {id: frame, superlayer: card, frame: [40, 520, 220, 120], borderWidth: 5, borderColor: systemOrange, cornerRadius: 30}
        """,
        // Text.
        """
          - {id: title, superlayer: card, class: CATextLayer, frame: [20, 20, 260, 44], string: "Bands", fontSize: 30, foregroundColor: white}
        """,
        // A shape.
        """
          - {id: star, superlayer: card, class: CAShapeLayer, frame: [0, 360, 300, 200], fillColor: systemYellow, strokeColor: black, lineWidth: 4,
             path: "M150 10 L180 100 L270 100 L200 150 L230 190 L150 160 L70 190 L100 150 L30 100 L120 100 Z"}
        """,
        // Drawn whole: a gradient and an image, which pixman samples from where the clip
        // starts (drawn in bands, some of their pixels differ).
        """
          - {id: shade, superlayer: card, class: CAGradientLayer, frame: [0, 100, 300, 250], colors: [systemPink, "#00000000"], startPoint: [0, 0], endPoint: [1, 1]}
        """,
        """
          - {id: picture, superlayer: card, frame: [60, 570, 180, 110], contents: images/quad-4x4.png}
        """,
    ]

    @Test(arguments: contents)
    func testFlatImageDrawnInBandsGivesTheBytesOfDrawingItWhole_R1(_ sublayers: String) throws {
        let whole = try frames(holding: sublayers, sampler: .spansOfWholeImages)

        let banded = try frames(holding: sublayers, sampler: .spans)

        #expect(banded.count == whole.count)
        for (index, (frame, reference)) in zip(banded, whole).enumerated() {
            #expect(frame == reference, "frame \(index) differs from the flat images drawn whole")
        }
    }
}
