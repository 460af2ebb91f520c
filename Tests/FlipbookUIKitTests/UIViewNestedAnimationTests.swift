import FlipbookUIKit
import Testing

/// Blocks inside blocks: what a nested block inherits (V6–V8, S000).
@MainActor
@Suite struct UIViewNestedAnimationTests {
    @Test func aNestedBlockInheritsTheOuterDurationAndItsDelayShiftsItsEnd_V6() {
        func completions(_ innerOptions: UIView.AnimationOptions) -> [String] {
            let stage = ViewStage()
            let view = stage.view()
            stage.turn {
                UIView.animate(withDuration: 6, delay: 0, options: [], animations: {
                    view.frame = CGRect(x: 150, y: 50, width: 100, height: 120)
                    UIView.animate(withDuration: 2, delay: 1, options: innerOptions, animations: { view.alpha = 0.1 },
                                   completion: stage.completion("animation2"))
                }, completion: stage.completion("animation1"))
            }
            stage.advance(to: 10)
            return stage.log.entries
        }

        #expect(completions([]) == ["animation1:true@6.0", "animation2:true@7.0"])
        #expect(completions(.overrideInheritedDuration) == ["animation2:true@3.0", "animation1:true@6.0"])
    }

    /// The inner view's alpha a fifth of the way through a nested 5 s fade from 1 to 0.
    private func innerFade(outer: (@escaping @MainActor () -> Void) -> Void,
                           inner options: UIView.AnimationOptions) -> Double {
        let stage = ViewStage()
        let (outerView, innerView) = (stage.view(), stage.view())
        stage.turn {
            outer {
                outerView.center = CGPoint(x: 200, y: 100)
                UIView.animate(withDuration: 1, delay: 0, options: options, animations: { innerView.alpha = 0 })
            }
        }
        stage.advance(to: 1)
        return 1 - stage.alpha(innerView)
    }

    private func curveBlock(_ options: UIView.AnimationOptions) -> (@escaping @MainActor () -> Void) -> Void {
        { UIView.animate(withDuration: 5, delay: 0, options: options, animations: $0) }
    }

    private func springBlock(_ animations: @escaping @MainActor () -> Void) {
        UIView.animate(withDuration: 5, delay: 0, usingSpringWithDamping: 0.2, initialSpringVelocity: 0.5,
                       options: [], animations: animations)
    }

    @Test func aNestedBlockInheritsTheOuterCurveUnlessItOverridesIt_V7() {
        let easeIn = TimingFunction.easeIn.value(at: 0.2)

        #expect(close(innerFade(outer: curveBlock(.curveEaseIn), inner: .curveLinear), easeIn))
        #expect(close(innerFade(outer: curveBlock(.curveEaseIn), inner: [.overrideInheritedCurve, .curveLinear]), 0.2))
    }

    @Test func aNestedBlockInheritsTheSpringUnlessOverrideInheritedOptions_V8() {
        let spring = Spring(duration: 5, dampingRatio: 0.2, initialVelocity: 0.5).value(at: 1)
        let easeInOut = TimingFunction.easeInEaseOut.value(at: 0.2)

        #expect(close(innerFade(outer: springBlock, inner: []), spring))
        #expect(close(innerFade(outer: springBlock, inner: [.overrideInheritedCurve, .curveEaseInOut]), spring),
                "overriding the curve alone still springs")
        #expect(close(innerFade(outer: springBlock, inner: [.overrideInheritedCurve, .curveEaseInOut,
                                                             .overrideInheritedOptions]), easeInOut))
        #expect(close(innerFade(outer: springBlock, inner: .overrideInheritedOptions), 0.2),
                "overrideInheritedOptions alone gives linear, as S000 observed")
    }

    @Test func aNestedBlockDoesNotInheritRepeatOrAutoreverse_V8() {
        let stage = ViewStage()
        let (outerView, innerView) = (stage.view(), stage.view())

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: {
                outerView.alpha = 0
                UIView.animate(withDuration: 1, delay: 0, options: [], animations: { innerView.alpha = 0 },
                               completion: stage.completion("inner"))
            }, completion: stage.completion("outer"))
        }
        stage.advance(to: 5)

        #expect(stage.log.entries == ["inner:true@1.0"], "the outer block repeats forever")
        #expect(innerView.layer.animationKeys() == nil)
        #expect(outerView.layer.animation(forKey: "opacity")?.autoreverses == true)
    }
}
