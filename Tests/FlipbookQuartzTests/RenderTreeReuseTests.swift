import FlipbookQuartz
import Foundation
import Testing

/// R1: frames are drawn from the presentation tree. A subtree of plain layers that nothing
/// animates is built once and handed out again while it does not change; these tests
/// check that every kind of change still reaches the next frame.
@MainActor
@Suite struct RenderTreeReuseTests {
    /// A stage whose root holds `still` (with `child`) and `other`, committed.
    private func stage() -> (Stage, still: CALayer, child: CALayer, other: CALayer) {
        let stage = Stage()
        let still = plainLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = plainLayer(CGRect(x: 10, y: 10, width: 20, height: 20))
        still.addSublayer(child)
        let other = plainLayer(CGRect(x: 200, y: 0, width: 50, height: 50))
        stage.root.addSublayer(still)
        stage.root.addSublayer(other)
        stage.turn {}
        return (stage, still, child, other)
    }

    private func plainLayer(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        return layer
    }

    private func frame(_ stage: Stage) throws -> RenderLayer {
        try #require(stage.root.renderLayer())
    }

    /// Runs `body` as a turn without implicit animations, so the change shows at once.
    private func change(_ stage: Stage, _ body: () -> Void) {
        stage.turn {
            CATransaction.setDisableActions(true)
            body()
        }
    }

    @Test func aTreeThatHoldsStillIsBuiltOnce_R1() throws {
        let (stage, _, _, _) = stage()

        let first = try frame(stage)
        stage.advance(to: 0.5)
        let second = try frame(stage)

        #expect(first === second)
    }

    @Test func aChangeRebuildsTheLayersAboveItAndKeepsItsSiblings_R1() throws {
        let (stage, _, child, _) = stage()
        let before = try frame(stage)

        change(stage) { child.backgroundColor = .black }
        let after = try frame(stage)

        #expect(after !== before)
        #expect(after.sublayers[0].sublayers[0].backgroundColor == .black)
        #expect(after.sublayers[1] === before.sublayers[1], "the other subtree did not change")
    }

    @Test func anAnimationAddedToAStillLayerIsShown_R1_CA8() throws {
        let (stage, _, _, other) = stage()
        _ = try frame(stage)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration) = (1.0, 0.0, 1.0)

        stage.turn { other.add(fade, forKey: "fade") }
        stage.advance(to: 0.25)
        let during = try frame(stage)
        stage.advance(to: 2)
        let after = try frame(stage)

        #expect(abs(during.sublayers[1].opacity - 0.75) < 1e-6)
        #expect(after.sublayers[1].opacity == 1, "removed on completion: the model again")
    }

    @Test func addingRemovingMovingAndReorderingLayersIsShown_R1() throws {
        let (stage, still, child, other) = stage()
        _ = try frame(stage)

        change(stage) { child.removeFromSuperlayer() }
        let removed = try frame(stage)
        change(stage) { still.addSublayer(child) }
        let added = try frame(stage)
        change(stage) { other.addSublayer(child) }
        let moved = try frame(stage)
        change(stage) { still.zPosition = 1 }
        let reordered = try frame(stage)

        #expect(removed.sublayers[0].sublayers.isEmpty)
        #expect(added.sublayers[0].sublayers.count == 1)
        #expect(moved.sublayers[0].sublayers.isEmpty && moved.sublayers[1].sublayers.count == 1)
        #expect(reordered.sublayers[1].bounds.width == 100, "the higher zPosition draws last")
    }

    @Test func settingChangingAndRemovingAMaskIsShown_R1() throws {
        let (stage, still, child, other) = stage()
        let mask = plainLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        _ = try frame(stage)

        change(stage) { other.mask = mask }
        let masked = try frame(stage)
        change(stage) { mask.bounds.size.width = 5 }
        let maskResized = try frame(stage)
        change(stage) { mask.removeFromSuperlayer() }
        let unmasked = try frame(stage)
        change(stage) { still.mask = child }
        let sublayerAsMask = try frame(stage)
        change(stage) { child.bounds.size.width = 7 }
        let sublayerMaskResized = try frame(stage)

        #expect(masked.sublayers[1].mask?.bounds.width == 10)
        #expect(maskResized.sublayers[1].mask?.bounds.width == 5)
        #expect(unmasked.sublayers[1].mask == nil)
        #expect(still.sublayers == nil, "a sublayer made the mask leaves the sublayers")
        #expect(sublayerAsMask.sublayers[0].sublayers.isEmpty)
        #expect(sublayerMaskResized.sublayers[0].mask?.bounds.width == 7)
    }

    @Test func hidingShowingAndRedrawingAreShown_R1_G8() throws {
        final class Painter: CALayerDelegate {
            var width: CGFloat = 10
            func draw(_ layer: CALayer, in ctx: CGContext) { ctx.fill(CGRect(x: 0, y: 0, width: width, height: 5)) }
        }
        let (stage, _, child, other) = stage()
        let painter = Painter()
        other.delegate = painter
        other.setNeedsDisplay()
        stage.turn {}
        let drawn = try frame(stage)

        painter.width = 20
        change(stage) { other.setNeedsDisplay() }
        let redrawn = try frame(stage)
        change(stage) { child.isHidden = true }
        let hidden = try frame(stage)
        change(stage) { child.isHidden = false }
        let shownAgain = try frame(stage)

        #expect(drawn.sublayers[1].content != nil)
        #expect(redrawn.sublayers[1].content != drawn.sublayers[1].content)
        #expect(hidden.sublayers[0].sublayers.isEmpty)
        #expect(shownAgain.sublayers[0].sublayers.count == 1)
    }

    @Test func aSubclassIsBuiltEveryFrameAndPlainLayersUnderItAreShown_R1() throws {
        let stage = Stage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 50, height: 50))
        let child = plainLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        shape.addSublayer(child)
        stage.root.addSublayer(shape)
        stage.turn {}
        let first = try frame(stage)

        // Its own properties are not in `CALayer`'s values, so only building it again shows them.
        change(stage) { shape.lineWidth = 4 }
        let second = try frame(stage)
        change(stage) { child.opacity = 0.5 }
        let third = try frame(stage)

        #expect(second.sublayers[0].content != first.sublayers[0].content)
        #expect(second.sublayers[0].sublayers[0] === first.sublayers[0].sublayers[0], "the plain child is kept")
        #expect(third.sublayers[0].sublayers[0].opacity == 0.5)
    }
}
