import Foundation

/// Work run on `jobs` worker threads whose results are taken back in the order the work
/// was handed in: for commands that must prepare each item on the caller's thread
/// (loading and simulating a scene stay on the main actor) and can leave the rest
/// (drawing, comparing, encoding) to workers, with their output in a stable order.
///
/// What a caller prints from the results does not depend on `jobs` or on which worker
/// finishes first. The workers are threads of their own, kept until the jobs are
/// released: a thread that draws text sets up fonts once (Pango keeps a font map per
/// thread), and work that waits does not hold up Dispatch's shared pool.
public final class OrderedJobs<Output: Sendable>: Sendable {
    private let state = State()

    /// Worker threads; at least 1.
    public let jobs: Int

    public init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Lets the workers end once the queue is empty.
    deinit { state.close() }

    /// Items handed in and not yet taken back.
    public var pending: Int { state.withLock { $0.submitted - $0.taken } }

    /// Queues `work` for the next free worker; returns at once.
    public func submit(_ work: @escaping @Sendable () throws -> Output) {
        let startWorkers = state.withLock { state in
            state.queue.append((state.submitted, work))
            state.submitted += 1
            defer { state.started = true }
            return !state.started
        }
        if startWorkers {
            for _ in 0..<jobs { Thread { [state] in state.workUntilClosed() }.start() }
        }
        state.condition.broadcast()
    }

    /// The result of the oldest item not yet taken, waiting for it; nil when every item
    /// handed in has been taken.
    public func takeNext() -> Result<Output, Error>? {
        state.condition.lock()
        defer { state.condition.unlock() }
        guard state.taken < state.submitted else { return nil }
        while state.results[state.taken] == nil { state.condition.wait() }
        defer { state.taken += 1 }
        return state.results.removeValue(forKey: state.taken)
    }

    /// The queue and results, shared with the workers under `condition`.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var queue: [(index: Int, work: @Sendable () throws -> Output)] = []
        var results: [Int: Result<Output, Error>] = [:]
        var submitted = 0, taken = 0
        var started = false, closed = false

        func withLock<R>(_ body: (State) -> R) -> R {
            condition.lock()
            defer { condition.unlock() }
            return body(self)
        }

        func close() {
            withLock { $0.closed = true }
            condition.broadcast()
        }

        func workUntilClosed() {
            condition.lock()
            while true {
                while queue.isEmpty && !closed { condition.wait() }
                if queue.isEmpty { break }
                let (index, work) = queue.removeFirst()
                condition.unlock()
                let result = Result { try work() }
                condition.lock()
                results[index] = result
                condition.broadcast()
            }
            condition.unlock()
        }
    }
}
