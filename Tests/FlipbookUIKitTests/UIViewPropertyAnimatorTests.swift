import FlipbookUIKit
import Testing

/// `UIViewPropertyAnimator` through its public API (PA1–PA7, seed note 003): states,
/// rules, scrubbing, reversing, added animations, retiming.
@MainActor
@Suite struct UIViewPropertyAnimatorTests {
    /// A stage with a view and a 1 s animator (linear unless said) fading it 1 → 0.
    private func fading(_ curve: UIView.AnimationCurve = .linear, duration: Double = 1)
        -> (ViewStage, UIView, UIViewPropertyAnimator, AnimatorLog) {
        let stage = ViewStage()
        let view = stage.view()
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve) { view.alpha = 0 }
        let log = AnimatorLog(animator)
        return (stage, view, animator, log)
    }

    @Test func runsFromInactiveToActiveAndBackWithTheEndPosition_PA1() {
        let (stage, view, animator, log) = fading()

        stage.turn { animator.startAnimation() }
        let running = (animator.state, animator.isRunning)
        stage.advance(to: 0.5)
        let halfway = stage.alpha(view)
        stage.advance(to: 2)

        #expect(running == (.active, true))
        #expect(close(halfway, 0.5))
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(log.entries == ["state active@0.0", "state inactive@1.0", "completion end@1.0"])
        #expect(view.alpha == 0 && view.layer.animationKeys() == nil)
    }

    @Test func pausingAnInactiveAnimatorMakesItActiveAtTheStart_PA1() {
        let (stage, view, animator, log) = fading()

        stage.turn { animator.pauseAnimation() }
        stage.advance(to: 1)

        #expect(animator.state == .active && !animator.isRunning)
        #expect(stage.alpha(view) == 1)
        #expect(log.entries == ["state active@0.0"])
    }

    @Test func stopWithoutFinishingEndsAtTheCurrentValuesWithNoCompletion_PA1() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)

        stage.turn { animator.stopAnimation(true) }
        stage.advance(to: 2)

        #expect(animator.state == .inactive)
        #expect(close(Double(view.alpha), 0.75), "the model keeps the value on screen")
        #expect(log.entries == ["state active@0.0", "state inactive@0.25"])
    }

    @Test func stopThenFinishAtTheStartRunsTheCompletionsWithStart_PA1() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)

        stage.turn { animator.stopAnimation(false) }
        let stopped = (animator.state, stage.alpha(view))
        stage.advance(to: 0.5)
        stage.turn { animator.finishAnimation(at: .start) }
        stage.advance(to: 1)

        #expect(stopped.0 == .stopped && close(stopped.1, 0.75))
        #expect(view.alpha == 1, "back at the start values")
        #expect(log.entries == ["state active@0.0", "state stopped@0.25", "state inactive@0.5", "completion start@0.5"])
    }

    @Test func stopThenFinishAtTheEndPutsTheEndValues_PA1() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)

        stage.turn { animator.stopAnimation(false) }
        stage.advance(to: 0.5)
        stage.turn { animator.finishAnimation(at: .end) }
        stage.advance(to: 1)

        #expect(view.alpha == 0, "at the end values, not where it stopped")
        #expect(stage.alpha(view) == 0)
        #expect(log.entries.last == "completion end@0.5")
    }

    @Test func finishingAtTheCurrentPositionKeepsTheValuesOnScreen_PA1() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.4)

        stage.turn {
            animator.stopAnimation(false)
            animator.finishAnimation(at: .current)
        }
        stage.advance(to: 1)

        #expect(close(Double(view.alpha), 0.6))
        #expect(log.entries.last == "completion current@0.4")
    }

    @Test func theRulesUIKitEnforces_PA2() {
        let (stage, _, animator, _) = fading()

        let finishWhileInactive = animator.check(.finish)
        stage.turn { animator.startAnimation() }
        let finishWhileActive = animator.check(.finish)
        let interruptibleWhileActive = animator.check(.setInterruptible)
        let interactionWhileActive = animator.check(.setUserInteractionEnabled)
        stage.turn { animator.stopAnimation(false) }
        let startWhileStopped = animator.check(.start)
        let pauseWhileStopped = animator.check(.pause)
        let finishWhileStopped = animator.check(.finish)

        #expect(finishWhileInactive?.message == "finishAnimation(at:) needs a stopped animator; it is inactive")
        #expect(finishWhileActive?.message == "finishAnimation(at:) needs a stopped animator; it is active")
        #expect(finishWhileActive?.message(naming: "'a1'") == "finishAnimation(at:) needs a stopped animator; 'a1' is active")
        #expect(interruptibleWhileActive?.message(naming: "'a1'") == "isInterruptible cannot change while 'a1' is active")
        #expect(interruptibleWhileActive?.message == "isInterruptible cannot change while the animator is active")
        #expect(interactionWhileActive?.message == "isUserInteractionEnabled cannot change while the animator is active")
        #expect(startWhileStopped?.message.hasPrefix("startAnimation() is not allowed on a stopped animator") == true)
        #expect(pauseWhileStopped?.message.hasPrefix("pauseAnimation() is not allowed on a stopped animator") == true)
        #expect(finishWhileStopped == nil)
    }

    @Test func nonInterruptibleAnimatorsCannotBePausedOrStoppedWhileRunning_PA2() {
        let (stage, _, animator, _) = fading()
        animator.isInterruptible = false

        stage.turn { animator.startAnimation() }

        #expect(animator.check(.pause) != nil && animator.check(.stop) != nil)
        #expect(animator.check(.start) == nil)
    }

    /// The alpha shown after scrubbing a paused animator with `curve` to 0.3.
    private func scrubbed(_ curve: UIView.AnimationCurve, linearly: Bool) -> Double {
        let (stage, view, animator, _) = fading(curve)
        animator.scrubsLinearly = linearly
        stage.turn {
            animator.pauseAnimation()
            animator.fractionComplete = 0.3
        }
        stage.advance(to: 0.1)
        return 1 - stage.alpha(view)
    }

    @Test func scrubbingIsLinearOrAlongTheCurve_PA3() {
        #expect(close(scrubbed(.linear, linearly: true), 0.3))
        #expect(close(scrubbed(.linear, linearly: false), 0.3))
        #expect(close(scrubbed(.easeIn, linearly: true), 0.3))
        #expect(close(scrubbed(.easeIn, linearly: false), TimingFunction.easeIn.value(at: 0.3)))
    }

    @Test func fractionCompleteIsReadableAndSettingItWhileRunningDoesNothing_PA3() {
        let (stage, _, animator, _) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)

        stage.turn { animator.fractionComplete = 0.9 }

        #expect(close(Double(animator.fractionComplete), 0.25))
    }

    @Test func reversingMidWayRunsBackAndFinishesAtTheStart_PA4() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.5)

        stage.turn { animator.isReversed = true }
        stage.advance(to: 0.75)
        let backwards = stage.alpha(view)
        stage.advance(to: 2)

        #expect(close(backwards, 0.75))
        #expect(log.entries.suffix(2) == ["state inactive@1.0", "completion start@1.0"])
        #expect(view.alpha == 1, "the properties end at their start values")
    }

    @Test func addedAnimationsWithADelayFactorStartLaterAndEndTogether_PA5() {
        let stage = ViewStage()
        let (first, second) = (stage.view(), stage.view())
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { first.alpha = 0 }
        animator.addAnimations({ second.alpha = 0 }, delayFactor: 0.5)
        let log = AnimatorLog(animator)

        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.9)
        let waiting = stage.alpha(second)
        stage.advance(to: 1.5)
        let halfway = stage.alpha(second)
        stage.advance(to: 3)

        #expect(waiting == 1, "0.5 × the 2 s remaining: it starts at 1 s")
        #expect(close(halfway, 0.5))
        #expect(log.entries.last == "completion end@2.0")
    }

    @Test func animationsAddedWhileRunningTakeTheRemainingTime_PA5() {
        let stage = ViewStage()
        let (first, second) = (stage.view(), stage.view())
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { first.alpha = 0 }
        stage.turn { animator.startAnimation() }
        stage.advance(to: 1)

        stage.turn { animator.addAnimations { second.alpha = 0 } }
        stage.advance(to: 1.5)

        #expect(close(stage.alpha(second), 0.5), "the remaining 1 s")
    }

    @Test func finishingAtTheStartAfterAddingToAPausedAnimatorRewindsEveryBlock_PA1_PA5() {
        let stage = ViewStage()
        let (first, second) = (stage.view(), stage.view())
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            first.alpha = 0
            first.center = CGPoint(x: 200, y: 50)
        }
        stage.turn { animator.pauseAnimation() }
        stage.turn { animator.fractionComplete = 0.5 }

        stage.turn {
            animator.addAnimations {
                first.center = CGPoint(x: 200, y: 200)
                second.alpha = 0
            }
        }
        stage.turn { animator.stopAnimation(false) }
        stage.turn { animator.finishAnimation(at: .start) }
        stage.advance(to: 1)

        #expect(first.alpha == 1 && first.center == CGPoint(x: 50, y: 50), "the first block's properties rewound")
        #expect(second.alpha == 1, "the added block's property rewound")
        #expect(stage.alpha(first) == 1 && stage.position(first) == CGPoint(x: 50, y: 50), "and shown so")
    }

    @Test func continueAnimationResumesWithNewTimingAndDuration_PA6() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.5)
        stage.turn { animator.pauseAnimation() }
        stage.advance(to: 1)

        stage.turn {
            animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 2)
        }
        stage.advance(to: 1.5)
        let resumed = 1 - stage.alpha(view)
        stage.advance(to: 4)

        // The remaining half now takes 2 × 1 s = 2 s along UIKit's spring for 2 s.
        let spring = Spring(duration: 2, dampingRatio: 1).value(at: 0.5)
        #expect(close(resumed, 0.5 + 0.5 * spring, 1e-5), "\(resumed)")
        #expect(log.entries.last == "completion end@3.0")
    }

    @Test func continuingWithOneMinusTheFractionKeepsTheOriginalPace_PA6() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)
        stage.turn { animator.pauseAnimation() }
        stage.advance(to: 1)

        // The idiom of interactive code: the rest takes (1 − 0.25) × 1 s, linearly.
        stage.turn {
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear),
                                       durationFactor: 1 - animator.fractionComplete)
        }
        stage.advance(to: 1.375)
        let halfway = 1 - stage.alpha(view)
        stage.advance(to: 3)

        #expect(close(halfway, 0.25 + 0.75 * 0.5, 1e-6), "\(halfway)")
        #expect(log.entries.last == "completion end@1.75")
    }

    @Test func continuingWithAFactorOfZeroTakesTheTimeTheRestWouldHave_PA6() {
        let (stage, _, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.5)
        stage.turn { animator.pauseAnimation() }
        stage.advance(to: 1)

        stage.turn { animator.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        stage.advance(to: 3)

        #expect(log.entries.last == "completion end@1.5")
    }

    @Test func pausesOnCompletionStaysActiveWithoutCompleting_PA7() {
        let (stage, view, animator, log) = fading()
        animator.pausesOnCompletion = true

        stage.turn { animator.startAnimation() }
        stage.advance(to: 3)

        #expect(animator.state == .active && !animator.isRunning)
        #expect(stage.alpha(view) == 0)
        #expect(log.entries == ["state active@0.0"])
    }

    @Test func runningPropertyAnimatorStartsAfterItsDelay_PA7() {
        let stage = ViewStage()
        let view = stage.view()
        var positions: [UIViewAnimatingPosition] = []

        stage.turn {
            _ = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: [.curveLinear],
                                                                animations: { view.alpha = 0 },
                                                                completion: { positions.append($0) })
        }
        stage.advance(to: 0.5)
        let atDelay = stage.alpha(view)
        stage.advance(to: 1)
        let halfway = stage.alpha(view)
        stage.advance(to: 2)

        #expect(atDelay == 1 && close(halfway, 0.5))
        #expect(positions == [.end])
    }

    @Test func theInitialisersTimeTheAnimation_PA7() {
        func alpha(at t: Double, _ make: (UIView) -> UIViewPropertyAnimator) -> Double {
            let stage = ViewStage()
            let view = stage.view()
            let animator = make(view)
            stage.turn { animator.startAnimation() }
            stage.advance(to: t)
            return 1 - stage.alpha(view)
        }
        let points = alpha(at: 0.5) { view in
            UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.42, y: 0), controlPoint2: CGPoint(x: 1, y: 1)) {
                view.alpha = 0
            }
        }
        let ratio = alpha(at: 0.25) { view in UIViewPropertyAnimator(duration: 1, dampingRatio: 0.5) { view.alpha = 0 } }
        let physical = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(
            mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero))

        #expect(close(points, TimingFunction.easeIn.value(at: 0.5)))
        #expect(close(ratio, 1.14422, 1e-4), "FACTS §2: (d=1, ζ=0.5) x(0.25) = 1.14422")
        #expect(abs(physical.duration - 1.4727) < 1.4727 * 0.03, "FACTS §2: k 100, m 1, c 10 settles in 1.4727 s")
    }
}

