import Foundation

/// UIView's block animations (V2–V14, V17).
///
/// Property changes made inside a block become Core Animation animations on the views'
/// layers, and the block's completion runs when the last of them stops.
extension UIView {
    /// Animates the changes `animations` makes, after `delay`, over `duration` seconds.
    ///
    /// The block runs at once, so model values change now (V2); until the delay passes
    /// the old values stay on screen. Position, bounds, frame and transform animate
    /// additively, alpha and backgroundColor replace an animation in flight (V3, V4).
    /// `completion` runs once, at the virtual time the last animation stops, with
    /// whether all of them finished; at once with true when nothing animates (V5, V14).
    /// A block inside another block inherits its duration, delay and curve (V6–V8).
    /// A duration of 0 applies the changes without animation.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               options: AnimationOptions = [],
                               animations: @escaping @MainActor () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: delay, timing: .curve(options.curve.timingFunction), ownSpring: false,
                 options: options, animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay and the
    /// ease-in-ease-out curve.
    public static func animate(withDuration duration: TimeInterval,
                               animations: @escaping @MainActor () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates along UIKit's spring for `duration`: `dampingRatio` 1 settles without
    /// overshoot, smaller values oscillate; `velocity` is the initial speed in total
    /// distances per second (FACTS §2). Nested blocks inherit the spring (V8). A ratio or
    /// velocity that is NaN or infinite is taken as 1 or 0, with a warning the first time (T6).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [],
                               animations: @escaping @MainActor () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        let timing = UIViewAnimationBlock.Timing.spring(dampingRatio: springParameter(dampingRatio, or: 1, "usingSpringWithDamping"),
                                                        velocity: springParameter(velocity, or: 0, "initialSpringVelocity"))
        runBlock(duration: duration, delay: delay, timing: timing,
                 ownSpring: true, options: options, animations: animations, completion: completion)
    }

