import FlipbookOutput
import FlipbookQuartz
import FlipbookRender
import FlipbookScene
import Foundation
import Testing

/// The pipeline: ordered output, independent of worker count and frame selection (T5, Determinism).
@MainActor
@Suite struct FramePipelineTests {
    private let yaml = """
        flipbook: 1
        canvas: {size: [64, 48], fps: 10, duration: 1}
        views:
          - {id: box, frame: [4, 4, 20, 20], backgroundColor: systemBlue,
             layer: {cornerRadius: 6, shadowOpacity: 0.5, shadowRadius: 3}}
        timeline:
          - {at: 0.3, do: [{set: {target: box, center: [30, 20], alpha: 0.7}}]}
          - {at: 0.7, do: [{set: {target: box, transform: [{rotate: 30deg}]}}]}
        """

    private func render(frames: [Int], jobs: Int) throws -> [(index: Int, bitmap: Bitmap)] {
        let scene = try SceneLoader.load(yaml: yaml, file: "pipeline.yaml")
        let run = SceneRun(scene: scene)
        let sink = BitmapCollector(width: 64, height: 48)
        try FramePipeline(jobs: jobs).run(frames: frames, snapshot: run.renderTree(atFrame:), sink: sink)
        return sink.frames
    }

    @Test func framesArriveInOrderWhateverTheWorkerCount() throws {
        let one = try render(frames: Array(0...10), jobs: 1)
        let three = try render(frames: Array(0...10), jobs: 3)

        #expect(one.map(\.index) == Array(0...10))
        #expect(three.map(\.index) == Array(0...10))
        #expect(one.map(\.bitmap) == three.map(\.bitmap))
    }

    @Test func aPartialRenderEqualsTheSameFramesOfAFullRender() throws {
        let full = try render(frames: Array(0...10), jobs: 2)
        let part = try render(frames: [5, 6, 7, 10], jobs: 2)

        #expect(part.map(\.index) == [5, 6, 7, 10])
        #expect(part.map(\.bitmap) == [5, 6, 7, 10].map { full[$0].bitmap })
    }

    @Test func timelineSetShowsFromItsFrameOn() throws {
        let frames = try render(frames: [2, 3], jobs: 1)

        #expect(frames[0].bitmap != frames[1].bitmap)
        #expect(frames[0].bitmap[8, 8].b > 200)
        #expect(frames[1].bitmap[8, 8] == RGBA8(255, 255, 255))
    }

    @Test func pngSequenceNamesFramesByTimelineNumber() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-seq-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try SceneLoader.load(yaml: yaml, file: "pipeline.yaml")
        let run = SceneRun(scene: scene)

        try FramePipeline(jobs: 2).run(frames: [3, 10], snapshot: run.renderTree(atFrame:),
                                       sink: PNGSequenceSink(directory: directory))

        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["frame_00003.png", "frame_00010.png"])
        let decoded = try PNGCodec.read(path: directory.appendingPathComponent("frame_00010.png").path)
        #expect(decoded == (try render(frames: [10], jobs: 1))[0].bitmap)
    }

    @Test func framesHoldingStillAreEncodedOnceAndWrittenAgain() throws {
        let scene = try SceneLoader.load(yaml: yaml, file: "pipeline.yaml")
        let run = SceneRun(scene: scene)
        let sink = EncodeCountingSink()

        try FramePipeline(jobs: 2).run(frames: Array(0...10), snapshot: run.renderTree(atFrame:), sink: sink)

        // Frames 0–2, 3–6 and 7–10 each show one state: three renders for eleven frames,
        // and the sink is told which frames repeat the one before.
        #expect(sink.encodeCount.value == 3)
        #expect(sink.written.map(\.frame) == Array(0...10))
        #expect(sink.repeated == [1, 2, 4, 5, 6, 8, 9, 10])
        #expect(sink.written.map(\.bytes) == (try render(frames: Array(0...10), jobs: 1)).map(\.bitmap.pixels))
    }

    @Test func statisticsCountRenderedAndReusedFramesAndTimeEachStage() throws {
        let scene = try SceneLoader.load(yaml: yaml, file: "pipeline.yaml")
        let run = SceneRun(scene: scene)
        let statistics = PipelineStatistics()

        try FramePipeline(jobs: 2).run(frames: Array(0...10), snapshot: run.renderTree(atFrame:),
                                       sink: BitmapCollector(width: 64, height: 48), statistics: statistics)

        // The three states of the scene are drawn; the other eight frames reuse the one before.
        #expect(statistics.renderedFrames == 3)
        #expect(statistics.reusedFrames == 8)
        #expect(statistics.seconds(in: .simulation) > 0)
        #expect(statistics.seconds(in: .drawing) > 0)
        #expect((0...1).contains(statistics.simulationShare))
        #expect(statistics.summary.contains("11 frames"))
    }

    @Test func statisticsCountCPUTimeNotWaiting() {
        // A stage's time is the thread's CPU time (issue 8: a thread waiting for a core,
        // or for anything else, is not working), so a stage that only sleeps takes none.
        let statistics = PipelineStatistics()
        statistics.measure(.writing) { Thread.sleep(forTimeInterval: 0.2) }
        #expect(statistics.seconds(in: .writing) < 0.05)
        #expect(statistics.wallSeconds >= 0.2)
    }
}

