import FlipbookRender
import Foundation
import XCTest

/// End-to-end: the `flipbook` binary on real scene files, as a user runs it.
final class CLITests: CLITestCase {
    func testBadScenesFailWithFileLineColumnErrors() throws {
        let cases: [(yaml: String, location: String, message: String)] = [
            ("flipbook: 1\ncanvas: {size: [10, 10]}\nviews:\n  - {id: a, backgroudColor: red}\n",
             ":4:13:", "unknown key 'backgroudColor' in item 1 of 'views' (did you mean 'backgroundColor'?)"),
            ("flipbook: 1\ncanvas: {size: [10, 10]}\ntimeline: [{at: 0, do: [{set: {target: ghost, alpha: 1}}]}]\n",
             ":3:40:", "unknown id 'ghost'"),
            ("flipbook: 1\ncanvas: {size: [10, 10], fps: fast}\n", ":2:31:", "'fps' must be a number, got the string \"fast\""),
            ("flipbook: 1\nviews: []\n", ":1:1:", "the scene is missing the required key 'canvas'"),
        ]
        for (index, bad) in cases.enumerated() {
            let path = try writeScene("bad\(index).yaml", bad.yaml)

            let result = try flipbook("render", path, "-o", work.appendingPathComponent("out\(index)").path)

            XCTAssertEqual(result.status, 1, bad.message)
            XCTAssertEqual(result.err, "\(path)\(bad.location) error: \(bad.message)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out\(index)").path),
                           "a bad scene never renders partly")
        }
    }

    func testJobsOneAndTwoWriteByteIdenticalPNGs() throws {
        let one = work.appendingPathComponent("one").path, two = work.appendingPathComponent("two").path

        let first = try flipbook("render", "scenes/showcase.yaml", "--frames", "0-3,29-31,last", "--jobs", "1", "-o", one, "--progress", "none")
        let second = try flipbook("render", "scenes/showcase.yaml", "--frames", "0-3,29-31,last", "--jobs", "2", "-o", two, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(second.status, 0, second.err)
        let names = try FileManager.default.contentsOfDirectory(atPath: one).filter { $0.hasPrefix("frame_") }.sorted()
        XCTAssertEqual(names, ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png",
                               "frame_00029.png", "frame_00030.png", "frame_00031.png", "frame_00090.png"])
        for name in names {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(one)/\(name)")),
                           try Data(contentsOf: URL(fileURLWithPath: "\(two)/\(name)")), name)
        }
    }

    func testMP4IsH264Yuv420pBT709WithEveryFrame() throws {
        let scene = try writeScene("odd.yaml", """
            flipbook: 1
            canvas: {size: [101, 61], fps: 20, duration: 1}
            views: [{id: box, frame: [10, 10, 30, 30], backgroundColor: systemRed}]
            timeline: [{at: 0.5, do: [{set: {target: box, center: [70, 30]}}]}]
            """)
        let video = work.appendingPathComponent("odd.mp4").path

        let result = try flipbook("render", scene, "--format", "mp4", "-o", video, "--progress", "none")
        let probe = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames",
                                             "-show_entries", "stream=codec_name,pix_fmt,color_space,color_primaries,color_transfer,width,height,nb_read_frames",
                                             "-of", "default=noprint_wrappers=1", video])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(video)\n")
        XCTAssertEqual(probe.status, 0, probe.err)
        for line in ["codec_name=h264", "pix_fmt=yuv420p", "color_space=bt709", "color_primaries=bt709",
                     "color_transfer=bt709", "width=102", "height=62", "nb_read_frames=21"] {
            XCTAssertTrue(probe.out.contains(line), "ffprobe: missing \(line) in\n\(probe.out)")
        }
    }

    func testJSONProgressReportsEveryFrameOnStandardError() throws {
        let scene = try writeScene("tiny.yaml", "flipbook: 1\ncanvas: {size: [8, 8], fps: 4, duration: 1}\n")

        let result = try flipbook("render", scene, "-o", work.appendingPathComponent("tiny").path, "--progress", "json")

        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.err.split(separator: "\n")
        XCTAssertEqual(lines.count, 6, result.err)
        XCTAssertTrue(lines.first?.hasPrefix("{\"done\":0,\"total\":5,") == true, result.err)
        XCTAssertTrue(lines.last?.hasPrefix("{\"frame\":4,\"done\":5,\"total\":5,") == true, result.err)
    }

    func testGIFHasEveryFrame() throws {
        let scene = try writeScene("blink.yaml", """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: 0.5}
            views: [{id: box, frame: [4, 4, 8, 8], backgroundColor: red}]
            timeline: [{at: 0.2, do: [{set: {target: box, isHidden: true}}]}]
            """)
        let gif = work.appendingPathComponent("blink.gif").path

        let result = try flipbook("render", scene, "--format", "gif", "-o", gif, "--progress", "none")
        let probe = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-count_frames", "-show_entries",
                                             "stream=codec_name,nb_read_frames", "-of", "default=noprint_wrappers=1", gif])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(probe.out, "codec_name=gif\nnb_read_frames=6\n")
    }

    func testValidateReportsEachScene() throws {
        let good = try writeScene("good.yaml", "flipbook: 1\ncanvas: {size: [10, 10], fps: 30, duration: 2}\n")
        let bad = try writeScene("bad.yaml", "flipbook: 2\ncanvas: {size: [10, 10]}\n")
        let still = try writeScene("still.yaml", "flipbook: 1\ncanvas: {size: [10, 10], fps: 30, duration: 0}\n")

        let result = try flipbook("validate", good, bad, still)

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "\(good): ok (61 frames, 2.0 s at 30.0 fps)\n\(still): ok (1 frame, 0.0 s at 30.0 fps)\n")
        XCTAssertEqual(result.err, "\(bad):1:11: error: unsupported scene format 2; this Flipbook reads format 1\n")
    }

    func testYamsEnvironmentVariableAddsNothingToTheOutput() throws {
        // Yams prints a notice on standard output for each parse when YAMS_DEFAULT_ENCODING
        // is set and the parser is left to its default encoding; a scene piped out would carry it.
        let good = try writeScene("good.yaml", "flipbook: 1\ncanvas: {size: [10, 10], fps: 30, duration: 2}\n")
        let binary = try XCTUnwrap(Self.binary)

        let result = try run("/usr/bin/env", ["YAMS_DEFAULT_ENCODING=utf16", binary, "validate", good])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "\(good): ok (61 frames, 2.0 s at 30.0 fps)\n")
    }

    func testCheckFailsOnAChangedGoldenAndLeavesADiff() throws {
        let scenes = work.appendingPathComponent("scenes"), golden = work.appendingPathComponent("golden")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let scene = scenes.appendingPathComponent("dot.yaml").path
        try "flipbook: 1\ncanvas: {size: [20, 20]}\ngolden: {frames: [0]}\nviews: [{frame: [5, 5, 10, 10], backgroundColor: black}]\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let options = ["--golden-directory", golden.path, "--failure-directory", work.appendingPathComponent("failures").path]

        let recorded = try flipbook(["record", scene] + options)
        let passing = try flipbook(["check", scene] + options)
        try "flipbook: 1\ncanvas: {size: [20, 20]}\ngolden: {frames: [0]}\nviews: [{frame: [6, 5, 10, 10], backgroundColor: black}]\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let failing = try flipbook(["check", scene] + options)

        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.appendingPathComponent("dot/frame_00000.png").path))
        XCTAssertEqual(passing.status, 0, passing.out + passing.err)
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.out.contains("20 pixels differ"), failing.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("failures/dot/frame_00000.diff.png").path))
    }
}