/// State changes and completions of an animator, with their virtual times.
@MainActor
final class AnimatorLog {
    var entries: [String] = []

    init(_ animator: UIViewPropertyAnimator) {
        // Strong captures: the animator keeps the log alive as long as it reports.
        animator.stateDidChange = { state in self.entries.append("state \(state)@\(CACurrentMediaTime())") }
        animator.addCompletion { position in self.entries.append("completion \(position)@\(CACurrentMediaTime())") }
    }
}

extension UIViewPropertyAnimatorTests {
    @Test func aPausedAnimatorHoldsStillSoTheClockCanFinish_PA1() {
        let stage = ViewStage()
        let (first, second) = (stage.view(), stage.view())
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { first.alpha = 0 }

        stage.turn {
            animator.pauseAnimation()
            animator.addAnimations { second.alpha = 0 }
        }
        stage.advance(to: 1)

        #expect(!stage.runLoop.isAnimatingForever, "nothing moves while it is paused")
        #expect(stage.alpha(second) == 1)
    }

    @Test func aStoppedAnimatorStaysWhereItStopped_PA1() {
        let (stage, view, animator, log) = fading()
        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.25)

        stage.turn { animator.stopAnimation(false) }
        stage.advance(to: 1.5)
        let stoppedFraction = animator.fractionComplete
        stage.turn { animator.finishAnimation(at: .end) }

