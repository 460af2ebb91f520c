/// One level of the transaction stack: the settings an open transaction has set.
final class TransactionLevel {
    let isImplicit: Bool
    var duration: Double?
    var timingFunction: CAMediaTimingFunction?
    var disableActions: Bool?
    var completion: CompletionGroup?

    init(isImplicit: Bool) { self.isImplicit = isImplicit }
}
