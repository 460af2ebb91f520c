import Foundation

/// A request to stop a render, made from any thread (the CLI's signal handlers) and
/// checked by `FramePipeline` between batches. A stopped pipeline throws `Stopped` through
/// its normal error path, so the sink's `cancel()` ends ffmpeg and removes partial files.
public final class RenderCancellation: @unchecked Sendable {
    /// Thrown by a pipeline that stopped because it was asked to.
    public struct Stopped: Error, CustomStringConvertible {
        /// The signal that asked (SIGINT, SIGTERM).
        public let signal: Int32

        public var description: String { "the render was stopped by signal \(signal)" }
    }

    private let lock = NSLock()
    private var requested: Int32?
    /// Set once the output is final: a request after that comes too late.
    private var finished = false
    private var handlers: [@Sendable (Int32) -> Void] = []

    public init() {}

    /// Asks the render to stop, unless its output is already final (`finishing`); the first
    /// signal is the one reported, and the `whenCancelled` handlers run, on this thread.
    public func cancel(signal: Int32) {
        let toRun: [@Sendable (Int32) -> Void] = lock.withLock {
            guard requested == nil, !finished else { return [] }
            requested = signal
            return handlers
        }
        toRun.forEach { $0(signal) }
    }

    /// Runs `handler` when the render is asked to stop (at once if it has been), on the
    /// thread that asks: for a helper that must hear of it before the render's next check,
    /// such as an ffmpeg flushing its last frames.
    public func whenCancelled(_ handler: @escaping @Sendable (Int32) -> Void) {
        let signal: Int32? = lock.withLock {
            if requested == nil { handlers.append(handler) }
            return requested
        }
        if let signal { handler(signal) }
    }

    /// Runs `body`, the step that makes the output final (a video's rename), unless the render
    /// has been asked to stop; a request during or after it is too late, and ignored.
    /// - Throws: `Stopped` instead of running `body` once asked to stop; `body`'s errors.
    public func finishing(_ body: () throws -> Void) throws {
        try lock.withLock {
            if let requested { throw Stopped(signal: requested) }
            try body()
            finished = true
        }
    }

    /// The signal that asked the render to stop, nil while it has not been asked.
    public var signal: Int32? { lock.withLock { requested } }

    /// - Throws: `Stopped` once the render has been asked to stop.
    public func check() throws {
        if let signal { throw Stopped(signal: signal) }
    }
}
