import Dispatch
import FlipbookQuartz
import FlipbookRender
import Foundation

/// Renders frames in parallel and writes them in order.
///
/// The caller's `snapshot` runs the simulation sequentially, frame by frame, producing
/// immutable `RenderTree`s; `jobs` worker threads, each with its own `Compositor`, turn
/// batches of them into encoded frames; the sink receives them in frame order. The
/// output does not depend on `jobs` or on thread timing.
public struct FramePipeline {
    /// Worker threads; at least 1.
    public var jobs: Int
    /// Frames simulated ahead of the writer: bounds the memory held by finished frames.
    public var batchSize: Int

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.jobs = max(1, jobs)
        self.batchSize = max(8, 4 * self.jobs)
    }

    /// Produces `frames` (sorted frame numbers) through `sink`, then finishes the sink.
    public func run(frames: [Int], snapshot: (Int) throws -> RenderTree, sink: FrameSink,
                    progress: ProgressReporter? = nil) throws {
        do {
            try render(frames: frames, snapshot: snapshot, sink: sink, progress: progress)
        } catch {
            sink.cancel()
            throw error
        }
    }

    private func render(frames: [Int], snapshot: (Int) throws -> RenderTree, sink: FrameSink,
                        progress: ProgressReporter?) throws {
        let workers = (0..<jobs).map { _ in Compositor() }
        let encode = sink.encoder
        progress?.start(total: frames.count)
        var done = 0
        for start in stride(from: 0, to: frames.count, by: batchSize) {
            let batch = Array(frames[start..<min(start + batchSize, frames.count)])
            let trees = try batch.map(snapshot)
            let results = BatchResults(count: batch.count)
            let workerCount = min(jobs, batch.count)
            let compositors = UncheckedBox(workers)
            DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                let compositor = compositors.value[worker]
                while let index = results.claimNext() {
                    results.store(Result { try encode(try compositor.render(trees[index])) }, at: index)
                }
            }
            for (offset, result) in results.collect().enumerated() {
                try sink.write(try result.get(), frame: batch[offset])
                done += 1
                progress?.update(done: done, frame: batch[offset])
            }
        }
        try sink.finish()
        progress?.finish()
    }
}

/// The encoded frames of one batch, filled by workers that each claim the next index.
private final class BatchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [Result<[UInt8], Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.withLock {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result<[UInt8], Error>, at index: Int) {
        lock.withLock { results[index] = result }
    }

    func collect() -> [Result<[UInt8], Error>] { lock.withLock { results.map { $0! } } }
}

/// Hands each worker its own compositor: worker `i` alone touches element `i`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
