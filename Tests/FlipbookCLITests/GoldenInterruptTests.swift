import Foundation
import XCTest
import FlipbookRender

/// SIGINT or SIGTERM during `flipbook record` or `check`: no further scene is begun, the
/// scene whose goldens are being compared or written is finished, the report is written,
/// the last line says which goldens were written and which scenes were left out, and the
/// command exits 128 + the signal.
final class GoldenInterruptTests: InterruptTestCase {
    /// Scenes a to e, 20×20, golden frames 0 and 30, and b's goldens recorded with frame 30's
    /// replaced by a named pipe: a check of b waits there, inside the scene, until the test
    /// writes `golden` into the pipe. Returns the scene files and the pipe.
    private func scenesWaitingInB() throws -> (files: [String], pipe: URL) {
        let files = try ["a", "b", "c", "d", "e"].map { name in
            _ = try writeScene("\(name).yaml", """
                flipbook: 1
                canvas: {size: [20, 20], fps: 30, duration: 1, background: white}
                golden: {frames: [0, last]}
                views: [{frame: [5, 5, 10, 10], backgroundColor: "#ff00ff"}]

                """)
            return "\(name).yaml"
        }
        XCTAssertEqual(try flipbook(inWork: "record", "b.yaml").status, 0)
        let pipe = work.appendingPathComponent("golden/b/frame_00030.png")
        try FileManager.default.removeItem(at: pipe)
        XCTAssertEqual(mkfifo(pipe.path, 0o644), 0)
        return (files, pipe)
    }

    /// Runs `arguments` (one worker) over scenes a to e, and sends `signal` while b is being
    /// checked, once its golden frame 30 is being read; lets that read go on, once flipbook
    /// says it is stopping, with a golden of another colour or, when `matching`, b's frame 0.
    private func stop(_ arguments: [String], with signal: Int32, matching: Bool = false) throws
        -> (status: Int32, out: String, err: String) {
        let (files, pipe) = try scenesWaitingInB()
        let golden = matching ? [UInt8](try Data(contentsOf: work.appendingPathComponent("golden/b/frame_00000.png")))
                             : try PNGCodec.encode(Bitmap(width: 20, height: 20, filledWith: RGBA8(0, 255, 255)))
        let command = try start(arguments + ["--jobs", "1"] + files)
        var writer: Int32 = -1
        try waitUntil("b's check to read its golden frame 30") {
            writer = open(pipe.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            return writer >= 0
        }

        kill(command.processIdentifier, signal)
        try waitUntil("flipbook to say that it stops") {
            try String(contentsOf: standardError, encoding: .utf8).contains("then stopping")
        }
        XCTAssertEqual(golden.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }, golden.count)
        close(writer)
        return try finish(command)
    }

    private func goldenFiles(_ folder: String = "") -> [String] {
        let url = work.appendingPathComponent("golden").appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func testSIGINTStopsARecordingAfterTheSceneInProgressAndSaysWhatItWrote() throws {
        let result = try stop(["record", "--changed"], with: SIGINT)

        XCTAssertEqual(result.status, 130, result.err)
        XCTAssertEqual(result.err, """
            flipbook: SIGINT: finishing the scenes whose goldens are being written, then stopping (again to stop at once)
            flipbook: stopped by SIGINT; goldens written: a (frames 0, 30), b (frame 30); not recorded: c.yaml, d.yaml, e.yaml

            """)
        XCTAssertEqual(result.out, """
            a frame 0: RECORDED new baseline golden/a/frame_00000.png (there was none) — re-run to check
            a frame 30: RECORDED new baseline golden/a/frame_00030.png (there was none) — re-run to check
            b frame 0: ok, identical
            b frame 30: RECORDED new baseline golden/b/frame_00030.png (the old one failed) — re-run to check
            golden: recorded 2 scenes, 0 failed, 3 not recorded
            golden: report: out/golden-report/index.html

            """)
        XCTAssertEqual(goldenFiles(), ["ENVIRONMENT.json", "a", "b"], "no golden of c, d or e")
        XCTAssertEqual(goldenFiles("b"), ["frame_00000.png", "frame_00030.png"], "whole goldens, no temporary files")
        XCTAssertEqual(try PNGCodec.read(path: work.appendingPathComponent("golden/b/frame_00030.png").path),
                       try PNGCodec.read(path: work.appendingPathComponent("golden/b/frame_00000.png").path))
        let html = try String(contentsOf: work.appendingPathComponent("out/golden-report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("3 scenes could not be checked"), html)
        XCTAssertTrue(html.contains("e.yaml: error: the run was stopped before this scene was recorded"), html)
    }

    func testSIGTERMStopsACheckAfterTheSceneInProgressAndSaysWhatItWrote() throws {
        let result = try stop(["check"], with: SIGTERM, matching: true)

        XCTAssertEqual(result.status, 143, result.err)
        XCTAssertEqual(result.err, """
            flipbook: SIGTERM: finishing the scenes whose goldens are being compared, then stopping (again to stop at once)
            flipbook: stopped by SIGTERM; goldens written: a (frames 0, 30); not checked: c.yaml, d.yaml, e.yaml

            """)
        XCTAssertTrue(result.out.contains("b frame 0: ok, identical\nb frame 30: ok, identical\n"), result.out)
        XCTAssertTrue(result.out.hasSuffix("golden: 1 passed, 1 failed, 3 not checked\ngolden: report: out/golden-report/index.html\n"),
                      result.out)
        XCTAssertEqual(goldenFiles(), ["ENVIRONMENT.json", "a", "b"], "no golden of c, d or e")
    }

    func testASecondSIGINTEndsARecordingAtOnce() throws {
        let (files, pipe) = try scenesWaitingInB()
        let command = try start(["record", "--changed", "--jobs", "1"] + files)
        var writer: Int32 = -1
        try waitUntil("b's check to read its golden frame 30") {
            writer = open(pipe.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            return writer >= 0
        }
        defer { close(writer) }

        kill(command.processIdentifier, SIGINT)
        try waitUntil("flipbook to say that it stops") {
            try String(contentsOf: standardError, encoding: .utf8).contains("then stopping")
        }
        kill(command.processIdentifier, SIGINT)
        let result = try finish(command, seconds: 10)

        XCTAssertEqual(command.terminationReason, .uncaughtSignal, "ended by the signal, not waiting for b's golden")
        XCTAssertEqual(result.status, SIGINT)
        XCTAssertEqual(goldenFiles(), ["ENVIRONMENT.json", "a", "b"], "no golden of c, d or e")
    }

    func testAStoppedCheckDrawsNoFilmstripForTheSceneItFinished() throws {
        // b's golden frame 30 is another colour: b fails, and a run going on would draw
        // the frames around it for the report. An earlier run's thumbnail goes either way.
        let stale = work.appendingPathComponent("out/golden-report/b/frame_00007.thumb.png")
        try FileManager.default.createDirectory(at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(Bitmap(width: 2, height: 2, filledWith: RGBA8(0, 0, 0)), to: stale.path)

        let result = try stop(["check"], with: SIGINT)

        XCTAssertEqual(result.status, 130, result.err)
        XCTAssertTrue(result.out.contains("b frame 30: FAILED"), result.out + result.err)
        let report = work.appendingPathComponent("out/golden-report/b").path
        let thumbnails = ((try? FileManager.default.contentsOfDirectory(atPath: report)) ?? []).filter { $0.hasSuffix(".thumb.png") }
        XCTAssertEqual(thumbnails, [], "no scene run again for a filmstrip once stopping")
    }
}
