import FlipbookOutput
import FlipbookScene
import Foundation
import Testing

/// Joining the video segments of a split render with ffmpeg's concat demuxer, no re-encoding.
@MainActor
@Suite final class SegmentJoinerTests {
    /// 25 frames at 24 fps: shards of 8 frames last 1/3 s, which an MP4 header rounds to 333 ms.
    private let yaml = """
        flipbook: 1
        canvas: {size: [64, 48], fps: 24, duration: 1}
        views: [{id: box, frame: [4, 4, 16, 16], backgroundColor: systemBlue}]
        timeline:
          - {at: 0, do: [{animate: {duration: 1, do: [{set: {target: box, center: [52, 36], alpha: 0.4}}]}}]}
        """
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-join-\(UUID())")

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Renders `frames` as an MP4 (lossless: CRF 0) named `name`.
    private func render(_ frames: Range<Int>, to name: String, scale: Double? = nil) throws -> URL {
        var scene = try SceneLoader.load(yaml: yaml, file: "join.yaml")
        if let scale { scene.canvas.scale = scale }
        let file = directory.appendingPathComponent(name)
        let sink = try FFmpegSink(output: file, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                  fps: scene.canvas.fps, format: .mp4, h264: FFmpegSink.H264(crf: 0))
        try FramePipeline(jobs: 2).run(frames: Array(frames), snapshot: SceneRun(scene: scene).renderTree(atFrame:), sink: sink)
        return file
    }

    @Test func joinedShardsHaveTheFullRendersFramesAndTimestamps() throws {
        let full = try render(0..<25, to: "full.mp4")
        let shards = try [0..<8, 8..<16, 16..<25].enumerated().map { index, frames in
            try render(frames, to: "join.shard-\(index)-of-3.mp4")
        }
        let output = directory.appendingPathComponent("joined.mp4")

        let joined = try SegmentJoiner.join(shards, into: output)

        #expect(joined.frameCount == 25)
        #expect(joined.frameRate.description == "24")
        #expect(try timestamps(output) == timestamps(full))
        #expect(try decodedFrames(output) == decodedFrames(full))
        #expect(try decodedFrames(shards[0]) != decodedFrames(shards[1]), "the scene moves: frames differ")
    }

    @Test func segmentsOfAnotherSizeAreRejectedBeforeJoining() throws {
        let first = try render(0..<8, to: "a.mp4")
        let larger = try render(8..<16, to: "b.mp4", scale: 2)
        let output = directory.appendingPathComponent("joined.mp4")

        let error = #expect(throws: SegmentJoiner.Failure.self) { try SegmentJoiner.join([first, larger], into: output) }

        #expect(error?.description.contains("its size is 128×96, not 64×48") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func shardsOutOfOrderOrMissingAreRejected() throws {
        let shards = try (0..<3).map { try render($0..<$0 + 1, to: "join.shard-\($0)-of-3.mp4") }
        let output = directory.appendingPathComponent("joined.mp4")

        let swapped = #expect(throws: SegmentJoiner.Failure.self) {
            try SegmentJoiner.join([shards[1], shards[0], shards[2]], into: output)
        }
        let missing = #expect(throws: SegmentJoiner.Failure.self) { try SegmentJoiner.join([shards[0], shards[2]], into: output) }

        #expect(swapped?.description.contains("not in shard order (1, 0, 2)") == true, "\(String(describing: swapped))")
        #expect(missing?.description.contains("shard 1 of 3 missing: render --shard 1/3 again") == true, "\(String(describing: missing))")
    }

    @Test func aMissingSegmentIsNamed() throws {
        let first = try render(0..<8, to: "a.mp4")
        let absent = directory.appendingPathComponent("absent.mp4")

        let error = #expect(throws: SegmentJoiner.Failure.self) {
            try SegmentJoiner.join([first, absent], into: self.directory.appendingPathComponent("joined.mp4"))
        }

        #expect(error?.description == "no such segment: \(absent.path)")
    }

    /// The presentation time of every frame, in stream ticks, as ffprobe reads them.
    private func timestamps(_ video: URL) throws -> [Int] {
        let text = String(decoding: try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                         "packet=pts", "-of", "csv=p=0", video.path]), as: UTF8.self)
        return text.split(separator: "\n").compactMap { Int($0) }.sorted()
    }

    /// Every frame decoded to RGB bytes.
    private func decodedFrames(_ video: URL) throws -> Data {
        try tool("ffmpeg", ["-v", "error", "-i", video.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name) \(arguments.joined(separator: " "))")
        return data
    }
}
