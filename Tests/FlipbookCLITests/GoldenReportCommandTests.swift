import Foundation
import XCTest
import FlipbookRender

/// `flipbook check` writing its report page and its JUnit file, failing when it checks
/// nothing (unless `--allow-empty`), and `flipbook record --changed`.
final class GoldenReportCommandTests: CLITestCase {
    /// A 20×20 white canvas with a 10×10 square of `colour`; golden frames 0 and 30.
    func writeDotScene(_ colour: String) throws -> String {
        try writeScene("dot.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], fps: 30, duration: 1, background: white}
            golden: {frames: [0, last]}
            views: [{frame: [5, 5, 10, 10], backgroundColor: "\(colour)"}]

            """)
    }

    var goldens: URL { work.appendingPathComponent("golden") }
    var reports: URL { work.appendingPathComponent("report") }
    func golden(_ frame: String) -> URL { goldens.appendingPathComponent("dot/frame_\(frame).png") }

    func options() -> [String] {
        ["--golden-directory", goldens.path, "--report-directory", reports.path]
    }

    func testFailingCheckWritesThePageAndTheImagesIntoTheReportDirectory() throws {
        let scene = try writeDotScene("#ff00ff")
        try FileManager.default.createDirectory(at: golden("00000").deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        for frame in ["00000", "00030"] {
            try PNGCodec.write(Bitmap(width: 20, height: 20, filledWith: RGBA8(0, 255, 255)), to: golden(frame).path)
        }

        let result = try flipbook(["check", scene] + options())

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.hasSuffix("golden: 0 passed, 1 failed\ngolden: report: \(reports.path)/index.html\n"),
                      result.out)
        let html = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("2 frames failed; 2 frames of 1 scene checked."), html)
        for image in ["expected", "actual", "diff"] {
            let path = "dot/frame_00030.\(image).png"
            XCTAssertTrue(html.contains("src=\"\(path)\""), path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: reports.appendingPathComponent(path).path), path)
        }
    }

    func testPassingCheckWritesAPageSayingSoThatListsUnusedGoldens() throws {
        let scene = try writeDotScene("#ff00ff")
        XCTAssertEqual(try flipbook(["record", scene] + options()).status, 0)
        try FileManager.default.copyItem(at: golden("00000"), to: golden("00099"))

        let result = try flipbook(["check", scene] + options())

        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertTrue(result.out.contains("\(golden("00099").path): unused\n"), result.out)
        let html = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("All 2 frames of 1 scene passed."), html)
        XCTAssertTrue(html.contains("<li><code>\(golden("00099").path)</code></li>"), html)
    }

    func testAnUnknownRecordModeIsAToolErrorNamingTheValidOnes() throws {
        environment["GOLDEN_RECORD"] = "bogus"

        let result = try flipbook("check", "scenes/docs/hello.yaml")

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "flipbook: error: GOLDEN_RECORD=bogus is not a record mode; "
                       + "use one of missing, all, failed, changed, never\n")
    }

    func testFailureDirectoryIsAHiddenAliasOfReportDirectory() throws {
        let scene = try writeDotScene("#ff00ff")
        let old = work.appendingPathComponent("failures")

        let result = try flipbook(["check", scene, "--golden-directory", goldens.path, "--failure-directory", old.path])
        let help = try flipbook("help", "check")
        let both = try flipbook(["check", scene, "--failure-directory", old.path, "--report-directory", reports.path])

        XCTAssertEqual(result.status, 1, "the goldens were missing, so they were recorded")
        XCTAssertTrue(FileManager.default.fileExists(atPath: old.appendingPathComponent("index.html").path))
        XCTAssertTrue(help.out.contains("--report-directory"), help.out)
        XCTAssertFalse(help.out.contains("--failure-directory"), help.out)
        XCTAssertEqual(both.status, 64, both.err)
    }

    func testRecordChangedRewritesOnlyTheGoldensThatFail() throws {
        let scene = try writeDotScene("#ff00ff")
        XCTAssertEqual(try flipbook(["record", scene] + options()).status, 0)
        let wrong = try PNGCodec.encode(Bitmap(width: 20, height: 20, filledWith: RGBA8(0, 255, 255)))
        try Data(wrong).write(to: golden("00030"))
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        for frame in ["00000", "00030"] {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: golden(frame).path)
        }
        let passingBytes = try Data(contentsOf: golden("00000"))

        let recorded = try flipbook(["record", "--changed", scene] + options())
        let checked = try flipbook(["check", scene] + options())

        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertTrue(recorded.out.contains("dot frame 0: ok, identical\n"), recorded.out)
        XCTAssertTrue(recorded.out.contains("dot frame 30: RECORDED new baseline \(golden("00030").path) "
                                            + "(the old one failed)"), recorded.out)
        func modified(_ frame: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: golden(frame).path)[.modificationDate] as? Date
        }
        XCTAssertEqual(try modified("00000"), longAgo)
        XCTAssertEqual(try Data(contentsOf: golden("00000")), passingBytes)
        XCTAssertNotEqual(try modified("00030"), longAgo)
        XCTAssertNotEqual(try [UInt8](Data(contentsOf: golden("00030"))), wrong)
        XCTAssertEqual(checked.status, 0, checked.out)
    }

    // MARK: - Runs that check nothing

    /// Runs `flipbook` with `work` as the current directory, where there is no scenes/.
    func flipbookInWork(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        return try run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", work.path, binary] + arguments)
    }

    func testCheckWhereThereAreNoScenesFailsSayingWhyAndCallsNoGoldenUnused() throws {
        try FileManager.default.createDirectory(at: goldens.appendingPathComponent("hello"), withIntermediateDirectories: true)
        try PNGCodec.write(Bitmap(width: 1, height: 1, filledWith: RGBA8(0, 0, 0)),
                           to: goldens.appendingPathComponent("hello/frame_00000.png").path)

        let check = try flipbookInWork(["check"])
        let record = try flipbookInWork(["record"])
        let allowed = try flipbookInWork(["check", "--allow-empty"])

        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.err, "flipbook: error: no scenes with golden frames found under scenes/ (there is no such "
                       + "folder here); name scene files, or run in the project folder (use --allow-empty to allow an "
                       + "empty run)\n")
        XCTAssertEqual(check.out, "golden: unused goldens not looked for: no scene with golden frames was found, "
                       + "so every golden would look unused\n")
        XCTAssertEqual(record.status, 1, record.out)
        XCTAssertTrue(record.err.hasPrefix("flipbook: error: no scenes with golden frames found under scenes/"), record.err)
        XCTAssertEqual(allowed.status, 0, allowed.err)
        XCTAssertTrue(allowed.out.hasSuffix("golden: 0 passed, 0 failed\ngolden: report: out/golden-report/index.html\n"),
                      allowed.out)
    }

    func testCheckOfANamedSceneWithoutGoldenFramesFailsUnlessEmptyRunsAreAllowed() throws {
        let plain = try writeScene("plain.yaml", "flipbook: 1\ncanvas: {size: [20, 20], duration: 0.1}\n")

        let check = try flipbook(["check", plain] + options())
        let allowed = try flipbook(["check", plain, "--allow-empty"] + options())

        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.err, "\(plain): error: the scene lists no golden frames, so there is nothing to check; add "
                       + "'golden: {frames: [0, last]}' or leave the file out (--allow-empty skips it)\n")
        XCTAssertTrue(check.out.contains("golden: 0 passed, 1 failed\n"), check.out)
        XCTAssertEqual(allowed.status, 0, allowed.err)
        XCTAssertTrue(allowed.out.hasPrefix("plain: skipped, \(plain) lists no golden frames\n"), allowed.out)
    }

    // MARK: - JUnit

    func testJUnitFileOfAFailingCheckIsXMLThatPythonReadsWithTheCountsAndReportPaths() throws {
        let python = try XCTUnwrap(Self.onPath("python3"), "install python3")
        // A name with characters XML escapes.
        let scene = try writeScene("r&d <1>.yaml", try String(contentsOfFile: try writeDotScene("#ff00ff"), encoding: .utf8))
        XCTAssertEqual(try flipbook(["record", scene] + options()).status, 0)
        try PNGCodec.write(Bitmap(width: 20, height: 20, filledWith: RGBA8(0, 255, 255)),
                           to: goldens.appendingPathComponent("r&d <1>/frame_00030.png").path)
        let junit = work.appendingPathComponent("ci/junit.xml")

        let check = try flipbook(["check", scene, "--junit", junit.path] + options())
        // Python's xml.etree (expat) parses the file and prints what a CI service reads of it.
        let read = try run(python, ["-c", """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            suite = root.find("testsuite")
            print(root.tag, root.get("tests"), root.get("failures"), root.get("errors"))
            print(suite.get("name"), suite.get("tests"), suite.get("failures"))
            for case in suite.findall("testcase"):
                failure = case.find("failure")
                print(case.get("name"), case.get("file"), failure.get("type"), failure.get("message"))
                print(failure.text)
            """, junit.path])

        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.out.hasSuffix("golden: JUnit: \(junit.path)\n"), check.out)
        XCTAssertEqual(read.status, 0, read.err)
        XCTAssertEqual(read.out, """
            testsuites 1 1 0
            golden 1 1
            r&d <1> \(scene) failed 1 of 2 frames failed
            r&d <1> frame 30 (t = 1 s): FAILED 400 pixels differ by more than 2 (allowed 0), max difference 255; \
            see \(reports.path)/r&d <1>/frame_00030.diff.png
            report: \(reports.path)/index.html#r-d--1--frame-30

            """)
    }
}