        #expect(close(Double(stoppedFraction), 0.25), "a stopped animator stays where it stopped")
        #expect(view.alpha == 0)
        #expect(log.entries.last == "state inactive@1.5")
    }

    @Test func stoppingKeepsOtherAnimationsOfTheSameProperty_PA1_V3() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center.x = 250 }
        stage.turn {
            animator.startAnimation()
            UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { view.center.y = 250 })
        }
        stage.advance(to: 1)
        let before = stage.position(view)

        stage.turn { animator.stopAnimation(true) }
        stage.advance(to: 1.5)

        #expect(before == CGPoint(x: 150, y: 150))
        #expect(view.center == CGPoint(x: 150, y: 250), "the model keeps the animator's x and the block's y")
        #expect(stage.position(view) == CGPoint(x: 150, y: 200), "the block's animation still runs")
    }

    @Test func anAnimatorLeavesAnotherAnimationOfItsKeyAlone_PA1() {
        let stage = ViewStage()
        let view = stage.view()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
        stage.turn { animator.pauseAnimation() }

        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.alpha = 0.5 },
                           completion: stage.completion("block"))
            animator.stopAnimation(true)
        }
        stage.advance(to: 2)

        #expect(stage.log.entries == ["block:true@1.0"], "replaced by the block, the animator does not remove it")
        #expect(close(Double(view.alpha), 0.5))
    }
}
