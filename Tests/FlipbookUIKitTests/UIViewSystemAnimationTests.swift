import FlipbookUIKit
import Testing

/// `perform(.delete, on:…)` (V15).
@MainActor
@Suite struct UIViewSystemAnimationTests {
    @Test func deleteGrowsThenShrinksAndFadesThenRemovesTheViews_V15() throws {
        let stage = ViewStage()
        let (left, right, other) = (stage.view(), stage.view(), stage.view())

        try stage.runLoop.performTurn {
            try UIView.performChecked(.delete, on: [left, right], options: [], animations: { other.alpha = 0.5 },
                                      completion: stage.completion("delete"))
        }
        stage.advance(to: 0.15)
        let grown = left.layer.presentation()?.transform.m11
        let otherMidway = stage.alpha(other)
        stage.advance(to: 0.325)
        let shrinking = (left.layer.presentation()?.transform.m11 ?? .nan, stage.alpha(left))
        stage.advance(to: 1)

        #expect(close(grown ?? .nan, 1.1), "grown at 30 % of 0.5 s")
        #expect(close(shrinking.0, 1.1 - 0.85 / 2) && close(shrinking.1, 0.5))
        #expect(otherMidway > 0.5 && otherMidway < 1, "the block's own changes animate alongside")
        #expect(left.superview == nil && right.superview == nil && other.superview === stage.window)
        #expect(left.transform == CGAffineTransform(scaleX: 0.25, y: 0.25) && left.alpha == 0)
        #expect(stage.log.entries == ["delete:true@0.5"])
    }

    @Test func aBlockThatChangesADeletedViewIsRejected_V15() {
        let stage = ViewStage()
        let view = stage.view()

        #expect(throws: UIViewAnimationError.self) {
            try UIView.performChecked(.delete, on: [view], animations: { view.transform = .identity.scaledBy(x: 2, y: 2) })
        }
        stage.advance(to: 1)

        #expect(view.superview === stage.window, "the rejected call deletes nothing")
    }

    @Test func theUncheckedCallRefusesTooAndItsCompletionHearsFalse_V15() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.perform(.delete, on: [view], animations: { view.alpha = 0.5 }, completion: stage.completion("delete"))
        }
        stage.advance(to: 1)

        #expect(view.superview === stage.window)
        #expect(stage.log.entries == ["delete:false@0.0"])
    }
}
