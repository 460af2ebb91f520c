import FlipbookOutput
import FlipbookQuartz
import FlipbookRender
import Foundation
import Testing

/// `FramePipeline.cancellation`: a render asked to stop (the CLI's SIGINT/SIGTERM) stops
/// between batches, through the error path that cancels the sink.
@Suite struct RenderCancellationTests {
    private let tree = RenderTree(size: CGSize(width: 8, height: 8), scale: 1, background: .white,
                                  root: RenderLayer(position: .zero, bounds: .zero))

    @Test func aCancelledPipelineStopsBetweenBatchesAndCancelsTheSink() throws {
        let sink = CountingSink()
        let cancellation = RenderCancellation()
        var pipeline = FramePipeline(jobs: 1)
        pipeline.batchSize = 8
        pipeline.cancellation = cancellation

        #expect(throws: RenderCancellation.Stopped.self) {
            try pipeline.run(frames: Array(0..<100), snapshot: { frame in
                if frame == 20 { cancellation.cancel(signal: SIGINT) }
                return tree
            }, sink: sink)
        }

        #expect(sink.cancelled)
        #expect(!sink.finished)
        #expect(sink.written.count < 100)
        #expect(sink.written == Array(0..<sink.written.count), "whole batches, in order")
        #expect(cancellation.signal == SIGINT)
    }

    @Test func theFirstSignalIsTheOneReported() {
        let cancellation = RenderCancellation()

        cancellation.cancel(signal: SIGTERM)
        cancellation.cancel(signal: SIGINT)

        #expect(cancellation.signal == SIGTERM)
        #expect(throws: RenderCancellation.Stopped.self) { try cancellation.check() }
    }

    @Test func theFinishingStepRunsOnlyIfNotStoppedAndAStopAfterItIsIgnored() throws {
        let stopped = RenderCancellation(), finished = RenderCancellation()
        var ranWhenStopped = false, ranWhenNot = false
        stopped.cancel(signal: SIGINT)

        #expect(throws: RenderCancellation.Stopped.self) { try stopped.finishing { ranWhenStopped = true } }
        try finished.finishing { ranWhenNot = true }
        finished.cancel(signal: SIGTERM)

        #expect(!ranWhenStopped)
        #expect(ranWhenNot)
        #expect(finished.signal == nil, "the output was final: too late to stop")
    }

    @Test func handlersHearOfTheStopOnceWhetherAddedBeforeOrAfterIt() {
        let cancellation = RenderCancellation()
        let heard = Heard()
        cancellation.whenCancelled { heard.add("before \($0)") }

        cancellation.cancel(signal: SIGINT)
        cancellation.cancel(signal: SIGTERM)
        cancellation.whenCancelled { heard.add("after \($0)") }

        #expect(heard.names == ["before \(SIGINT)", "after \(SIGINT)"])
    }

    @Test func anUncancelledPipelineFinishes() throws {
        let sink = CountingSink()
        var pipeline = FramePipeline(jobs: 2)
        pipeline.cancellation = RenderCancellation()

        try pipeline.run(frames: Array(0..<20), snapshot: { _ in tree }, sink: sink)

        #expect(sink.finished)
        #expect(sink.written == Array(0..<20))
    }
}

private final class CountingSink: FrameSink {
    let encoder: @Sendable (FramePixels) throws -> [UInt8] = { _ in [0] }
    var written: [Int] = []
    var finished = false
    var cancelled = false
    func write(_ bytes: [UInt8], frame: Int) throws { written.append(frame) }
    func finish() throws { finished = true }
    func cancel() { cancelled = true }
}

private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ name: String) { lock.withLock { list.append(name) } }
    var names: [String] { lock.withLock { list } }
}
