import Foundation

extension UIViewAnimationBlock {
    /// Whether `count`, given by `function` (`setAnimationRepeatCount`,
    /// `modifyAnimations`), may repeat this block's changes.
    ///
    /// A count is cycles, as `CAMediaTiming.repeatCount`: 0 or more, infinity repeating
    /// forever; a negative count or NaN counts nothing (T2). In a property animator's block
    /// the cycles share the animator's duration, so they cannot be infinitely many (PA8).
    /// A refused count leaves the block's repeat settings as they were, and the first
    /// refusal of each function for each reason in a process writes one line to standard
    /// error, as a layer refusing a value that is not finite does (G12).
    func accepts(repeatCount count: Double, from function: String) -> Bool {
        let reason: String
        if !TimingValueRule.repeats.accepts(count) {
            reason = "is not 0 or more"
        } else if case .animator = kind, count.isInfinite {
            reason = "cannot be infinite in a UIViewPropertyAnimator, whose changes run within its duration"
        } else {
            return true
        }
        OnceWarnings.write(about: "\(function) \(reason)",
                           "flipbook: warning: \(function) count \(NonFiniteValues.number(count)) \(reason); the block's "
                               + "repeat settings apply instead, and later such counts are ignored without a warning")
        return false
    }
}
