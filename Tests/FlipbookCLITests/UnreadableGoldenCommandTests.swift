import Foundation
import XCTest
import FlipbookRender

/// A golden file that is not a PNG (cut short, overwritten, a Git LFS pointer not pulled)
/// fails its own frame, in the output, the report page and the JUnit file, while the
/// scene's other frames are still checked; the modes that rewrite failed goldens rewrite it.
final class UnreadableGoldenCommandTests: CLITestCase {
    var goldens: URL { work.appendingPathComponent("golden") }
    var reports: URL { work.appendingPathComponent("report") }
    var junit: URL { work.appendingPathComponent("junit.xml") }
    var brokenGolden: URL { goldens.appendingPathComponent("dot/frame_00030.png") }

    func options() -> [String] {
        ["--golden-directory", goldens.path, "--report-directory", reports.path]
    }

    /// A 20×20 scene with golden frames 0 and 30, recorded, then frame 30's golden
    /// replaced by `bytes`; returns the scene's path.
    func recordDotSceneBreakingFrame30(with bytes: Data) throws -> String {
        let scene = try writeScene("dot.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], fps: 30, duration: 1, background: white}
            golden: {frames: [0, last]}
            views: [{frame: [5, 5, 10, 10], backgroundColor: "#ff00ff"}]

            """)
        let recorded = try flipbook(["record", scene] + options())
        XCTAssertEqual(recorded.status, 0, recorded.err)
        try bytes.write(to: brokenGolden)
        return scene
    }

    func testCheckFailsOnlyTheFrameWhoseGoldenIsNotAPNGAndStillChecksTheOthers() throws {
        let scene = try recordDotSceneBreakingFrame30(with: Data("x\n".utf8))

        let result = try flipbook(["check", scene, "--junit", junit.path] + options())

        let actual = reports.appendingPathComponent("dot/frame_00030.actual.png")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "", "the frame fails; the scene is not an error")
        XCTAssertTrue(result.out.hasPrefix("""
            dot frame 0: ok, identical
            dot frame 30: FAILED the golden \(brokenGolden.path) cannot be read: cannot decode PNG: \
            2 bytes are too few for a PNG (the signature alone is 8); see \(actual.path)
            golden: 0 passed, 1 failed

            """), result.out)
        XCTAssertEqual(try PNGCodec.read(path: actual.path).width, 20, "the frame rendered now, for review")
        let html = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("1 frame failed; 2 frames of 1 scene checked."), html)
        XCTAssertTrue(html.contains("<section class=\"failure\" id=\"dot-frame-30\" data-status=\"failed\">"), html)
        XCTAssertTrue(html.contains("<code>\(brokenGolden.path)</code> cannot be read: cannot decode PNG: "), html)
        XCTAssertTrue(html.contains("src=\"dot/frame_00030.actual.png\""), html)
        XCTAssertTrue(html.contains("flipbook record --changed --golden-directory \(goldens.path) \(scene)"),
                      "the command that rewrites it")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("<failure type=\"failed\" message=\"1 of 2 frames failed\">dot frame 30 (t = 1 s): "
                                   + "FAILED the golden \(brokenGolden.path) cannot be read"), xml)
        let json = try String(contentsOf: reports.appendingPathComponent("report.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"unreadable\""), json)
    }

    func testAGoldenThatIsAGitLFSPointerSaysToPullIt() throws {
        let pointer = """
            version https://git-lfs.github.com/spec/v1
            oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
            size 12345

            """
        let scene = try recordDotSceneBreakingFrame30(with: Data(pointer.utf8))

        let result = try flipbook(["check", scene] + options())

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains("dot frame 30: FAILED the golden \(brokenGolden.path) cannot be read: "
                                          + "it looks like a Git LFS pointer: run `git lfs pull`; see "), result.out)
    }

    func testRecordChangedRewritesACutShortGolden() throws {
        let whole = try Data(PNGCodec.encode(Bitmap(width: 20, height: 20, filledWith: RGBA8(0, 255, 255))))
        let scene = try recordDotSceneBreakingFrame30(with: whole.prefix(40))

        let recorded = try flipbook(["record", "--changed", scene] + options())
        let checked = try flipbook(["check", scene] + options())

        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertTrue(recorded.out.hasPrefix("""
            dot frame 0: ok, identical
            dot frame 30: RECORDED new baseline \(brokenGolden.path) (the old one could not be read) — re-run to check
            golden: recorded 1 scene, 0 failed

            """), recorded.out)
        XCTAssertEqual(checked.status, 0, checked.out)
    }

    func testGoldenRecordFailedRewritesAnEmptyGoldenAndNeverLeavesItMissing() throws {
        let scene = try recordDotSceneBreakingFrame30(with: Data())
        environment["GOLDEN_RECORD"] = "failed"

        let recorded = try flipbook(["check", scene] + options())
        environment["GOLDEN_RECORD"] = "never"
        let checked = try flipbook(["check", scene] + options())

        XCTAssertEqual(recorded.status, 1, "recording fails a check")
        XCTAssertTrue(recorded.out.contains("dot frame 30: RECORDED new baseline \(brokenGolden.path) "
                                            + "(the old one could not be read)"), recorded.out)
        XCTAssertEqual(checked.status, 0, checked.out)
    }

    func testAGoldenThatCannotBeWrittenIsReportedWithOneErrorPrefix() throws {
        let scene = try recordDotSceneBreakingFrame30(with: Data())
        try FileManager.default.removeItem(at: brokenGolden)
        try FileManager.default.createDirectory(at: brokenGolden.appendingPathComponent("in-the-way"),
                                                withIntermediateDirectories: true)

        let result = try flipbook(["record", scene] + options())

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("\(brokenGolden.path): error: cannot write PNG file: "), result.err)
        XCTAssertFalse(result.err.contains("flipbook: error:"), result.err)
    }
}
