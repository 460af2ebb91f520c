import Foundation
import XCTest

/// `render --shard K/N`, `render --frames A-B` and `flipbook join`: a render split across
/// machines and joined equals the render made in one go.
final class RenderShardTests: CLITestCase {
    /// 31 frames at 30 fps of a box that springs across, then turns red in its completion.
    private let yaml = """
        flipbook: 1
        canvas: {size: [64, 48], fps: 30, duration: 1}
        views: [{id: box, frame: [4, 4, 20, 20], backgroundColor: systemBlue, layer: {cornerRadius: 6}}]
        timeline:
          - at: 0.1
            do:
              - animate:
                  duration: 0.4
                  spring: {damping: 0.5}
                  do: [{set: {target: box, center: [48, 30], alpha: 0.6}}]
                  completion: [{animate: {duration: 0.3, do: [{set: {target: box, backgroundColor: systemRed}}]}}]
        """

    func testTwoMP4ShardsJoinedEqualTheFullRenderFrameForFrame() throws {
        let scene = try writeScene("spring.yaml", yaml)
        let full = work.appendingPathComponent("full.mp4").path

        let whole = try flipbook("render", scene, "--format", "mp4", "--crf", "0", "-o", full, "--progress", "none")
        // Shards go to their default names, under out/ in the working folder.
        let first = try flipbook(inWork: "render", scene, "--format", "mp4", "--crf", "0", "--shard", "0/2", "--progress", "none")
        let second = try flipbook(inWork: "render", scene, "--format", "mp4", "--crf", "0", "--shard", "1/2", "--progress", "none")
        let join = try flipbook(inWork: "join", "out/spring.shard-0-of-2.mp4", "out/spring.shard-1-of-2.mp4", "-o", "joined.mp4")

        for result in [whole, first, second, join] { XCTAssertEqual(result.status, 0, result.err) }
        XCTAssertEqual(first.out, "out/spring.shard-0-of-2.mp4\n")
        XCTAssertEqual(second.out, "out/spring.shard-1-of-2.mp4\n")
        XCTAssertEqual(join.out, "joined.mp4\n")
        let expected = try decodedFrames(full)
        let joined = try decodedFrames(work.appendingPathComponent("joined.mp4").path)
        XCTAssertEqual(expected.count, 31)
        XCTAssertEqual(joined.count, 31)
        for (index, (frame, expectedFrame)) in zip(joined, expected).enumerated() {
            XCTAssertTrue(frame == expectedFrame, "frame \(index) of the joined video differs from the full render's")
        }
        XCTAssertEqual(try decodedFrames(work.appendingPathComponent("out/spring.shard-0-of-2.mp4").path).count, 15)
        XCTAssertGreaterThan(Set(expected).count, 10, "the box moves: the frames compared are not all alike")
    }

