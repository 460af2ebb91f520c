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

    public init() {}

    /// Asks the render to stop; the first signal is the one reported.
    public func cancel(signal: Int32) {
        lock.withLock { if requested == nil { requested = signal } }
    }

    /// The signal that asked the render to stop, nil while it has not been asked.
    public var signal: Int32? { lock.withLock { requested } }

    /// - Throws: `Stopped` once the render has been asked to stop.
    public func check() throws {
        if let signal { throw Stopped(signal: signal) }
    }
}
