@testable import FlipbookQuartz
import Foundation
import Testing

/// R1: an animated plain layer keeps what its render values show apart from their
/// placement, and hands it to every frame until one of those values changes. These tests
/// check that every such change still reaches the next frame, and that frames in which
/// nothing changed share it.
@MainActor
@Suite struct KeptAppearanceTests {
    /// Draws a square in the colour it holds when the layer is displayed.
    private final class Painter: CALayerDelegate {
        var color = CGColor.white

        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    /// A change to a layer's looks, by the name a failure shows.
    private struct Change {
        let name: String
        let apply: (CALayer, Painter) -> Void
    }

    private static let changes: [Change] = [
        Change(name: "backgroundColor") { layer, _ in layer.backgroundColor = .white },
        Change(name: "cornerRadius") { layer, _ in layer.cornerRadius = 7 },
        Change(name: "maskedCorners") { layer, _ in layer.maskedCorners = [.layerMinXMinYCorner] },
        Change(name: "cornerCurve") { layer, _ in layer.cornerCurve = .continuous },
        Change(name: "borderWidth") { layer, _ in layer.borderWidth = 3 },
        Change(name: "borderColor") { layer, _ in layer.borderColor = .white },
        Change(name: "shadowOpacity") { layer, _ in layer.shadowOpacity = 0.5 },
        Change(name: "shadowColor") { layer, _ in layer.shadowColor = .white },
        Change(name: "shadowOffset") { layer, _ in layer.shadowOffset = CGSize(width: 4, height: 5) },
        Change(name: "shadowRadius") { layer, _ in layer.shadowRadius = 9 },
        Change(name: "masksToBounds") { layer, _ in layer.masksToBounds = false },
        Change(name: "isDoubleSided") { layer, _ in layer.isDoubleSided = false },
        Change(name: "isOpaque") { layer, _ in layer.isOpaque = true },
        Change(name: "shouldRasterize") { layer, _ in layer.shouldRasterize = false },
        Change(name: "rasterizationScale") { layer, _ in layer.rasterizationScale = 3 },
        Change(name: "sublayerTransform") { layer, _ in layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1) },
        Change(name: "contents") { layer, _ in layer.contents = CGImage(width: 2, height: 2, colors: [.white, .black, .white, .black]) },
        Change(name: "setValue(_:forKey:)") { layer, _ in layer.setValue(CGColor.white, forKey: "backgroundColor") },
        Change(name: "a drawing") { layer, painter in
            layer.delegate = painter
            layer.setNeedsDisplay()
        },
        Change(name: "a new drawing") { layer, painter in
            layer.delegate = painter
            layer.setNeedsDisplay()
            painter.color = .black
        },
    ]

    /// A plain layer spinning about z under the stage's root, decorated so that each change
    /// above changes what it shows, committed. With `drawn`, `painter` has drawn it in white.
    private func spinningLayer(on stage: Stage, painter: Painter, drawn: Bool) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        layer.backgroundColor = .black
        layer.cornerRadius = 3
        layer.masksToBounds = true
        layer.shadowOpacity = 0.25
        layer.shouldRasterize = true
        if drawn { layer.delegate = painter }
        stage.root.addSublayer(layer)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        (spin.fromValue, spin.toValue, spin.duration, spin.repeatCount) = (0.0, 2 * Double.pi, 1.0, .infinity)
        stage.turn { layer.add(spin, forKey: "spin") }
        return layer
    }

    private func frame(_ stage: Stage) throws -> RenderLayer {
        try #require(stage.root.renderLayer()?.sublayers.first)
    }

    @Test func framesOfAnAnimatedLayerThatKeepsItsLooksShareThem_R1() throws {
        let stage = Stage()
        _ = spinningLayer(on: stage, painter: Painter(), drawn: true)

        stage.advance(to: 0.1)
        let first = try frame(stage)
        stage.advance(to: 0.2)
        let second = try frame(stage)

        #expect(first.transform != second.transform, "the layer turned")
        #expect(first.appearance === second.appearance)
    }

    /// Each change made between two frames shows in the second as on a twin layer changed
    /// before its first frame (which had nothing kept yet), and not as before the change.
    @Test func everyChangeToAnAnimatedLayersLooksReachesTheNextFrame_R1() throws {
        for change in Self.changes {
            let stage = Stage(), twinStage = Stage()
            let (painter, twinPainter) = (Painter(), Painter())
            // Drawn already for a new drawing, and not for contents, which a drawing hides.
            let drawn = change.name == "a new drawing"
            let layer = spinningLayer(on: stage, painter: painter, drawn: drawn)
            let twin = spinningLayer(on: twinStage, painter: twinPainter, drawn: drawn)

            stage.advance(to: 0.1)
            let before = try frame(stage).valueBits
            stage.turn {
                CATransaction.setDisableActions(true)
                change.apply(layer, painter)
            }
            twinStage.turn {
                CATransaction.setDisableActions(true)
                change.apply(twin, twinPainter)
            }
            stage.advance(to: 0.2)
            twinStage.advance(to: 0.2)
            let (after, expected) = (try frame(stage).valueBits, try frame(twinStage).valueBits)

            #expect(after == expected, "\(change.name)")
            #expect(after.dropFirst(2) != before.dropFirst(2), "\(change.name) changes what the layer shows")
        }
    }
}
