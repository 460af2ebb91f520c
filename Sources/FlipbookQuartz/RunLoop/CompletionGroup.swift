/// A transaction's completion block and the animations it waits for (TX3).
final class CompletionGroup {
    let block: () -> Void
    var pending = 0
    var isCommitted = false
    private var hasRun = false

    init(block: @escaping () -> Void) { self.block = block }

    /// Schedules the block when the transaction is committed and nothing is pending.
    func runIfDone(on runLoop: VirtualRunLoop) {
        guard isCommitted, pending == 0, !hasRun else { return }
        hasRun = true
        runLoop.schedule(at: runLoop.now, block)
    }
}
