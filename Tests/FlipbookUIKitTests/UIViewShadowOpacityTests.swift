import FlipbookUIKit
import Testing

/// Since iOS 13 a view's `layer.shadowOpacity` animates inside a UIView block, replacing
/// an animation in flight, while the other shadow properties still change at once
/// (FACTS §6, from material-motion's tests run on iOS 13).
@MainActor
@Suite struct UIViewShadowOpacityTests {
    @Test func shadowOpacityAnimatesWithTheBlocksTimingAndTheOtherShadowKeysDoNot_V1() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                view.layer.shadowOpacity = 0.8
                view.layer.shadowRadius = 10
                view.layer.shadowOffset = CGSize(width: 0, height: 8)
                view.layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
            })
        }
        stage.advance(to: 0.5)

        #expect(view.layer.animationKeys() == ["shadowOpacity"])
        #expect(abs(Double(view.layer.presentation()?.shadowOpacity ?? 0) - 0.4) < 1e-6)
        #expect(view.layer.presentation()?.shadowRadius == 10)
        #expect(view.layer.presentation()?.shadowOffset == CGSize(width: 0, height: 8))
        #expect(view.layer.presentation()?.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func aNewShadowOpacityAnimationReplacesTheOneInFlight_V3() {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear], animations: { view.layer.shadowOpacity = 1 },
                           completion: stage.completion("first"))
        }
        stage.advance(to: 1)

        stage.turn {
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { view.layer.shadowOpacity = 0.5 },
                           completion: stage.completion("second"))
        }
        stage.advance(to: 4)

        #expect(stage.log.entries == ["first:false@1.0", "second:true@3.0"])
        #expect(view.layer.animation(forKey: "shadowOpacity") == nil)
    }
}
