import FlipbookUIKit
import Testing

/// Options and switches around blocks: repeat counts, frame rate, disabling (V10, V12–V14, FACTS §5).
@MainActor
@Suite struct UIViewAnimationOptionsTests {
    @Test func optionBitsAreApples_FACTS5() {
        #expect(UIView.AnimationOptions.layoutSubviews.rawValue == 1)
        #expect(UIView.AnimationOptions.overrideInheritedOptions.rawValue == 1 << 9)
        #expect(UIView.AnimationOptions.curveLinear.rawValue == 3 << 16)
        #expect(UIView.AnimationOptions.transitionFlipFromBottom.rawValue == 7 << 20)
        #expect(UIView.AnimationOptions.preferredFramesPerSecond30.rawValue == 7 << 24)
        #expect(UIView.KeyframeAnimationOptions.calculationModeCubicPaced.rawValue == 4 << 10)
    }

    /// alpha 1 → 0 over 1 s with repeat + autoreverse and `count` cycles, sampled at `times`.
    private func autoreversed(count: Float, at times: [Double]) -> [Double] {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: {
                UIView.setAnimationRepeatCount(count)
                view.alpha = 0
            })
        }
        return times.map { t in
            stage.advance(to: t)
            return stage.alpha(view)
        }
    }

    @Test func aHalfRepeatCountEndsOnTheTargetAndAWholeOneJumpsToIt_V10() {
        let half = autoreversed(count: 2.5, at: [0.5, 1.5, 4.5, 4.9, 5.1])
        let whole = autoreversed(count: 2, at: [3.5, 3.9, 4.1])

        #expect(zip(half, [0.5, 0.5, 0.5, 0.1, 0]).allSatisfy { close($0, $1) }, "\(half)")
        #expect(zip(whole, [0.5, 0.9, 0]).allSatisfy { close($0, $1) }, "back at the start, then the jump: \(whole)")
    }

    /// Apple documents the count setter for block-based and begin/commit blocks alike; the
    /// autoreverse setter follows it here (V10, OURS), and both are what
    /// `modifyAnimations(withRepeatCount:autoreverses:animations:)` replaced.
    @Test func theLegacyAutoreverseSetterCountsInABlockBasedAnimationAsTheCountDoes_V10() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                UIView.setAnimationRepeatCount(2)
                UIView.setAnimationRepeatAutoreverses(true)
                view.alpha = 0
            }, completion: stage.completion("block"))
        }
        let alphas = [0.25, 1.25, 2.25, 3.75].map { t in
            stage.advance(to: t)
            return stage.alpha(view)
        }
        stage.advance(to: 5)

        #expect(zip(alphas, [0.75, 0.25, 0.75, 0.75]).allSatisfy { close($0, $1) }, "\(alphas)")
        #expect(stage.log.entries == ["block:true@4.0"], "two cycles there and back: 4 s")
    }

    @Test func repeatWithoutACountRepeatsForever_V10() {
        let stage = ViewStage()
        let view = stage.view()

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat], animations: { view.alpha = 0 },
                           completion: stage.completion("never"))
        }
        stage.advance(to: 100)

        #expect(stage.runLoop.isAnimatingForever)
        #expect(stage.log.entries.isEmpty)
    }

    /// The alpha at 60 fps frames 0…6 of a 1 s linear fade with `options`.
    private func frames(_ options: UIView.AnimationOptions) -> [Double] {
        let stage = ViewStage()
        let view = stage.view()
        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: { view.alpha = 0 })
        }
        return (0...6).map { frame in
            stage.advance(to: Double(frame) / 60)
            return stage.alpha(view)
        }
    }

    @Test func preferredFramesPerSecond30HoldsEachValueForTwoFrames_V12() {
        let thirty = frames(.preferredFramesPerSecond30)
        let sixty = frames(.preferredFramesPerSecond60)
        let standard = frames([])

        #expect(thirty[1] == thirty[0] && thirty[3] == thirty[2] && thirty[5] == thirty[4])
        #expect(thirty[2] < thirty[1] && thirty[4] < thirty[3] && thirty[6] < thirty[5])
        #expect(close(thirty[3], 1 - 1.0 / 30))
        #expect(sixty == standard)
        #expect(zip(standard, standard.dropFirst()).allSatisfy { $1 < $0 }, "the default changes every frame")
    }

    @Test func performWithoutAnimationAppliesChangesAtOnceAndStillCompletes_V13() {
        let stage = ViewStage()
        let view = stage.view()
        let sheared = CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0)

        stage.turn {
            UIView.performWithoutAnimation {
                UIView.animate(withDuration: 1, delay: 0, options: [], animations: { view.transform = sheared },
                               completion: stage.completion("inside"))
                #expect(!UIView.areAnimationsEnabled)
            }
            #expect(UIView.areAnimationsEnabled)
        }
        stage.advance(to: 0)

        #expect(view.layer.animationKeys() == nil)
        #expect(view.layer.presentation()?.transform == CATransform3D(sheared))
        #expect(stage.log.entries == ["inside:true@0.0"])
    }

    @Test func disablingAnimationsAffectsOnlyLaterBlocks_V14() {
        let stage = ViewStage()
        let (first, second) = (stage.view(), stage.view())

        stage.turn {
            UIView.animate(withDuration: 1, delay: 2, options: [.curveLinear], animations: { first.alpha = 0.2 },
                           completion: stage.completion("animation1"))
            UIView.setAnimationsEnabled(false)
            UIView.animate(withDuration: 1, delay: 0, options: [], animations: {
                second.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
            }, completion: stage.completion("animation2"))
        }
        stage.advance(to: 2.5)
        let midway = stage.alpha(first)
        stage.advance(to: 4)

        #expect(!UIView.areAnimationsEnabled)
        #expect(second.layer.animationKeys() == nil)
        #expect(second.layer.presentation()?.frame == CGRect(x: 200, y: 70, width: 100, height: 120))
        #expect(close(midway, 0.6), "the delayed animation committed before the switch still runs")
        #expect(stage.log.entries == ["animation2:true@0.0", "animation1:true@3.0"])
    }

    /// Infrastructure for V14: a fresh run loop (a new scene or test) starts with animations on.
    @Test func theAnimationsEnabledFlagIsPerClock() {
        let stage = ViewStage()
        stage.turn { UIView.setAnimationsEnabled(false) }

        let fresh = ViewStage()

        #expect(UIView.areAnimationsEnabled)
        _ = fresh
    }
}