    func testPNGShardsWriteTheFullRendersFilesWithTheirGlobalNumbers() throws {
        let scene = try writeScene("spring.yaml", yaml)
        let full = work.appendingPathComponent("full").path, shards = work.appendingPathComponent("shards").path
        let middle = work.appendingPathComponent("middle").path

        let whole = try flipbook("render", scene, "-o", full, "--progress", "none")
        let parts = try (0..<3).map { try flipbook("render", scene, "--shard", "\($0)/3", "-o", shards, "--progress", "none") }
        let alone = try flipbook("render", scene, "--shard", "1/3", "-o", middle, "--progress", "none")

        for result in [whole, alone] + parts { XCTAssertEqual(result.status, 0, result.err) }
        // The frames; beside them each folder has its flipbook-render.json.
        func frames(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame_") }.sorted()
        }
        let names = try frames(full)
        XCTAssertEqual(names.count, 31)
        XCTAssertEqual(try frames(shards), names)
        for name in names {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(shards)/\(name)")),
                           try Data(contentsOf: URL(fileURLWithPath: "\(full)/\(name)")), name)
        }
        XCTAssertEqual(try frames(middle), (10..<20).map { String(format: "frame_%05d.png", $0) })
    }

    func testPNGShardsRenderingIntoOneFolderAtOnceLeaveItWholeAndComplete() throws {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let scene = try writeScene("spring.yaml", yaml)
        let full = work.appendingPathComponent("full").path, shared = work.appendingPathComponent("shared").path
        XCTAssertEqual(try flipbook("render", scene, "-o", full, "--progress", "none").status, 0)

        // Four shards started together, as an array job's tasks on nodes sharing the folder are.
        for round in 0..<3 {
            try? FileManager.default.removeItem(atPath: shared)
            let shards = try (0..<4).map { k in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = ["render", scene, "--shard", "\(k)/4", "-o", shared, "--progress", "none", "--jobs", "1"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            shards.forEach { $0.waitUntilExit() }

            XCTAssertEqual(shards.map(\.terminationStatus), [0, 0, 0, 0], "round \(round)")
            let names = try FileManager.default.contentsOfDirectory(atPath: full).filter { $0.hasPrefix("frame_") }.sorted()
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared).filter { !$0.hasPrefix(".") }.sorted(),
                           ["flipbook-render.json"] + names, "round \(round): every frame, no partial file")
            for name in names {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(shared)/\(name)")),
                               try Data(contentsOf: URL(fileURLWithPath: "\(full)/\(name)")), "round \(round): \(name)")
            }
            let manifest = try String(contentsOfFile: shared + "/flipbook-render.json", encoding: .utf8)
            XCTAssertTrue(manifest.contains(#""complete" : true"#), "round \(round): the last shard to finish saw every frame")
        }
    }

    func testAFrameRangeWritesASegmentNamedByItsFrames() throws {
        let scene = try writeScene("spring.yaml", yaml)

        let result = try flipbook(inWork: "render", scene, "--format", "mp4", "--frames", "10-19", "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "out/spring.frames-10-19.mp4\n")
        XCTAssertEqual(try decodedFrames(work.appendingPathComponent("out/spring.frames-10-19.mp4").path).count, 10)
    }

    func testAListOfFramesWritesAVideoNamedByItsFramesBesideTheWholeOne() throws {
        let scene = try writeScene("spring.yaml", yaml)
        for format in ["mp4", "gif"] {
            let whole = try flipbook(inWork: "render", scene, "--format", format, "--progress", "none")
            let wholeBytes = try Data(contentsOf: work.appendingPathComponent("out/spring.\(format)"))

            let list = try flipbook(inWork: "render", scene, "--frames", "0,5,10-12", "--format", format, "--progress", "none")

            XCTAssertEqual(whole.status, 0, whole.err)
            XCTAssertEqual(list.status, 0, list.err)
            XCTAssertEqual(list.out, "out/spring.frames-0,5,10-12.\(format)\n", "the runs of consecutive frames as ranges")
            XCTAssertEqual(try decodedFrames(work.appendingPathComponent("out/spring.frames-0,5,10-12.\(format)").path).count, 5)
            XCTAssertEqual(try Data(contentsOf: work.appendingPathComponent("out/spring.\(format)")), wholeBytes,
                           "\(format): the whole render is left as it was")
        }
    }

    func testBadShardsAreRejectedWithWhatToDo() throws {
        let scene = try writeScene("spring.yaml", yaml)
        let cases: [(arguments: [String], message: String)] = [
            (["--shard", "2/2"], "shard 2 of 2 does not exist: shards are numbered 0 to 1"),
            (["--shard", "1/0"], "a render splits into at least 1 shard, not 0"),
            (["--shard", "half"], "'half' is not K/N"),
            (["--shard", "0/2", "--frames", "0-9"], "--shard and --frames cannot be combined"),
            (["--shard", "0/2", "--format", "gif"], "--shard cannot split a gif"),
            (["--shard", "0/32", "--format", "none"],
             "flipbook: error: shard 0/32 of a render of 31 frames has no frames: split it into at most 31 shards"),
        ]
        for bad in cases {
            let result = try flipbook(["render", scene] + bad.arguments)

            XCTAssertNotEqual(result.status, 0, bad.message)
            XCTAssertTrue(result.err.contains(bad.message), "expected \(bad.message) in\n\(result.err)")
        }
    }

    func testJoinRejectsSegmentsOfDifferentRenders() throws {
        let scene = try writeScene("spring.yaml", yaml)
        let small = work.appendingPathComponent("small.mp4").path, large = work.appendingPathComponent("large.mp4").path

        let renders = [try flipbook("render", scene, "--format", "mp4", "--frames", "0-9", "-o", small, "--progress", "none"),
                       try flipbook("render", scene, "--format", "mp4", "--frames", "10-19", "--scale", "2", "-o", large,
                                    "--progress", "none")]
        let join = try flipbook("join", small, large, "-o", work.appendingPathComponent("joined.mp4").path)

        for result in renders { XCTAssertEqual(result.status, 0, result.err) }
        XCTAssertEqual(join.status, 1)
        XCTAssertEqual(join.err, "flipbook: error: cannot join \(large) with \(small): its size is 128×96, not 64×48 "
                       + "(segments must come from one render, made with the same options)\n")
    }

    /// Every frame of `video`, decoded by ffmpeg to RGB bytes.
    private func decodedFrames(_ video: String) throws -> [Data] {
        let raw = work.appendingPathComponent("frames.rgb").path
        let decode = try run("/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        XCTAssertEqual(decode.status, 0, decode.err)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw)), frameSize = 64 * 48 * 3
        return stride(from: 0, to: bytes.count, by: frameSize).map { bytes[$0..<min($0 + frameSize, bytes.count)] }
    }
}