/// Counts how often the pipeline encodes; keeps what it writes.
private final class EncodeCountingSink: FrameSink {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }
    let encodeCount = Counter()
    var written: [(frame: Int, bytes: [UInt8])] = []
    /// The frames written with `writeRepeat`, also in `written`.
    var repeated: [Int] = []
    var encoder: @Sendable (FramePixels) throws -> [UInt8] {
        { [encodeCount] frame in encodeCount.increment(); return frame.packedBytes }
    }
    func write(_ bytes: [UInt8], frame: Int) throws { written.append((frame, bytes)) }
    func writeRepeat(_ bytes: [UInt8], frame: Int) throws {
        repeated.append(frame)
        try write(bytes, frame: frame)
    }
    func finish() throws {}
}

/// A sink that remembers whether the pipeline cancelled it.
private final class RecordingSink: FrameSink {
    var written: [Int] = []
    var cancelled = false
    var finished = false
    var encoder: @Sendable (FramePixels) throws -> [UInt8] { { $0.packedBytes } }
    func write(_ bytes: [UInt8], frame: Int) throws { written.append(frame) }
    func finish() throws { finished = true }
    func cancel() { cancelled = true }
}

private struct SimulationFailure: Error {}

@MainActor
@Suite struct FramePipelineFailureTests {
    @Test func aFailureCancelsTheSinkAndKeepsFramesWritten() throws {
        let sink = RecordingSink()
        let tree = RenderTree(size: CGSize(width: 4, height: 4), scale: 1, background: .white,
                              root: RenderLayer(position: .zero, bounds: .zero))
        var pipeline = FramePipeline(jobs: 2)
        pipeline.batchSize = 2

        #expect(throws: SimulationFailure.self) {
            try pipeline.run(frames: Array(0..<6), snapshot: { index in
                if index == 3 { throw SimulationFailure() }
                return tree
            }, sink: sink)
        }

        #expect(sink.written == [0, 1])
        #expect(sink.cancelled)
        #expect(!sink.finished)
    }

    @Test func aFailedVideoRenderLeavesNoFileThatLooksComplete() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-partial-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tree = RenderTree(size: CGSize(width: 16, height: 16), scale: 1, background: .white,
                              root: RenderLayer(position: .zero, bounds: .zero))
        let render = { (failAt: Int?) in
            try FramePipeline(jobs: 2).run(frames: Array(0..<12), snapshot: { index in
                if index == failAt { throw SimulationFailure() }
                return tree
            }, sink: FFmpegSink(output: folder.appendingPathComponent("clip.mp4"), width: 16, height: 16, fps: 10, format: .mp4))
        }

        #expect(throws: SimulationFailure.self) { try render(9) }
        let afterFailure = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        try render(nil)
        let afterSuccess = try FileManager.default.contentsOfDirectory(atPath: folder.path)

        #expect(afterFailure.isEmpty)
        #expect(afterSuccess == ["clip.mp4"])
    }
}
