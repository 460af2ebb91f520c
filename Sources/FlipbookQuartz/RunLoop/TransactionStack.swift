/// The run loop's open transactions, outermost first (TX2): what `CATransaction` reads
/// and sets, and what a turn's end commits.
final class TransactionStack {
    private unowned let runLoop: VirtualRunLoop
    private var levels: [TransactionLevel] = []
    /// The layers whose committed values the presentation shows until the outermost commit.
    private var changedLayers: [CALayer] = []

    init(runLoop: VirtualRunLoop) { self.runLoop = runLoop }

    /// The innermost open transaction; opens the turn's implicit one when none is.
    var current: TransactionLevel {
        if levels.isEmpty { begin(implicit: true) }
        return levels[levels.count - 1]
    }

    /// The value the innermost transaction that sets `keyPath` gives it; nil when none does.
    func setting<Value>(_ keyPath: KeyPath<TransactionLevel, Value?>) -> Value? {
        levels.reversed().lazy.compactMap { $0[keyPath: keyPath] }.first
    }

    /// The value the innermost transaction that sets `key` by key gives it.
    func value(forKey key: String) -> Any? {
        levels.reversed().lazy.compactMap { $0.values[key] }.first
    }

    /// Opens a transaction; an explicit one opened first in a turn goes inside the turn's
    /// implicit one.
    func begin(implicit: Bool) {
        if levels.isEmpty && !implicit { levels.append(TransactionLevel(isImplicit: true)) }
        levels.append(TransactionLevel(isImplicit: implicit))
    }

    /// Commits the innermost explicit transaction (or the implicit one when none is open).
    /// The outermost one first lays out the shown trees, so layout's changes are part of it.
    func commit() {
        if levels.count == 1 { runLoop.layOutShownTrees() }
        guard let level = levels.popLast() else { return }
        finish(level)
        if levels.isEmpty { didCommitOutermost() }
    }

    /// `CATransaction.flush()`: commits the implicit transaction, unless an explicit one
    /// is open — then the commit waits for the turn's end, as Core Animation's does.
    func flushImplicit() {
        guard levels.allSatisfy(\.isImplicit) else { return }
        flush()
    }

    /// Commits every open transaction: the end of a turn. Layers added to a shown tree
    /// count as committed from here even when nothing changed.
    func flush() {
        if levels.isEmpty { runLoop.layOutShownTrees() }
        guard !levels.isEmpty else { return didCommitOutermost() }
        while !levels.isEmpty { commit() }
    }

    /// Notes that `layer` changed in the current transaction, so that its committed values
    /// are forgotten when the outermost one commits.
    func layerChanged(_ layer: CALayer) {
        _ = current
        changedLayers.append(layer)
    }

    /// Makes the completion of every open transaction not committed yet wait for `attached` (TX3).
    func addToCompletions(_ attached: AttachedAnimation) {
        _ = current
        for level in levels {
            guard let group = level.completion, !group.isCommitted else { continue }
            group.pending += 1
            attached.groups.append(group)
        }
    }

    private func finish(_ level: TransactionLevel) {
        guard let group = level.completion else { return }
        group.isCommitted = true
        group.runIfDone(on: runLoop)
    }

    /// The end of the outermost transaction: old values are forgotten and every layer in
    /// a shown tree counts as committed.
    private func didCommitOutermost() {
        for layer in changedLayers { layer.forgetCommittedState() }
        changedLayers = []
        runLoop.markShownTreesCommitted()
    }
}
