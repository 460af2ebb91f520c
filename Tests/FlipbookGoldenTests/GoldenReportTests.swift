import Foundation
import XCTest
import FlipbookRender
import FlipbookGolden

/// The report page a golden run leaves: failed frames with their images, counts and
/// threshold; recorded, missing and unchecked scenes; unused goldens.
final class GoldenReportTests: RecordedGoldensTestCase {
    func page(_ report: GoldenReport) throws -> String {
        try String(contentsOf: report.write(to: reports), encoding: .utf8)
    }

    func testFailedFrameIsShownSideBySideAndInASliderWithImagesLinkedInsideTheReport() throws {
        let changed = golden.setting(first: 4, to: RGBA8(0, 0, 0))
        let fade = try checker().check(scene: "fade", frames: [(0, golden), (30, changed)])

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.expected.png\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.actual.png\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.diff.png\"").count - 1, 1)
        XCTAssertTrue(html.contains("<div class=\"side-by-side\">"))
        XCTAssertTrue(html.contains("<input type=\"range\" min=\"0\" max=\"100\" value=\"50\""))
        XCTAssertFalse(html.contains("frame_00000."), "frame 0 matched, so it has no images")
        for image in ["expected", "actual", "diff"] {
            XCTAssertTrue(FileManager.default.fileExists(
                atPath: reports.appendingPathComponent("fade/frame_00030.\(image).png").path), image)
        }
    }

    func testFailedFrameGivesThePixelCountsAndTheThresholdUsed() throws {
        let tolerance = GoldenTolerance(perChannel: 3, allowedPixels: 2)
        let fade = try checker(tolerance).check(scene: "fade", frames: [(30, golden.setting(first: 4, to: RGBA8(0, 0, 0)))])

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertTrue(html.contains("<tr><th>differing pixels</th><td>4 of 256</td></tr>"), html)
        XCTAssertTrue(html.contains("<tr><th>allowed pixels</th><td>2</td></tr>"))
        XCTAssertTrue(html.contains("<tr><th>per-channel tolerance</th><td>3 "))
        XCTAssertTrue(html.contains("<tr><th>largest channel difference</th><td>120</td></tr>"))
        XCTAssertTrue(html.contains("<td>fade</td><td>30</td><td>3 per channel, 2 pixels</td><td>1 failed</td>"))
    }

    func testSizeMismatchNamesBothSizes() throws {
        let wider = Bitmap(width: 17, height: 16, filledWith: RGBA8(40, 80, 120))
        let fade = try checker().check(scene: "fade", frames: [(0, wider)])

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertTrue(html.contains("<tr><th>size</th><td>expected 16×16, actual 17×16: no pixel compared</td></tr>"))
    }

    func testFailuresOfEverySceneAreShownWithTheLibraryVersionNote() throws {
        try GoldenEnvironment.write(["cairo": "0.0.1"], to: goldens)
        let changed = golden.setting(0, 0, to: RGBA8(0, 0, 0))
        let fade = try checker().check(scene: "fade", frames: [(30, changed)])
        let slide = try checker().check(scene: "slide", frames: [(0, changed)])

        let report = GoldenReport(scenes: [fade, slide])
        let html = try page(report)

        XCTAssertEqual(report.headline, "2 frames failed; 2 frames of 2 scenes checked.")
        XCTAssertTrue(html.contains("<h2>fade frame 30</h2>"))
        XCTAssertTrue(html.contains("<h2>slide frame 0</h2>"))
        XCTAssertTrue(html.contains("goldens were recorded with cairo 0.0.1"))
    }

    func testPassingRunGetsAPageSayingSoThatReplacesTheFailingOne() throws {
        let failing = try checker().check(scene: "fade", frames: [(0, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])
        _ = try page(GoldenReport(scenes: [failing]))
        let fade = try checker().check(scene: "fade", frames: [(0, golden), (30, golden)])
        let slide = try checker().check(scene: "slide", frames: [(0, golden)])

        let report = GoldenReport(scenes: [fade, slide])
        let html = try page(report)

        XCTAssertTrue(report.passed)
        XCTAssertTrue(html.contains("<title>Golden report: passed</title>"))
        XCTAssertTrue(html.contains("All 3 frames of 2 scenes passed."))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertTrue(html.contains("<tr class=\"passed\"><td>slide</td><td>0</td>"))
    }

    func testRecordedMissingAndUncheckedScenesAreListedAndFailTheRun() throws {
        let recorded = try checker().check(scene: "new", frames: [(0, golden)])
        let missing = try GoldenChecker(goldenDirectory: goldens, reportDirectory: reports, mode: .never)
            .check(scene: "fade", frames: [(0, golden), (60, golden)])
        let error = GoldenReport.SceneError(file: "scenes/bad.yaml", message: "scenes/bad.yaml:1:11: error: bad")

        let report = GoldenReport(scenes: [recorded, missing], errors: [error])
        let html = try page(report)

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.headline,
                       "1 golden missing, 1 golden recorded; 1 scene could not be checked; 3 frames of 2 scenes checked.")
        XCTAssertTrue(html.contains("<li>new frame 0: RECORDED new baseline "))
        XCTAssertTrue(html.contains("<li>fade frame 60: MISSING golden "))
        XCTAssertTrue(html.contains("<li><code>scenes/bad.yaml:1:11: error: bad</code></li>"))
    }

    func testUnusedGoldensAreListed() throws {
        let fade = try checker().check(scene: "fade", frames: [(0, golden)])
        let unused = UnusedGoldens.find(in: goldens, goldenFrames: ["fade": [0]], allScenes: true)

        let html = try page(GoldenReport(scenes: [fade], unused: unused))

        XCTAssertTrue(html.contains("<li><code>\(goldens.path)/fade/frame_00030.png</code></li>"), html)
        XCTAssertTrue(html.contains("<li><code>\(goldens.path)/slide/</code>: no scene lists golden frames for it</li>"))
        XCTAssertFalse(html.contains("Only the folders of the scenes checked were looked at"))
    }

    func testImagesOutsideTheReportDirectoryAreLinkedByAbsoluteURL() throws {
        let fade = try checker().check(scene: "fade", frames: [(0, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])
        let elsewhere = try makeTemporaryDirectory()

        let html = try String(contentsOf: GoldenReport(scenes: [fade]).write(to: elsewhere), encoding: .utf8)

        let diff = reports.appendingPathComponent("fade/frame_00000.diff.png")
        XCTAssertTrue(html.contains("src=\"\(diff.absoluteString)\""), html)
    }

    func testARunThatCheckedNothingSaysWhyAndDidNotLookForUnusedGoldens() throws {
        let report = GoldenReport(scenes: [], unused: .notLookedFor,
                                  nothingChecked: "no scenes with golden frames found under scenes/")

        let html = try page(report)

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.headline, "Nothing was checked: no scenes with golden frames found under scenes/.")
        XCTAssertTrue(html.contains("<title>Golden report: FAILED</title>"))
        XCTAssertTrue(html.contains("Not looked for: no scene with golden frames was found"))
        XCTAssertFalse(html.contains("<p>None.</p>"))
    }

    func testAnAllowedEmptyRunPasses() throws {
        let report = GoldenReport(scenes: [], unused: .notLookedFor)

        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.headline, "No golden frame was checked.")
    }
}
