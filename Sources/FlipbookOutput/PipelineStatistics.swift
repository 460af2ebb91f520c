import Foundation

/// Where a render's time went, stage by stage: for `flipbook render --stats` and the
/// benchmarks.
///
/// The clock is read only to report; it never changes what is rendered. A stage's time
/// is the CPU time of the thread doing it, not wall time: with more busy threads than
/// cores (the caller simulating while two workers draw on two cores) wall time would
/// count waiting for a core as work. Stages that run on several workers add up their
/// threads' time, so the stages can sum to more than the wall time.
public final class PipelineStatistics: @unchecked Sendable {
    private let lock = NSLock()
    private var started = ContinuousClock.now
    private var ended: ContinuousClock.Instant?
    private var totals: [Stage: Duration] = [:]
    private var rendered = 0, reused = 0
    /// Frames rendered.
    public var renderedFrames: Int { lock.withLock { rendered } }
    /// Frames that repeated the one before and took its bytes.
    public var reusedFrames: Int { lock.withLock { reused } }

    public enum Stage: String, CaseIterable, Sendable {
        /// Reading the scene and its trial run, before the first frame (the caller's own).
        case loading
        /// Advancing the clock and building each frame's `RenderTree`, and comparing it with
        /// the frame before to find frames that hold still (the caller's thread).
        case simulation
        /// Cairo drawing, on the workers.
        case drawing
        /// The sink's encoder (PNG compression, pixel conversion), on the workers.
        case encoding
        /// Writing encoded frames to files or the ffmpeg pipe, on the caller's thread.
        case writing
    }

    public init() {}

    /// Seconds spent in `stage`, summed over threads.
    public func seconds(in stage: Stage) -> Double { lock.withLock { totals[stage, default: .zero].seconds } }

    /// Wall-clock seconds from the first frame's simulation to the end of the output (or
    /// to now); loading is not included.
    public var wallSeconds: Double { lock.withLock { ((ended ?? .now) - started).seconds } }

    /// The simulation's share of the time spent producing frames (simulation, drawing
    /// and encoding, all threads): the figure issue 8 asks to keep under 10 %.
    public var simulationShare: Double {
        let work = [Stage.simulation, .drawing, .encoding].map(seconds(in:)).reduce(0, +)
        return work > 0 ? seconds(in: .simulation) / work : 0
    }

    /// One line for people: loading, frames, frames/s, each stage's seconds and the
    /// simulation share.
    public var summary: String {
        let frames = renderedFrames + reusedFrames
        let stages = Stage.allCases.filter { $0 != .loading }.map { String(format: "%@ %.3f s", $0.rawValue, seconds(in: $0)) }
        return String(format: "loading %.3f s; %d frames in %.3f s (%.1f frames/s; %d reused from the frame before): ",
                      seconds(in: .loading), frames, wallSeconds, Double(frames) / max(wallSeconds, 1e-9), reusedFrames)
            + stages.joined(separator: ", ")
            + String(format: "; simulation %.1f %% of frame time", 100 * simulationShare)
    }

    /// Times `body` as part of `stage`, in CPU time of the calling thread.
    public func measure<R>(_ stage: Stage, _ body: () throws -> R) rethrows -> R {
        let start = Self.threadCPUTime()
        defer { add(stage, since: start) }
        return try body()
    }

    /// Adds the calling thread's CPU time since `start` (a `threadCPUTime()`) to `stage`.
    func add(_ stage: Stage, since start: Duration) {
        let elapsed = Self.threadCPUTime() - start
        lock.withLock { totals[stage, default: .zero] += elapsed }
    }

    /// CPU time used so far by the calling thread.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    func start() { lock.withLock { started = .now; ended = nil } }
    func finish() { lock.withLock { ended = .now } }
    func countFrame(reused isReused: Bool) { lock.withLock { if isReused { reused += 1 } else { rendered += 1 } } }
}
