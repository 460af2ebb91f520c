import Foundation
import XCTest
import FlipbookRender
import FlipbookGolden

/// The report page a golden run leaves: failed frames with their time, scene file, images
/// (tabs, slider, zoom), counts, threshold, filmstrip and the command that accepts them;
/// the filter; recorded, missing and unchecked scenes; unused goldens.
final class GoldenReportTests: RecordedGoldensTestCase {
    func page(_ report: GoldenReport) throws -> String {
        try String(contentsOf: report.write(to: reports), encoding: .utf8)
    }

    func testFailedFrameIsShownAsTabsAndInASliderWithImagesLinkedInsideTheReport() throws {
        let changed = golden.setting(first: 4, to: RGBA8(0, 0, 0))
        let fade = try checker().check(scene: "fade", frames: [(0, golden), (30, changed)])

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.expected.png\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.actual.png\"").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "src=\"fade/frame_00030.diff.png\"").count - 1, 1)
        XCTAssertTrue(html.contains("<div class=\"tabs\" role=\"tablist\" aria-label=\"image of fade frame 30\">"
            + "<button type=\"button\" role=\"tab\" id=\"fade-frame-30-expected-tab\" aria-controls=\"fade-frame-30-expected\" "
            + "aria-selected=\"true\" tabindex=\"0\" data-tab=\"expected\">expected</button>"
            + "<button type=\"button\" role=\"tab\" id=\"fade-frame-30-actual-tab\" aria-controls=\"fade-frame-30-actual\" "
            + "aria-selected=\"false\" tabindex=\"-1\" data-tab=\"actual\">actual</button>"), html)
        XCTAssertTrue(html.contains("<div class=\"panel\" role=\"tabpanel\" id=\"fade-frame-30-expected\" "
            + "aria-labelledby=\"fade-frame-30-expected-tab\"><a href=\"fade/frame_00030.expected.png\">"))
        XCTAssertTrue(html.contains("id=\"fade-frame-30-actual\" aria-labelledby=\"fade-frame-30-actual-tab\" hidden>"))
        XCTAssertTrue(html.contains("id=\"fade-frame-30-diff\" aria-labelledby=\"fade-frame-30-diff-tab\" hidden>"))
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
        XCTAssertTrue(html.contains("<td>fade</td><td>30</td><td>3 per channel, 2 pixels</td>"
            + "<td><a href=\"#fade-frame-30\">1 failed</a></td>"), html)
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
        XCTAssertTrue(html.contains("<tr class=\"passed\" data-status=\"passed\"><td>slide</td><td>0</td>"))
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
        XCTAssertTrue(html.contains("<li data-status=\"recorded\">new frame 0: RECORDED new baseline "))
        XCTAssertTrue(html.contains("<li data-status=\"missing\">fade frame 60: MISSING golden "))
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

    // MARK: - Time, scene file, command, zoom, filmstrip, filter

    /// A check of "fade" whose frame 30 fails, from `<root>/scenes/fade.yaml` at `fps`.
    func failingFade(fps: Double = 30) throws -> GoldenSceneReport {
        var fade = try checker().check(scene: "fade", frames: [(0, golden), (30, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])
        fade.file = reports.deletingLastPathComponent().appendingPathComponent("scenes/fade.yaml").path
        fade.fps = fps
        return fade
    }

    func testFailedFrameShowsItsTimeFromTheFrameRateAndLinksItsSceneFileRelatively() throws {
        let fade = try failingFade(fps: 30)

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertTrue(html.contains("<h2>fade frame 30, <span class=\"time\">t = 1 s</span></h2>"), html)
        XCTAssertTrue(html.contains("<p class=\"where\">From <a class=\"scene-file\" href=\"../scenes/fade.yaml\">"), html)
        XCTAssertTrue(html.contains("</a> at 30 fps.</p>"), html)
    }

    func testTimesAreFrameOverFPSToTheMillisecond() throws {
        var fade = try failingFade()

        fade.fps = 60
        let sixtieth = fade.timeLabel(ofFrame: 1)
        fade.fps = 25
        let quarterRate = fade.timeLabel(ofFrame: 20)
        fade.fps = nil
        let unknown = fade.timeLabel(ofFrame: 20)

        XCTAssertEqual(sixtieth, "t = 0.017 s")
        XCTAssertEqual(quarterRate, "t = 0.8 s")
        XCTAssertNil(unknown)
    }

    func testEachFailedFrameAndTheHeadOfThePageGiveTheCommandThatAcceptsTheChangeWithACopyButton() throws {
        let fade = try failingFade()
        var slide = try checker().check(scene: "slide", frames: [(0, golden)])
        slide.file = "/elsewhere/slide.yaml"
        let report = GoldenReport(scenes: [fade, slide], goldenDirectory: goldens)

        let html = try page(report)

        let command = "flipbook record --changed --golden-directory \(goldens.path) \(fade.file!)"
        XCTAssertEqual(report.acceptCommand(files: [fade.file!]), command)
        XCTAssertTrue(html.contains("<code class=\"command\" id=\"fade-frame-30-command\">\(command)</code> "
            + "<button type=\"button\" class=\"copy\" aria-controls=\"fade-frame-30-command\">Copy</button>"), html)
        XCTAssertTrue(html.contains("<code class=\"command\" id=\"accept-all-command\">\(command)</code>"),
                      "slide passed, so accepting every change names only fade")
    }

    func testAcceptCommandLeavesOutTheDefaultGoldenDirectoryAndQuotesPathsForTheShell() {
        let report = GoldenReport(scenes: [], goldenDirectory: URL(fileURLWithPath: "golden"))

        let command = report.acceptCommand(files: ["scenes/it's here.yaml", "scenes/plain.yaml"])

        XCTAssertEqual(command, "flipbook record --changed 'scenes/it'\\''s here.yaml' scenes/plain.yaml")
    }

    func testZoomButtonsOfferWholeFactorsStartingAtTheMagnificationOfASmallFrame() throws {
        let html = try page(GoldenReport(scenes: [try failingFade()]))

        // 16 pixels wide: shown 16 times magnified (256 / 16), the largest whole factor within 256.
        XCTAssertTrue(html.contains("<div class=\"viewer\" data-tab=\"expected\" data-zoom=\"16\">"), html)
        XCTAssertTrue(html.contains("<div class=\"zoom\" role=\"group\" aria-label=\"zoom\">zoom "
            + "<button type=\"button\" data-zoom=\"1\" aria-pressed=\"false\">1×</button>"
            + "<button type=\"button\" data-zoom=\"2\" aria-pressed=\"false\">2×</button>"
            + "<button type=\"button\" data-zoom=\"4\" aria-pressed=\"false\">4×</button>"
            + "<button type=\"button\" data-zoom=\"8\" aria-pressed=\"false\">8×</button>"
            + "<button type=\"button\" data-zoom=\"16\" aria-pressed=\"true\">16×</button></div>"), html)
        XCTAssertTrue(html.contains("<img class=\"diff\" src=\"fade/frame_00030.diff.png\" alt=\"diff of fade frame 30\" "
            + "width=\"256\" height=\"256\" data-width=\"16\" data-height=\"16\">"), html)
        XCTAssertTrue(html.contains("image-rendering: pixelated"))
    }

    func testFilmstripShowsTheActualFramesAroundAFailedOneWithTheirTimesAndMarksIt() throws {
        var fade = try failingFade(fps: 30)
        fade.frames[1].filmstrip = (28...32).map {
            GoldenThumbnail(index: $0, url: reports.appendingPathComponent("fade/frame_000\($0).thumb.png"))
        }

        let html = try page(GoldenReport(scenes: [fade]))

        XCTAssertTrue(html.contains("<li data-frame=\"29\"><a href=\"fade/frame_00029.thumb.png\">"
            + "<img class=\"thumb\" src=\"fade/frame_00029.thumb.png\" alt=\"actual frame 29 of fade\"></a>"
            + "<span>frame 29<br>t = 0.967 s</span></li>"), html)
        XCTAssertTrue(html.contains("<li data-frame=\"30\" aria-current=\"true\">"))
        XCTAssertEqual(html.components(separatedBy: "<img class=\"thumb\"").count - 1, 5)
        XCTAssertTrue(html.contains("<figcaption>the actual frames 28–32 around frame 30</figcaption>"))
    }

    func testFilterCountsFramesByStatusAndEveryRowAndSectionSaysWhichItShows() throws {
        let fade = try failingFade()
        let slide = try checker().check(scene: "slide", frames: [(0, golden)])
        let new = try checker().check(scene: "new", frames: [(0, golden)])
        let missing = try GoldenChecker(goldenDirectory: goldens, reportDirectory: reports, mode: .never)
            .check(scene: "gone", frames: [(0, golden)])

        let html = try page(GoldenReport(scenes: [fade, slide, new, missing]))

        for (status, count) in [("all", 5), ("failed", 1), ("passed", 2), ("recorded", 1), ("missing", 1)] {
            XCTAssertTrue(html.contains("value=\"\(status)\"\(status == "all" ? " checked" : "")> \(status) "
                + "<span class=\"count\">(\(count))</span>"), status)
        }
        XCTAssertTrue(html.contains("<section class=\"failure\" id=\"fade-frame-30\" data-status=\"failed\">"))
        XCTAssertTrue(html.contains("<tr class=\"failed\" data-status=\"failed passed\"><td>fade</td>"), html)
        XCTAssertTrue(html.contains("<tr class=\"passed\" data-status=\"passed\"><td>slide</td>"))
        XCTAssertTrue(html.contains("<tr class=\"failed\" data-status=\"recorded\"><td>new</td>"))
        XCTAssertTrue(html.contains("<tr class=\"failed\" data-status=\"missing\"><td>gone</td>"))
        XCTAssertTrue(html.contains("<section class=\"not-compared\" data-status=\"recorded missing\">"))
        XCTAssertTrue(html.contains("body[data-filter=\"missing\"] [data-status]:not([data-status~=\"missing\"]) "
            + "{ display: none; }"))
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
