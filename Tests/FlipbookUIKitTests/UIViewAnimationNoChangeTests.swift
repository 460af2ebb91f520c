import FlipbookUIKit
import Foundation
import Testing

/// A block whose changes leave every value as it was animates nothing (V5).
@MainActor
@Suite struct UIViewAnimationNoChangeTests {
    @Test func blockSettingTheSameValueCompletesAtOnceAndLeavesTheAnimationInFlight_V5() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear,
                           animations: { view.alpha = 0 }, completion: stage.completion("fade"))
            UIView.animate(withDuration: 1, delay: 0, options: [],
                           animations: { view.alpha = 0 }, completion: stage.completion("same"))
            UIView.animate(withDuration: 1, delay: 0, options: [],
                           animations: { view.center.x += 10; view.center.x -= 10 }, completion: stage.completion("there and back"))
        }
        stage.advance(to: 0.5)
        let halfWay = stage.alpha(view)
        stage.advance(to: 1)

        #expect(close(halfWay, 0.5), "the first fade still runs, linear")
        #expect(stage.log.entries == ["same:true@0.0", "there and back:true@0.0", "fade:true@1.0"])
    }

    @Test func keyframeBlockWhoseKeyframesEndWhereTheyStartedCompletesAtOnce_V5() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            }, completion: stage.completion("keyframes"))
        }
        stage.advance(to: 0)

        #expect(stage.log.entries == ["keyframes:true@0.0"])
    }
}
