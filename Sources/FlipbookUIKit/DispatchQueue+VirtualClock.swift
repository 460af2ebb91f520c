import Foundation

/// The main queue on the virtual clock: blocks given to `async` and `asyncAfter(deadline:)`
/// run as turns of the stage's run loop at virtual times, as timers and completions do,
/// so `DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { … }` runs half a second of
/// recorded time later, during `Recorder.render`.
///
/// These overloads have fewer parameters than Dispatch's (no `qos:`, `flags:`, `group:`),
/// so Swift picks them for the calls iOS code writes, in files that import Foundation too.
/// A block runs on the main actor, as a block on iOS's main queue does; every queue's
/// blocks go to the virtual clock, in order, on the stage's thread (no block runs
/// concurrently: the result does not depend on threads). Outside a recording, the blocks
/// wait on `VirtualRunLoop.current` until a stage runs it; nothing ever reads the wall clock.
extension DispatchQueue {
    /// Runs `work` in a turn of its own, after the current turn, at the same virtual time.
    public func async(execute work: @escaping @MainActor @Sendable () -> Void) {
        schedule(at: CACurrentMediaTime(), work)
    }

    /// Runs `work` in a turn of its own at `deadline` on the virtual clock (now, if it has passed).
    public func asyncAfter(deadline: VirtualTime, execute work: @escaping @MainActor @Sendable () -> Void) {
        schedule(at: deadline.seconds, work)
    }

    /// Performs `item` at `deadline` on the virtual clock unless it has been cancelled by then.
    public func asyncAfter(deadline: VirtualTime, execute item: DispatchWorkItem) {
        guard deadline.seconds.isFinite else { return }
        VirtualRunLoop.current.schedule(at: deadline.seconds) { if !item.isCancelled { item.perform() } }
    }

    private func schedule(at time: Double, _ work: @escaping @MainActor @Sendable () -> Void) {
        guard time.isFinite else { return }
        VirtualRunLoop.current.schedule(at: time) { MainActor.assumeIsolated { work() } }
    }
}
