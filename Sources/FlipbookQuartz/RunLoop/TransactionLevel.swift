/// One level of the transaction stack: the settings an open transaction has set.
final class TransactionLevel {
    let isImplicit: Bool
    var duration: Double?
    var timingFunction: CAMediaTimingFunction?
    var disableActions: Bool?
    var completion: CompletionGroup?
    /// Values set by key (`CATransaction.setValue(_:forKey:)`) other than the settings above.
    var values: [String: Any] = [:]

    init(isImplicit: Bool) { self.isImplicit = isImplicit }
}
