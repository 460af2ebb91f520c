import Dispatch
import FlipbookQuartz
import FlipbookRender
import Foundation

/// Renders frames in parallel and writes them in order.
///
/// The caller's `snapshot` runs the simulation sequentially, frame by frame, producing
/// immutable `RenderTree`s; `jobs` worker threads, each with its own `Compositor`, turn
/// batches of them into encoded frames; the sink receives them in frame order. A frame
/// whose tree draws the same pixels as the previous frame's (a scene holding still) is
/// not rendered again: the sink gets the previous frame's bytes. The output does not
/// depend on `jobs` or on thread timing.
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
        var previous: (tree: RenderTree, bytes: [UInt8])?
        for start in stride(from: 0, to: frames.count, by: batchSize) {
            let batch = Array(frames[start..<min(start + batchSize, frames.count)])
            let trees = try batch.map(snapshot)
            let repeats = trees.indices.map { index in
                index > 0 ? trees[index].drawsSamePixels(as: trees[index - 1])
                    : previous.map { trees[0].drawsSamePixels(as: $0.tree) } ?? false
            }
            let results = BatchResults(repeats: repeats)
            let workerCount = min(jobs, batch.count)
            let compositors = UncheckedBox(workers)
            DispatchQueue.concurrentPerform(iterations: workerCount) { worker in
                let compositor = compositors.value[worker]
                while let index = results.claimNext() {
                    results.store(Result { try encode(try compositor.render(trees[index])) }, at: index)
                }
            }
            for (offset, result) in results.collect().enumerated() {
                let bytes = try result?.get() ?? previous!.bytes
                previous = (trees[offset], bytes)
                try sink.write(bytes, frame: batch[offset])
                done += 1
                progress?.update(done: done, frame: batch[offset])
            }
        }
        try sink.finish()
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

/// Hands each worker its own compositor: worker `i` alone touches element `i`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
