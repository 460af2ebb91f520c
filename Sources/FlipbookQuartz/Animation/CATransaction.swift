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

    /// Commits the innermost transaction. Without an explicit one open it commits the
    /// turn's implicit transaction, and with none at all it does nothing: an unmatched
    /// commit does not raise (TX2).
    public static func commit() { VirtualRunLoop.current.transactions.commit() }

    /// Commits the implicit transaction now; while an explicit one is open, the commit
    /// waits for the end of the turn.
    public static func flush() { VirtualRunLoop.current.transactions.flushImplicit() }

    /// 0.25 s unless set in this transaction or an enclosing one.
    public static func animationDuration() -> Double {
        VirtualRunLoop.current.transactions.setting(\.duration) ?? 0.25
    }

    /// Sets the duration of the implicit animations this transaction (and those nested in
    /// it) makes, and of explicit ones added with a duration of 0. A negative duration, NaN
    /// or infinity is refused with a warning, the transaction keeping the duration it had
    /// (T6): Apple documents "an interval of time", and an animation refuses such a duration.
    public static func setAnimationDuration(_ duration: Double) {
        guard !TimingValueRule.duration.refuses(duration, about: "CATransaction.setAnimationDuration",
                                                { "CATransaction.setAnimationDuration \($0)" },
                                                "the transaction keeps \(NonFiniteValues.number(animationDuration()))",
                                                later: "durations are ignored") else { return }
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

    // MARK: Values by key

    /// Sets a value of the innermost transaction by key (TX2): the settings under their
    /// keys (`kCATransactionAnimationDuration`, `kCATransactionAnimationTimingFunction`,
    /// `kCATransactionDisableActions`, `kCATransactionCompletionBlock`), as their setters
    /// do, and any other key as data of this transaction that nested ones see too.
    /// A value of the wrong type for a setting's key is ignored.
    public static func setValue(_ value: Any?, forKey key: String) {
        let level = VirtualRunLoop.current.transactions.current
        switch key {
        case kCATransactionAnimationDuration:
            if let value, case .number(let seconds)? = AnimationValue(value) { setAnimationDuration(seconds) }
            if value == nil { level.duration = nil }
        case kCATransactionAnimationTimingFunction:
            if value == nil || value is CAMediaTimingFunction { level.timingFunction = value as? CAMediaTimingFunction }
        case kCATransactionDisableActions:
            if value == nil || value is Bool { level.disableActions = value as? Bool }
        case kCATransactionCompletionBlock:
            if value == nil || value is () -> Void {
                level.completion = (value as? () -> Void).map { CompletionGroup(block: $0) }
            }
        default:
            level.values[key] = value
        }
    }

    /// The value for `key` in the innermost transaction that sets it; a setting's key gives
    /// what its getter gives (the duration is 0.25 unless set), another key nil unless set.
    public static func value(forKey key: String) -> Any? {
        switch key {
        case kCATransactionAnimationDuration: animationDuration()
        case kCATransactionAnimationTimingFunction: animationTimingFunction()
        case kCATransactionDisableActions: disableActions()
        case kCATransactionCompletionBlock: completionBlock()
        default: VirtualRunLoop.current.transactions.value(forKey: key)
        }
    }

    // MARK: Locking

    /// Takes Core Animation's lock, which keeps other threads from changing layers until
    /// `unlock()`. Layers here change on the main actor only, so there is nothing to
    /// exclude: both calls do nothing, and are kept so code that makes them runs as is.
    public static func lock() {}

    /// Releases the lock `lock()` took; does nothing here (see `lock()`).
    public static func unlock() {}
}

/// The key of `CATransaction.value(forKey:)` for the animation duration.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of `CATransaction.value(forKey:)` for whether actions are disabled.
public let kCATransactionDisableActions = "disableActions"
/// The key of `CATransaction.value(forKey:)` for the timing function.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of `CATransaction.value(forKey:)` for the completion block.
public let kCATransactionCompletionBlock = "completionBlock"
