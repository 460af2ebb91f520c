import Foundation

/// Groups layer changes into one atomic update, with settings for the implicit
/// animations they cause (TX2).
///
/// Every run-loop turn has an implicit transaction, created by the first change and
/// committed when the turn ends; `begin()`/`commit()` nest explicit ones inside it.
/// Settings are read through the nesting: an inner transaction sees an outer one's
/// duration unless it sets its own.
public enum CATransaction {
    public static func begin() { VirtualRunLoop.current.transactions.begin(implicit: false) }

    public static func commit() { VirtualRunLoop.current.transactions.commit() }

    /// Commits the implicit transaction now; while an explicit one is open, the commit
    /// waits for the end of the turn.
    public static func flush() { VirtualRunLoop.current.transactions.flushImplicit() }

    /// 0.25 s unless set in this transaction or an enclosing one.
    public static func animationDuration() -> Double {
        VirtualRunLoop.current.transactions.setting(\.duration) ?? 0.25
    }

    public static func setAnimationDuration(_ duration: Double) {
        VirtualRunLoop.current.transactions.current.duration = duration
    }

    /// nil unless set: implicit animations then use the `default` curve.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        VirtualRunLoop.current.transactions.setting(\.timingFunction)
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        VirtualRunLoop.current.transactions.current.timingFunction = function
    }

    public static func disableActions() -> Bool {
        VirtualRunLoop.current.transactions.setting(\.disableActions) ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        VirtualRunLoop.current.transactions.current.disableActions = flag
    }

    public static func completionBlock() -> (() -> Void)? {
        VirtualRunLoop.current.transactions.current.completion?.block
    }

    /// Runs `block` once every animation added to layers after this call, in this
    /// transaction, has stopped; at once (in the next turn) if there are none (TX3).
    /// The block runs in a new turn, so its changes are a new transaction.
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        VirtualRunLoop.current.transactions.current.completion = block.map { CompletionGroup(block: $0) }
    }
}
