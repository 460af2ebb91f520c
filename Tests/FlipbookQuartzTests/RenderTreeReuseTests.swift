import FlipbookQuartz
import Foundation
import Testing

/// R1: frames are drawn from the presentation tree. A subtree of plain layers that nothing
/// animates is built once and handed out again while it does not change; these tests
/// check that every kind of change still reaches the next frame.
@MainActor
@Suite struct RenderTreeReuseTests {
    /// A stage whose root holds `still` (with a child) and `other`, committed.
    private func stage() -> (Stage, still: CALayer, child: CALayer, other: CALayer) {
        let stage = Stage()
        let still = CALayer()
        still.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        still.addSublayer(child)
        let other = CALayer()
        other.frame = CGRect(x: 200, y: 0, width: 50, height: 50)
        stage.root.addSublayer(still)
        stage.root.addSublayer(other)
        stage.turn {}
        return (stage, still, child, other)
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
        let (stage, still, child, _) = stage()
        let before = try frame(stage)

        change(stage) { child.backgroundColor = .black }
        let after = try frame(stage)

        #expect(after !== before)
        #expect(after.sublayers[0].sublayers[0].backgroundColor == .black)
        #expect(after.sublayers[1] === before.sublayers[1], "the other subtree did not change")
        #expect(still.sublayers?.count == 1)
    }

    @Test func anAnimationAddedToAStillLayerIsShown_R1_CA8() throws {
        let (stage, _, _, other) = stage()
        let before = try frame(stage)

        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration) = (1.0, 0.0, 1.0)
        stage.turn { other.add(fade, forKey: "fade") }
        stage.advance(to: 0.25)
        let during = try frame(stage)
        stage.advance(to: 2)
        let after = try frame(stage)

        #expect(before.sublayers[1].opacity == 1)
        #expect(abs(during.sublayers[1].opacity - 0.75) < 1e-6)
        #expect(after.sublayers[1].opacity == 1, "removed on completion: the model again")
    }

    @Test func addingRemovingAndMaskingLayersIsShown_R1() throws {
        let (stage, still, child, other) = stage()
        _ = try frame(stage)

        change(stage) { child.removeFromSuperlayer() }
        let removed = try frame(stage)
        change(stage) { still.addSublayer(child) }
        let added = try frame(stage)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        change(stage) { other.mask = mask }
        let masked = try frame(stage)
        change(stage) { mask.bounds.size.width = 5 }
        let maskResized = try frame(stage)

        #expect(removed.sublayers[0].sublayers.isEmpty)
        #expect(added.sublayers[0].sublayers.count == 1)
        #expect(masked.sublayers[1].mask?.bounds.width == 10)
        #expect(maskResized.sublayers[1].mask?.bounds.width == 5)
    }

    @Test func hidingAndRedrawingAreShown_R1_G8() throws {
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

        #expect(drawn.sublayers[1].content != nil)
        #expect(redrawn.sublayers[1].content != drawn.sublayers[1].content)
        #expect(hidden.sublayers[0].sublayers.isEmpty)
    }

    @Test func aSubclassIsBuiltEveryFrame_R1() throws {
        let stage = Stage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 50, height: 50))
        stage.root.addSublayer(shape)
        stage.turn {}
        let first = try frame(stage)

        // Its own properties are not in `CALayer`'s values, so only building it again shows them.
        change(stage) { shape.lineWidth = 4 }
        let second = try frame(stage)

        #expect(first !== second)
        #expect(second.sublayers[0].content != first.sublayers[0].content)
    }
}
