import Foundation

/// Animates view property changes that can be started, paused, scrubbed, reversed,
/// extended and retimed while they run (PA1–PA8, seed note 003).
///
/// The changes made in its animation blocks become `CADrivenAnimation`s whose progress
/// the animator computes from the virtual time, so every control acts at once. Calls
/// UIKit rejects (PA2) stop the program with a precondition failure naming the rule, as
/// UIKit raises an exception; `check(_:)` says beforehand whether a call is allowed.
@preconcurrency @MainActor
public final class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The duration given, or the spring's settling time for a mass/stiffness/damping spring.
    public let duration: TimeInterval
    /// The delay of `startAnimation(afterDelay:)` or `runningPropertyAnimator`.
    public private(set) var delay: TimeInterval = 0
    public let timingParameters: UITimingCurveProvider?
    public private(set) var state: UIViewAnimatingState = .inactive {
        didSet {
            guard state != oldValue else { return }
            // Like UIKit, keep an animator that is not inactive alive: the caller need not hold it.
            UIViewAnimationState.current.setRetained(self, state != .inactive)
            stateDidChange?(state)
        }
    }
    public private(set) var isRunning = false
    /// Whether `pauseAnimation()` and `stopAnimation(_:)` may interrupt it; not settable
    /// while active.
    public var isInterruptible = true {
        willSet { precondition(check(.setInterruptible) == nil, check(.setInterruptible)?.message ?? "") }
    }
    /// Not settable while active.
    public var isUserInteractionEnabled = true {
        willSet { precondition(check(.setUserInteractionEnabled) == nil, check(.setUserInteractionEnabled)?.message ?? "") }
    }
    public var isManualHitTestingEnabled = false
    /// Whether a paused animator scrubbed through `fractionComplete` shows values at the
    /// fraction itself (true, the default) or along the timing curve (PA3).
    public var scrubsLinearly = true
    /// Whether reaching the end pauses the animator (still active, no completion) (PA7).
    public var pausesOnCompletion = false
    /// Called on every state change: Flipbook's stand-in for observing `state` with KVO.
    public var stateDidChange: (@MainActor (UIViewAnimatingState) -> Void)?

    private let timeline: AnimatorTimeline
    private var blocks: [Group] = []
    private var pendingAnimations: [(animations: @MainActor () -> Void, delayFactor: Double)] = []
    private var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
    /// The scheduled end of the current course, cancelled when the course changes.
    private var scheduledEnd: Int?

    // MARK: Initialisers (PA7)

    /// An animator following one of UIKit's curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animations.map { addAnimations($0) }
    }

    /// An animator following the cubic Bézier curve through the two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        animations.map { addAnimations($0) }
    }

    /// An animator following UIKit's spring with `ratio` for `duration` (FACTS §2).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        animations.map { addAnimations($0) }
    }

    /// An animator with any timing; add its animations with `addAnimations`. A `duration`
    /// that is not finite is taken as 0, with a warning (T6): the animations then end as
    /// they start, as with a duration of 0.
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        let imposed = parameters.springTimingParameters?.imposedDuration
        self.duration = imposed ?? TimingValueRule.finite.orZero(duration, "UIViewPropertyAnimator duration", later: "durations")
        timingParameters = parameters
        timeline = AnimatorTimeline(duration: self.duration, curve: AnimatorCurve(parameters))
    }

    /// An animator that starts at once, after `delay`, with UIKit's curve from `options`.
    /// Its result may be left unused without a warning, as Swift imports the Objective-C
    /// method on iOS: apps often start one and keep nothing.
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                               options: UIView.AnimationOptions = [],
                                               animations: @escaping @MainActor () -> Void,
                                               completion: (@MainActor (UIViewAnimatingPosition) -> Void)? = nil)
        -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        completion.map { animator.addCompletion($0) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Rules (PA2)

    /// The calls whose rules `check(_:)` knows.
    public enum Operation: Sendable {
        case start, pause, stop, finish, continueAnimation, setInterruptible, setUserInteractionEnabled
    }

    /// Why UIKit would reject `operation` now, or nil when it is allowed (PA2).
    public func check(_ operation: Operation) -> UIViewAnimationError? {
        switch (operation, state) {
        case (.start, .stopped), (.pause, .stopped):
            let call = operation == .start ? "startAnimation()" : "pauseAnimation()"
            return UIViewAnimationError("\(call) is not allowed on a stopped animator; call finishAnimation(at:) on ",
                                        subject: "it", " first")
        case (.finish, .inactive), (.finish, .active):
            return UIViewAnimationError("finishAnimation(at:) needs a stopped animator; ", subject: "it", " is \(state)")
        case (.continueAnimation, _) where state != .active || isRunning:
            return UIViewAnimationError("continueAnimation(withTimingParameters:durationFactor:) needs a paused animator; ",
                                        subject: "it", " is \(isRunning ? "running" : "\(state)")")
        case (.setInterruptible, .active), (.setUserInteractionEnabled, .active):
            let name = operation == .setInterruptible ? "isInterruptible" : "isUserInteractionEnabled"
            return UIViewAnimationError("\(name) cannot change while ", subject: "the animator", " is active")
        case (.pause, .active) where !isInterruptible && isRunning, (.stop, .active) where !isInterruptible && isRunning:
            return UIViewAnimationError("\(operation == .pause ? "pauseAnimation()" : "stopAnimation(_:)") cannot interrupt ",
                                        subject: "the animator", ": it is running and isInterruptible is false")
        default:
            return nil
        }
    }

    private func require(_ operation: Operation) {
        if let problem = check(operation) { preconditionFailure(problem.message) }
    }

    // MARK: Controls (PA1)

    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Runs (or resumes) the animations after `delay` seconds; a negative delay is taken as
    /// 0, and so is one that is not finite, with a warning (T6).
    public func startAnimation(afterDelay delay: TimeInterval) {
        let delay = TimingValueRule.finite.orZero(delay, "UIViewPropertyAnimator.startAnimation delay", later: "delays")
        require(.start)
        if state == .inactive {
            self.delay = delay
            activate()
        }
        guard !isRunning else { return }
        isRunning = true
        timeline.run(from: CACurrentMediaTime() + max(delay, 0))
        courseChanged()
    }

    /// Holds the animations where they are; an inactive animator becomes active, paused at the start.
    public func pauseAnimation() {
        require(.pause)
        if state == .inactive { activate() }
        guard isRunning else { return }
        timeline.hold(at: CACurrentMediaTime())
        isRunning = false
        courseChanged()
    }

    /// Stops at the values on screen: `true` ends it (inactive, no completion); `false`
    /// leaves it stopped until `finishAnimation(at:)` (PA1).
    public func stopAnimation(_ withoutFinishing: Bool) {
        require(.stop)
        guard state != .inactive else { return }
        if state == .active {
            settle(at: .current)
            timeline.hold(at: CACurrentMediaTime())
            isRunning = false
            cancelScheduledEnd()
        }
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { reset() }
    }

    /// Ends a stopped animator with its properties at `finalPosition`, running its completions.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        require(.finish)
        settle(at: finalPosition)
        complete(at: finalPosition)
    }

    /// The animation's progress, 0 at its start and 1 at its end. Setting it scrubs a
    /// paused animator (PA3); it does nothing while running; an inactive animator
    /// becomes active, paused there.
    public var fractionComplete: CGFloat {
        get { timeline.fraction(at: CACurrentMediaTime()) }
        set {
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else { return }
            timeline.scrub(to: min(max(newValue, 0), 1), linearly: scrubsLinearly)
        }
    }

    /// Runs the animations backwards from where they are; finishing reversed reports `.start` (PA4).
    public var isReversed: Bool {
        get { timeline.isReversed }
        set {
            guard newValue != timeline.isReversed else { return }
            timeline.reverse(at: CACurrentMediaTime())
            courseChanged()
        }
    }

    // MARK: Adding (PA5)

    /// Adds animations that run from now to the end, with the animator's timing.
    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start after `delayFactor` × the remaining duration and end
    /// with the others (PA5: 0.5 with 2 s remaining starts them 1 s later).
    public func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat) {
        let finite = TimingValueRule.finite.orZero(Double(delayFactor), "UIViewPropertyAnimator.addAnimations delayFactor",
                                                   later: "delay factors")
        let factor = CGFloat(min(max(finite, 0), 1))
        guard state == .active else { return pendingAnimations.append((animation, factor)) }
        install(animation, delayFactor: factor)
    }

    public func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    /// Resumes a paused animator from where it is, with new timing (nil keeps the current),
    /// the rest taking `durationFactor` × the original duration (PA6): UIKit multiplies the
    /// original duration by the factor "to obtain the new duration for the animations",
    /// what is left of them, so the common `durationFactor: 1 - fractionComplete` keeps the
    /// original pace. A factor of 0 or less keeps the time the rest would have taken (as
    /// Apple's WWDC 2017 "Advanced Animations with UIKit" code passes 0 to just go on); so
    /// is a factor that is not finite, with a warning (T6).
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        require(.continueAnimation)
        let factor = TimingValueRule.finite.orZero(Double(durationFactor), "UIViewPropertyAnimator.continueAnimation durationFactor",
                                                   later: "factors")
        timeline.retime(at: CACurrentMediaTime(), remaining: factor > 0 ? duration * factor : nil,
                        curve: parameters.map { AnimatorCurve($0) })
        isRunning = true
        timeline.run(from: CACurrentMediaTime())
        courseChanged()
    }

    // MARK: Running

    /// Becomes active: the animation blocks given so far run now, recorded as driven animations.
    private func activate() {
        state = .active
        let pending = pendingAnimations
        pendingAnimations = []
        for (animations, factor) in pending { install(animations, delayFactor: factor) }
    }

    /// Runs `animations` in a recording block and drives what it changed from here on.
    private func install(_ animations: @MainActor () -> Void, delayFactor: Double) {
        let now = CACurrentMediaTime()
        let fraction = timeline.fraction(at: now)
        let group = Group(start: fraction + delayFactor * (1 - fraction))
        let state = UIViewAnimationState.current
        let block = UIViewAnimationBlock(kind: .animator, duration: duration, delay: 0, timing: .curve(nil),
                                         options: [], completion: nil)
        state.blocks.append(block)
        animations()
        state.blocks.removeAll { $0 === block }
        let start = group.start
        for change in block.changes where change.from != change.to {
            group.add(change, repetition: change.repetition ?? block.setterRepetition,
                      driven: { [timeline] t in timeline.value(at: t, groupStart: start) })
        }
        group.setHeld(!isRunning)
        blocks.append(group)
    }

    /// Schedules the end of the current course: the moment the timeline reaches its end
    /// (or start, reversed) if it runs. An earlier end no longer applies and is cancelled,
    /// so it does not count as work to come.
    private func courseChanged() {
        cancelScheduledEnd()
        for group in blocks { group.setHeld(!isRunning) }
        guard isRunning, let end = timeline.endTime() else { return }
        scheduledEnd = VirtualRunLoop.current.schedule(at: end) { [weak self] in
            self?.scheduledEnd = nil
            self?.reachedEnd()
        }
    }

    private func cancelScheduledEnd() {
        if let scheduledEnd { VirtualRunLoop.current.cancelScheduled(scheduledEnd) }
        scheduledEnd = nil
    }

    private func reachedEnd() {
        let position: UIViewAnimatingPosition = timeline.isReversed ? .start : .end
        if pausesOnCompletion {
            timeline.hold(at: CACurrentMediaTime())
            isRunning = false
            courseChanged()
            return
        }
        settle(at: position)
        complete(at: position)
    }

    /// Removes the driven animations and puts the model at `position`. The blocks stay
    /// until `reset()`, so a stopped animator can still finish at the start or the end.
    ///
    /// At the start the blocks settle last-added first: a block added later starts from
    /// the values the earlier ones animate to, so the first block's start values must be
    /// the ones left.
    private func settle(at position: UIViewAnimatingPosition) {
        let now = CACurrentMediaTime()
        for group in position == .start ? blocks.reversed() : blocks {
            group.settle(at: position, fraction: timeline.value(at: now, groupStart: group.start))
        }
        cancelScheduledEnd()
    }

    private func complete(at position: UIViewAnimatingPosition) {
        isRunning = false
        state = .inactive
        let handlers = completions
        reset()
        VirtualRunLoop.current.schedule(at: CACurrentMediaTime()) {
            for handler in handlers { handler(position) }
        }
    }

    /// Back to a fresh inactive animator: blocks and completions are used up.
    private func reset() {
        blocks = []
        completions = []
        pendingAnimations = []
        timeline.reset()
        cancelScheduledEnd()
    }
}
