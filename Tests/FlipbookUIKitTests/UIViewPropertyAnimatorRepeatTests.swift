import FlipbookUIKit
import Testing

/// Changes that repeat in a `UIViewPropertyAnimator` (PA8): made inside
/// `modifyAnimations(withRepeatCount:autoreverses:animations:)` or in a block that calls
/// the repeat setters, their cycles sharing the animator's duration.
@MainActor
@Suite struct UIViewPropertyAnimatorRepeatTests {
    /// A 20-point view centred at x = 10 and a linear 2 s animator moving it to x = 110
    /// inside `modifyAnimations(withRepeatCount: count, autoreverses:)`.
    private func mover(count: CGFloat, autoreverses: Bool)
        -> (ViewStage, UIView, UIViewPropertyAnimator, AnimatorLog) {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) {
            UIView.modifyAnimations(withRepeatCount: count, autoreverses: autoreverses) {
                view.center.x = 110
            }
        }
        return (stage, view, animator, AnimatorLog(animator))
    }

    @Test func twoAutoreversingCyclesShareTheAnimatorsDurationThenTheModelShows_PA8() {
        let (stage, view, animator, log) = mover(count: 2, autoreverses: true)

        stage.turn { animator.startAnimation() }
        let x = stage.centerXs(view, at: [0.25, 0.5, 1, 1.5, 1.9, 2.1])

        expectClose(x, [60, 110, 10, 110, 30, 110], "there and back twice in 2 s, then the model")
        #expect(log.entries == ["state active@0.0", "state inactive@2.0", "completion end@2.0"])
    }

    @Test func countsAreReadAsCoreAnimationReadsThem_PA8_T2() {
        let (forward, forwardView, forwardAnimator, _) = mover(count: 2, autoreverses: false)
        let (half, halfView, halfAnimator, _) = mover(count: 1.5, autoreverses: true)
        let (zero, zeroView, zeroAnimator, _) = mover(count: 0, autoreverses: false)

        forward.turn { forwardAnimator.startAnimation() }
        half.turn { halfAnimator.startAnimation() }
        zero.turn { zeroAnimator.startAnimation() }

        expectClose(forward.centerXs(forwardView, at: [0.5, 1, 1.5]), [60, 110, 60], "two forward runs of 1 s")
        expectClose(half.centerXs(halfView, at: [0.5, 1, 1.5, 1.9]), [85, 60, 35, 95],
                    "1.5 cycles of 4/3 s, each out in 2/3 s and back, end on the new value")
        expectClose(zero.centerXs(zeroView, at: [0.5, 1.5]), [35, 85], "0 runs once")
    }

    @Test func scrubbingAndStoppingActOnTheCycles_PA8_PA3() {
        let (stage, view, animator, _) = mover(count: 2, autoreverses: true)

        stage.turn {
            animator.pauseAnimation()
            animator.fractionComplete = 0.625
        }
        let scrubbed = stage.position(view).x
        stage.turn {
            animator.startAnimation()
            animator.stopAnimation(true)
        }

        #expect(scrubbed == 60, "at 1.25 cycles: half-way out in the second")
        #expect(view.center.x == 60 && view.layer.animationKeys() == nil, "the model keeps the value on screen")
    }

    @Test func changesOutsideTheModifyBlockRunOnceOverTheDuration_PA8() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) {
            view.alpha = 0
            UIView.modifyAnimations(withRepeatCount: 2, autoreverses: true) { view.center.x = 110 }
        }

        stage.turn { animator.startAnimation() }
        stage.advance(to: 0.5)

        #expect(close(stage.alpha(view), 0.75) && stage.position(view).x == 110)
    }

    @Test func theBlocksRepeatSettersRepeatItsChangesToo_PA8_V10() {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) {
            UIView.setAnimationRepeatAutoreverses(true)
            view.center.x = 110
        }

        stage.turn { animator.startAnimation() }
        let x = stage.centerXs(view, at: [1, 1.5, 2.1])

        expectClose(x, [110, 60, 110], "out and back in 2 s (as on iOS 13), then the model")
    }

    @Test func reversingRunsBackThroughTheCycles_PA8_PA4() {
        let (stage, view, animator, log) = mover(count: 2, autoreverses: false)
        stage.turn { animator.startAnimation() }
        stage.advance(to: 1.5)

        stage.turn { animator.isReversed = true }
        let x = stage.centerXs(view, at: [2, 2.5, 3.1])

        expectClose(x, [110, 60, 10], "back through the second cycle, then the first, then the start values")
        #expect(log.entries.last == "completion start@3.0")
    }

    @Test func anInfiniteCountIsRefusedWithAWarningAndTheChangesRunOnce_PA8() throws {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) {
            UIView.modifyAnimations(withRepeatCount: .infinity, autoreverses: true) { view.center.x = 110 }
        }
        animator.addAnimations {
            UIView.modifyAnimations(withRepeatCount: 1e300, autoreverses: false) { view.bounds.size.width = 40 }
        }

        let message = try capturingStandardError {
            OnceWarnings.forget()
            stage.turn { animator.startAnimation() }
        }
        stage.advance(to: 1)

        #expect(message.contains("flipbook: warning: modifyAnimations count inf cannot be infinite in a "
                                 + "UIViewPropertyAnimator, whose changes run within its duration; the block's "
                                 + "repeat settings apply instead"), "\(message)")
        #expect(stage.position(view).x == 60, "one run over the animator's 2 s")
        #expect(stage.size(view).width == 30, "1e300, infinite as the Float kept, refused too")
    }
}
