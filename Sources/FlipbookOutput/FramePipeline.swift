import Dispatch
import FlipbookQuartz
import FlipbookRender
import Foundation

/// Renders frames in parallel and writes them in order.
///
/// The caller's `snapshot` runs the simulation sequentially, frame by frame, producing
/// immutable `RenderTree`s; `jobs` worker threads, each with its own `Compositor`, turn
/// batches of them into encoded frames while the caller's thread simulates the next
/// batch, starts it, and then writes the finished one (at most two batches are in flight);
/// the sink receives frames in frame order. A frame
/// whose tree draws the same pixels as the previous frame's (a scene holding still) is
/// not rendered again: the sink gets the previous frame's bytes through `writeRepeat`. The output does not
/// depend on `jobs` or on thread timing.
public struct FramePipeline {
    /// Worker threads; 1 to `maximumJobs`.
    public var jobs: Int
    /// Frames per batch; with at most two batches in flight it bounds the memory held by
    /// finished frames.
    public var batchSize: Int
    /// Checked between batches and before the sink is finished: once cancelled, `run`
    /// cancels the sink and throws `RenderCancellation.Stopped`.
    public var cancellation: RenderCancellation?

    /// The most worker threads a pipeline runs: each holds a compositor and a batch of
    /// frames, and more threads than cores only wait; `--jobs` is checked against it.
    public static let maximumJobs = 256

    /// A pipeline of `jobs` worker threads, brought into 1…`maximumJobs`.
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = min(max(1, jobs), Self.maximumJobs)
        self.batchSize = max(8, 4 * self.jobs)
    }

    /// Produces `frames` (sorted frame numbers) through `sink`, then finishes the sink.
    /// `statistics`, when given, collects where the time goes.
    /// - Throws: the sink's or `snapshot`'s errors, or `RenderCancellation.Stopped`; the sink
    ///   is cancelled first.
    public func run(frames: [Int], snapshot: (Int) throws -> RenderTree, sink: FrameSink,
                    progress: ProgressReporter? = nil, statistics: PipelineStatistics? = nil) throws {
        do {
            try render(frames: frames, snapshot: snapshot, sink: sink, progress: progress,
                       statistics: statistics ?? PipelineStatistics())
        } catch {
            sink.cancel()
            throw error
        }
    }

    /// One batch on its way: its frames, their trees, and the workers' results.
    private typealias Flight = (batch: [Int], trees: [RenderTree], results: BatchResults, group: DispatchGroup)

    private func render(frames: [Int], snapshot: (Int) throws -> RenderTree, sink: FrameSink,
                        progress: ProgressReporter?, statistics: PipelineStatistics) throws {
        // One compositor per drawing slot: a worker takes one while it holds a slot.
        let compositors = CompositorPool(count: jobs)
        let encode = sink.encoder
        // Drawing slots: with two batches in flight there can be 2·jobs worker blocks, but
        // only `jobs` of them draw at a time, so `--jobs` still means the threads drawing.
        let slots = DispatchSemaphore(value: jobs)
        progress?.start(total: frames.count)
        statistics.start()
        var done = 0
        var previousBytes: [UInt8]?
        var lastTree: RenderTree?
        /// Batches launched and not yet written, oldest first; at most two.
        var flights: [Flight] = []
        // On an error, let the workers finish before the caller cancels the sink.
        defer { flights.forEach { $0.group.wait() } }

        func writeOldest() throws {
            let flight = flights.removeFirst()
            flight.group.wait()
            for (offset, result) in flight.results.collect().enumerated() {
                let frame = flight.batch[offset]
                let bytes = try result?.get() ?? previousBytes!
                previousBytes = bytes
                statistics.countFrame(reused: result == nil)
                try statistics.measure(.writing) {
                    try result == nil ? sink.writeRepeat(bytes, frame: frame) : sink.write(bytes, frame: frame)
                }
                done += 1
                progress?.update(done: done, frame: frame)
            }
        }

        for start in stride(from: 0, to: frames.count, by: batchSize) {
            try cancellation?.check()
            let batch = Array(frames[start..<min(start + batchSize, frames.count)])
            // Simulating this batch overlaps with rendering the one before; when it fails,
            // the frames already rendered are written first (no work is lost).
            let trees: [RenderTree]
            do {
                trees = try statistics.measure(.simulation) { try batch.map(snapshot) }
            } catch {
                while !flights.isEmpty { try writeOldest() }
                throw error
            }
            let repeats = statistics.measure(.simulation) {
                trees.indices.map { index in
                    index > 0 ? trees[index].drawsSamePixels(as: trees[index - 1])
                        : lastTree.map { trees[0].drawsSamePixels(as: $0) } ?? false
                }
            }
            lastTree = trees.last
            // Launched before the batch before is written: a drawing slot freed by a worker that
            // finished its part of that batch goes to this one, not idle until the slowest frame.
            let results = BatchResults(repeats: repeats)
            let group = DispatchGroup()
            let shared = UncheckedBox(trees)
            for _ in 0..<min(jobs, batch.count) {
                DispatchQueue.global().async(group: group) {
                    while true {
                        slots.wait()
                        defer { slots.signal() }
                        guard let index = results.claimNext() else { break }
                        let compositor = compositors.take()
                        defer { compositors.give(compositor) }
                        results.store(Result {
                            let drawn = PipelineStatistics.threadCPUTime()
                            return try compositor.render(shared.value[index]) { pixels in
                                statistics.add(.drawing, since: drawn)
                                return try statistics.measure(.encoding) { try encode(pixels) }
                            }
                        }, at: index)
                    }
                }
            }
            flights.append((batch, trees, results, group))
            if flights.count == 2 { try writeOldest() }
        }
        while !flights.isEmpty { try writeOldest() }
        try cancellation?.check()
        try statistics.measure(.writing) { try sink.finish() }
        statistics.finish()
        progress?.finish()
    }
}

/// The encoded frames of one batch, filled by workers that each claim the next index
/// still to render; a repeated frame is left nil, to take the previous frame's bytes.
private final class BatchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let repeats: [Bool]
    private var results: [Result<[UInt8], Error>?]

    init(repeats: [Bool]) {
        self.repeats = repeats
        results = Array(repeating: nil, count: repeats.count)
    }

    func claimNext() -> Int? {
        lock.withLock {
            while next < repeats.count, repeats[next] { next += 1 }
            guard next < repeats.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result<[UInt8], Error>, at index: Int) {
        lock.withLock { results[index] = result }
    }

    /// Each frame's result, nil for a repeated frame.
    func collect() -> [Result<[UInt8], Error>?] { lock.withLock { results } }
}

/// The compositors of the drawing slots: as many as slots, so a worker holding a slot
/// always finds one free.
private final class CompositorPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [Compositor]

    init(count: Int) { free = (0..<count).map { _ in Compositor() } }

    func take() -> Compositor { lock.withLock { free.removeLast() } }

    func give(_ compositor: Compositor) { lock.withLock { free.append(compositor) } }
}

/// Shares a batch's trees with the workers, which only read them.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
