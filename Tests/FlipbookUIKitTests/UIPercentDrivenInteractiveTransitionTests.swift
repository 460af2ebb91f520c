import FlipbookUIKit
import Testing

/// `UIPercentDrivenInteractiveTransition` driving seed 004's slide by a scripted gesture
/// (VC3): held at the start, scrubbed by `update(_:)`, finished or cancelled on release.
@MainActor
@Suite struct UIPercentDrivenInteractiveTransitionTests {
    /// The stage with second's transitioning delegate giving the slide animator and an
    /// interaction controller; nothing presented yet.
    private func interactive() -> (PresentationStage, SlideInFromRightAnimator, UIPercentDrivenInteractiveTransition,
                                   TransitionDelegate) {
        let s = PresentationStage()
        let animator = SlideInFromRightAnimator()
        let interaction = UIPercentDrivenInteractiveTransition()
        let delegate = TransitionDelegate(animator, interaction: interaction)
        s.second.transitioningDelegate = delegate
        s.delegates.all.append(delegate)
        return (s, animator, interaction, delegate)
    }

    @Test func theTransitionWaitsAtTheStartThenFollowsTheGesture_VC3() {
        let (s, _, interaction, _) = interactive()

        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 2)
        let waiting = (s.x(s.secondView), s.x(s.home), interaction.percentComplete)
        s.stage.turn { interaction.update(0.3) }
        let dragged = (s.x(s.secondView), s.x(s.home), interaction.percentComplete)
        s.stage.turn { interaction.update(1.4) }

        #expect(waiting == (600, 200, 0), "held at the start however long")
        #expect(close(dragged.0, 600 - 400 * s.eased(0.3)) && close(dragged.1, 200 - 400 * s.eased(0.3)),
                "the animations' own curve at 30 %")
        #expect(dragged.2 == 0.3)
        #expect(interaction.percentComplete == 1, "clamped to 0…1")
        #expect(interaction.duration == 0.5 && s.second.isBeingPresented)
        #expect(s.secondView.superview?.layer.speed == 0, "the container's layer is held at speed 0")
    }

    // Times and percentages are binary fractions, so the ends fall exactly on them.

    @Test func releasedPastHalfwayItFinishesFromWhereItIs_VC3() {
        let (s, animator, interaction, _) = interactive()
        let log = CompletionLog()
        s.stage.turn { s.root.present(s.second, animated: true) { log.entries.append("presented@\(CACurrentMediaTime())") } }
        s.stage.advance(to: 0.125)
        s.stage.turn { interaction.update(0.25) }
        s.stage.advance(to: 0.25)
        s.stage.turn { interaction.update(0.75) }
        s.stage.advance(to: 0.375)

        s.stage.turn { interaction.finish() }
        let released = s.x(s.secondView)
        s.stage.advance(to: 0.4375)
        let halfwayOn = s.x(s.secondView)
        s.stage.advance(to: 1)

        #expect(close(released, 600 - 400 * s.eased(0.75)), "no jump on release")
        #expect(close(halfwayOn, 600 - 400 * s.eased(0.875)), "the remaining 0.125 s run on at normal pace")
        #expect(s.x(s.secondView) == 200 && s.secondView.frame == s.window.bounds)
        #expect(s.home.superview == nil)
        #expect(animator.cancelledAtCompletion == false && animator.ended == true)
        #expect(log.entries == ["presented@0.5"])
        #expect(s.secondView.superview?.layer.speed == 1)
    }

    @Test func releasedBeforeHalfwayItRunsBackAndCancels_VC3() {
        let (s, animator, interaction, _) = interactive()
        let log = CompletionLog()
        s.stage.turn { s.root.present(s.second, animated: true) { log.entries.append("presented") } }
        s.stage.advance(to: 0.125)
        s.stage.turn { interaction.update(0.25) }
        s.stage.advance(to: 0.25)

        s.stage.turn { interaction.cancel() }
        s.stage.advance(to: 0.3125)
        let halfwayBack = (s.x(s.secondView), s.x(s.home))
        s.stage.advance(to: 0.375)
        let ended = (animator.cancelledAtCompletion, s.secondView.superview, s.x(s.home))
        s.stage.advance(to: 1)

        #expect(close(halfwayBack.0, 600 - 400 * s.eased(0.125)) && close(halfwayBack.1, 200 - 400 * s.eased(0.125)))
        #expect(ended.0 == true && ended.1 == nil && ended.2 == 200, "over at 0.375 s: 0.125 s back")
        #expect(animator.ended == false)
        #expect(s.home.superview === s.window && s.home.frame == s.window.bounds, "the presenting view's model is back")
        #expect(s.window.subviews.count == 1, "the container is gone")
        #expect(s.root.presentedViewController == nil && s.second.presentingViewController == nil)
        #expect(s.home.layer.animationKeys() == nil)
        #expect(log.entries.isEmpty, "a cancelled presentation does not call its completion")
    }

    @Test func completionSpeedRunsTheRestFaster_VC3() {
        let (s, _, interaction, _) = interactive()
        interaction.completionSpeed = 2
        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.turn { interaction.update(0.5) }

        s.stage.turn { interaction.finish() }
        s.stage.advance(to: 0.0625)
        let halfwayOn = s.x(s.secondView)
        s.stage.advance(to: 0.125)

        #expect(close(halfwayOn, 600 - 400 * s.eased(0.75)))
        #expect(s.second.isBeingPresented == false && s.home.superview == nil, "done at 0.125 s, not 0.25 s")
    }

    @Test func anInteractiveDismissalCancelledLeavesThePresentationAsItWas_VC3() {
        let (s, animator, interaction, delegate) = interactive()
        delegate.interaction = nil
        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 1)
        delegate.interaction = interaction

        s.stage.turn { s.second.dismiss(animated: true) }
        s.stage.turn { interaction.update(0.2) }
        s.stage.turn { interaction.cancel() }
        s.stage.advance(to: 2)

        #expect(animator.cancelledAtCompletion == true)
        #expect(s.home.superview == nil, "the presenting view leaves again")
        #expect(s.secondView.superview?.superview === s.window && s.x(s.secondView) == 200)
        #expect(s.root.presentedViewController === s.second && !s.second.isBeingDismissed)
    }

    @Test func anInterruptibleAnimatorIsScrubbedAndReversedInstead_VC3() {
        let s = PresentationStage()
        let interaction = UIPercentDrivenInteractiveTransition()
        let delegate = TransitionDelegate(InterruptibleSlideAnimator(), interaction: interaction)
        s.second.transitioningDelegate = delegate
        s.delegates.all.append(delegate)
        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.turn { interaction.update(0.4) }
        let dragged = s.x(s.secondView)

        s.stage.turn { interaction.cancel() }
        s.stage.advance(to: 0.1)
        let halfwayBack = s.x(s.secondView)
        s.stage.advance(to: 1)

        #expect(close(dragged, 600 - 400 * 0.4), "the property animator's linear curve")
        #expect(close(halfwayBack, 600 - 400 * 0.2))
        #expect(s.secondView.superview == nil && s.root.presentedViewController == nil)
        #expect(s.home.frame == s.window.bounds && s.home.superview === s.window)
    }
}
