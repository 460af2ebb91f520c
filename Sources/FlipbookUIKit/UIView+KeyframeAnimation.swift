import Foundation

/// Keyframe view animations (K1, K2).
extension UIView {
    /// Animates the keyframes `animations` adds with `addKeyframe`, over `duration`.
    ///
    /// Each keyframe's changes run over its share of the duration; a change made outside
    /// every keyframe runs over the whole of it. Within a segment the pace is linear
    /// unless the options carry a curve, which then shapes the whole animation; the
    /// calculation mode options choose how values are interpolated (FACTS §4).
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [],
                                        animations: @escaping @MainActor () -> Void,
                                        completion: (@MainActor (Bool) -> Void)? = nil) {
        let state = UIViewAnimationState.current
        let block = UIViewAnimationBlock.nested("UIView.animateKeyframes", kind: .keyframes(options), duration: duration, delay: delay,
                                                ownTiming: .curve(options.curve?.timingFunction), ownSpring: false,
                                                options: options.animationOptions, in: state.blocks.last,
                                                completion: completion)
        state.run(block, animations)
    }

    /// Adds a keyframe whose changes run from `frameStartTime` for `frameDuration`, both
    /// fractions (0…1) of the enclosing keyframe animation; outside one, the changes are
    /// made as if there were no keyframe. A fraction that is NaN or infinite is taken as 0,
    /// with a warning the first time each argument is refused (T6): a keyframe from the
    /// start, or one whose changes are made at its start time (Apple's rule for 0).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping @MainActor () -> Void) {
        guard let block = UIViewAnimationState.current.blocks.last, case .keyframes = block.kind else {
            return animations()
        }
        let outer = block.currentKeyframe
        let start = TimingValueRule.finite.orZero(frameStartTime, "UIView.addKeyframe relativeStartTime",
                                                  later: "relative start times")
        let duration = TimingValueRule.finite.orZero(frameDuration, "UIView.addKeyframe relativeDuration",
                                                     later: "relative durations")
        block.currentKeyframe = .init(start: min(max(start, 0), 1), duration: max(duration, 0))
        animations()
        block.currentKeyframe = outer
    }
}
