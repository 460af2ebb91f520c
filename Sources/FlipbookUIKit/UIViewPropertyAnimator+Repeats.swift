import Foundation

/// Changes that repeat in a property animator (PA8): made inside
/// `modifyAnimations(withRepeatCount:autoreverses:animations:)`, or in an animation block
/// that calls `setAnimationRepeatCount` or `setAnimationRepeatAutoreverses`.
///
/// Apple documents `modifyAnimations` only as needing "an enclosing animation block", and
/// says of an animator that the blocks given to it "are executed over the time specified
/// by the duration property". So the cycles share the animator's duration: the animator's
/// progress (its curve applied) runs through them, and `fractionComplete`, scrubbing,
/// reversing, stopping and the completion keep acting on the whole. A cycle is there and
/// back when autoreversing; counts are read as `CAMediaTiming.repeatCount` reads them (T2):
/// one below 1 runs one cycle, a fractional one ends part-way, and a whole count
/// autoreversing ends on the old value, which jumps to the new one when the animator ends.
extension UIViewAnimationBlock.Repetition {
    /// The progress of a repeated change (0 at its old value, 1 at its new one) when the
    /// animator's progress is `progress`; a spring's overshoot past either end carries on
    /// through the first or the last cycle.
    func progress(atAnimatorProgress progress: Double) -> Double {
        let cycles = Double(count) > 1 ? Double(count) : 1
        let position = progress * cycles
        let cycle = min(max(position.rounded(.up) - 1, 0), cycles.rounded(.up) - 1)
        let inCycle = position - cycle
        guard autoreverses else { return inCycle }
        return inCycle <= 0.5 ? 2 * inCycle : 2 - 2 * inCycle
    }
}

extension UIViewAnimationBlock {
    /// The repetition the block's own setters give its changes (`setAnimationRepeatCount`,
    /// `setAnimationRepeatAutoreverses`), if either was called.
    var setterRepetition: Repetition? {
        guard repeatCount != nil || repeatAutoreverses else { return nil }
        return Repetition(count: repeatCount ?? 0, autoreverses: repeatAutoreverses)
    }
}
