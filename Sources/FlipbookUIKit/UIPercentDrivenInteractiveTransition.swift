import Foundation

/// An interaction controller that drives a transition's animations by percentage,
/// typically from a pan gesture (VC3).
///
/// Started by UIKit (return it from `interactionControllerForPresentation(using:)` or
/// `…Dismissal(using:)`), it works as UIKit's does:
/// - If the animator gives an `interruptibleAnimator(using:)`, that animator is paused at
///   the start; `update(_:)` sets its `fractionComplete`; `finish()` and `cancel()` run
///   it on forward or reversed (`continueAnimation` with `timingCurve`, over the rest of
///   the duration divided by `completionSpeed`, or `startAnimation()` when neither is set).
/// - Otherwise the animator's `animateTransition(using:)` runs with the UIView animations
///   it starts tracked, and they are held still at their start: the container view's
///   layer at speed 0, each tracked animation at speed 0 (so views outside the container
///   hold too, as UIKit's tracking does). `update(_:)` scrubs them through `timeOffset`
///   = percent × duration. `finish()` runs them on to their ends, `cancel()` back to
///   their starts, at `completionSpeed` times their pace, along their own curves (the
///   classic speed/timeOffset resume: `completionCurve` is not applied on this path); a
///   cancelled run then puts the animated properties' model values back to where they
///   were. Their completions run when they end; the container's time then runs on at
///   normal speed from where the drag left it.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// The animator's transition duration, known once the transition starts.
    public private(set) var duration: CGFloat = 0
    /// The last percentage given to `update(_:)`, 0…1.
    public private(set) var percentComplete: CGFloat = 0
    /// How much faster than the animations' own pace the rest runs after `finish()` or
    /// `cancel()`; a value of 0 or less means 1.
    public var completionSpeed: CGFloat {
        get { storedCompletionSpeed > 0 ? storedCompletionSpeed : 1 }
        set { storedCompletionSpeed = newValue }
    }
    public var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The timing of the rest of an interruptible animator after `finish()` or `cancel()`;
    /// nil keeps the animator's own.
    public var timingCurve: UITimingCurveProvider?
    /// Whether the transition starts held for the gesture. Only an interruptible animator
    /// can start running (false); the tracked animations always start held.
    public var wantsInteractiveStart = true

    private var storedCompletionSpeed: CGFloat = 1
    private weak var context: UIViewControllerTransitionContext?
    private var tracker: UIViewAnimationTracker?
    private var interruptibleAnimator: UIViewImplicitlyAnimating?
    private var isInteracting = false

    public init() {}

    /// Called by UIKit when the transition starts: holds the animator's animations at 0 %.
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? UIViewControllerTransitionContext, let animator = context.animator else {
            preconditionFailure("UIPercentDrivenInteractiveTransition needs a transition UIKit started, with an animator")
        }
        self.context = context
        duration = animator.transitionDuration(using: context)
        percentComplete = 0
        isInteracting = true
        if let interruptible = animator.interruptibleAnimator(using: context) {
            interruptibleAnimator = interruptible
            if wantsInteractiveStart { interruptible.pauseAnimation() } else { interruptible.startAnimation() }
            return
        }
        let layer = context.containerView.layer
        layer.speed = 0
        layer.timeOffset = 0
        let tracker = UIViewAnimationTracker()
        self.tracker = tracker
        tracker.track { animator.animateTransition(using: context) }
        tracker.hold(at: 0)
    }

    /// Shows the transition `percentComplete` (clamped to 0…1) of the way through.
    open func update(_ percentComplete: CGFloat) {
        guard isInteracting, let context else { return }
        let percent = min(max(percentComplete, 0), 1)
        self.percentComplete = percent
        context.updateInteractiveTransition(percent)
        if let interruptibleAnimator {
            interruptibleAnimator.fractionComplete = percent
            return
        }
        context.containerView.layer.timeOffset = percent * duration
        tracker?.hold(at: percent * duration)
    }

    /// Runs the rest of the transition forward; it completes when the animations end.
    open func finish() {
        guard isInteracting, let context else { return }
        context.finishInteractiveTransition()
        release(reversed: false)
    }

    /// Runs the transition back to its start; `transitionWasCancelled` is true from now on,
    /// and the animator's `completeTransition(false)` puts the old view controller back.
    open func cancel() {
        guard isInteracting, let context else { return }
        context.cancelInteractiveTransition()
        release(reversed: true)
    }

    private func release(reversed: Bool) {
        isInteracting = false
        if let interruptibleAnimator {
            interruptibleAnimator.isReversed = reversed
            if completionSpeed == 1, timingCurve == nil {
                interruptibleAnimator.startAnimation()
            } else {
                let rest = reversed ? percentComplete : 1 - percentComplete
                interruptibleAnimator.continueAnimation(withTimingParameters: timingCurve,
                                                        durationFactor: rest / completionSpeed)
            }
            return
        }
        guard let context, let tracker else { return }
        let layer = context.containerView.layer
        let parentTime = layer.superlayer?.localTime(at: CACurrentMediaTime()) ?? CACurrentMediaTime()
        layer.beginTime = parentTime - layer.timeOffset
        layer.timeOffset = 0
        layer.speed = 1
        tracker.resume(reversed: reversed, speed: completionSpeed)
        if reversed { tracker.whenAnimationsEnd { tracker.settleReversed() } }
    }
}