    /// Animates along the iOS 17 perceptual spring of `UISpringTimingParameters(duration:bounce:)`:
    /// mass 1, stiffness (2π / duration)², damping ratio 1 − bounce (FACTS §2). The
    /// animations last `duration`, as a property animator with those parameters does here;
    /// `initialSpringVelocity` is in total distances per second. Nested blocks inherit the
    /// spring (V8). A spring parameter that is NaN or infinite, or a bounce outside Apple's −1
    /// (not included) to 1, takes its default (duration 0.5, bounce and velocity 0), with a
    /// warning the first time each is refused (T6).
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0,
                               initialSpringVelocity: CGFloat = 0.0, delay: TimeInterval = 0.0,
                               options: AnimationOptions = [],
                               animations: @MainActor () -> Void,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        runBlock(duration: springParameter(duration, or: 0.5, "springDuration"), delay: delay,
                 timing: .perceptualSpring(bounce: TimingValueRule.bounce.accepted(bounce, or: 0, "UIView.animate bounce",
                                                                                   later: "bounce values"),
                                           velocity: springParameter(initialSpringVelocity, or: 0, "initialSpringVelocity")),
                 ownSpring: true, options: options, animations: animations, completion: completion)
    }

    /// `value` when it is finite, else `fallback` (T6): as for `UISpringTimingParameters`, 0
    /// is no spring for a duration and a damping ratio of 0 never settles, so a spring
    /// parameter takes its default, not T6's 0 for a block's duration or delay.
    private static func springParameter(_ value: Double, or fallback: Double, _ argument: String) -> Double {
        TimingValueRule.finite.accepted(value, or: fallback, "UIView.animate \(argument)", later: "\(argument) values")
    }

    private static func runBlock(duration: TimeInterval, delay: TimeInterval, timing: UIViewAnimationBlock.Timing,
                                 ownSpring: Bool, options: AnimationOptions,
                                 animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)?) {
        let state = UIViewAnimationState.current
        let block = UIViewAnimationBlock.nested("UIView.animate", kind: .block, duration: duration, delay: delay, ownTiming: timing,
                                                ownSpring: ownSpring, options: options, in: state.blocks.last,
                                                completion: completion)
        state.run(block, animations)
    }

    /// Runs `actionsWithoutAnimation` with animations disabled: its changes, even inside
    /// nested blocks, apply at once; completions are still called (V13).
    public static func performWithoutAnimation(_ actionsWithoutAnimation: @MainActor () -> Void) {
        let state = UIViewAnimationState.current
        let wasEnabled = state.animationsEnabled
        state.animationsEnabled = false
        actionsWithoutAnimation()
        state.animationsEnabled = wasEnabled
    }

    /// Turns block animations on or off for changes made from now on; animations
    /// already added, even delayed ones, still run (V14).
    public static func setAnimationsEnabled(_ enabled: Bool) {
        UIViewAnimationState.current.animationsEnabled = enabled
    }

    /// Whether block animations are on (V14); `performWithoutAnimation` turns them off inside.
    public static var areAnimationsEnabled: Bool { UIViewAnimationState.current.animationsEnabled }

    /// The duration of the innermost open block, or 0 outside every block.
    public static var inheritedAnimationDuration: TimeInterval {
        UIViewAnimationState.current.blocks.last?.duration ?? 0
    }

    /// Sets how many times the innermost block's animations repeat (with `.repeat`, instead
    /// of forever); with autoreverse, n + 0.5 ends on the new values (V10). A negative count
    /// or NaN is refused with a warning, the block keeping its settings (T2); so is infinity
    /// in a property animator's block, whose changes run within its duration (PA8).
    public static func setAnimationRepeatCount(_ repeatCount: Float) {
        guard let block = UIViewAnimationState.current.blocks.last,
              block.accepts(repeatCount: Double(repeatCount), from: "setAnimationRepeatCount") else { return }
        block.repeatCount = repeatCount
    }

    /// Whether the innermost block's animations run back after each cycle, as the
    /// `.autoreverse` option does; in a block-based animation as in a begin/commit one, as
    /// Apple documents for `setAnimationRepeatCount(_:)` (for this one it says only that it
    /// does nothing outside a block: V10, OURS). With a count, n + 0.5 ends on the new values.
    public static func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        UIViewAnimationState.current.blocks.last?.repeatAutoreverses = repeatAutoreverses
    }

    /// Repeats the animations of the changes `animations` makes `count` times, running
    /// each cycle forward and back when `autoreverses` (iOS 13).
    ///
    /// Call it inside an animation block: the changes animate with that block's duration,
    /// delay and curve, and its completion waits for the repeats; the count and autoreverse
    /// replace the block's (`.repeat`, `.autoreverse`, `setAnimationRepeatCount(_:)`) for
    /// these changes only. The count is in cycles, as `CAMediaTiming.repeatCount`: it may be
    /// fractional, 0 runs once, and a cycle is there and back when autoreversing, so a
    /// whole count ends on the old values and then jumps to the new ones, n + 0.5 ends on
    /// the new ones (V10, T2). Outside every animation block the changes apply at once.
    /// A block started inside `animations` keeps its own settings (Apple: the inverse
    /// nesting doesn't work). In a keyframe block a property's whole keyframe animation
    /// repeats. In a property animator's animations the cycles share the animator's
    /// duration, so scrubbing, reversing and stopping act on all of them (PA8). A negative
    /// count or NaN — or infinity in a property animator — is refused with a warning: the
    /// changes keep the block's settings (T2).
    public static func modifyAnimations(withRepeatCount count: CGFloat, autoreverses: Bool,
                                        animations: () -> Void) {
        // Checked as the Float it is kept as, which 1e300 overflows to infinity.
        guard let block = UIViewAnimationState.current.blocks.last,
              block.accepts(repeatCount: Double(Float(count)), from: "modifyAnimations") else { return animations() }
        let outer = block.currentRepetition
        block.currentRepetition = UIViewAnimationBlock.Repetition(count: Float(count), autoreverses: autoreverses)
        animations()
        block.currentRepetition = outer
    }
}
