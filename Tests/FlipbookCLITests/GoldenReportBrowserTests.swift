import Foundation
import XCTest
import FlipbookRender

/// The golden report as a browser shows it: headless Chromium (Debian's `chromium`,
/// installed by scripts/install-deps.sh --tests) loads the page a failing `flipbook check` wrote,
/// and both the DOM after its script ran (its state is kept in attributes) and a
/// screenshot must show the failed frame — its time, scene link, command and filmstrip —
/// and the tabs, the zoom, the filter and the copy button working. A scenario clicks or
/// presses keys through a script added to a copy of the page, as a reader would.
final class GoldenReportBrowserTests: CLITestCase {
    static let cyan = RGBA8(0, 255, 255), magenta = RGBA8(255, 0, 255), red = RGBA8(255, 0, 0)

    var report: URL { work.appendingPathComponent("report") }
    var dotScene: URL { work.appendingPathComponent("dot.yaml") }

    /// Checks three scenes with `GOLDEN_RECORD=never`: "dot", a magenta square on white
    /// whose golden frame 2 is all cyan, so it fails (its diff is all red: each image has
    /// a colour of its own in a screenshot); "ok", which passes; "new", whose golden is
    /// missing. The report's images of dot are 240 px squares (20 px magnified 12 times).
    override func setUpWithError() throws {
        try super.setUpWithError()
        let dot = try writeScene("dot.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], fps: 10, duration: 0.4, background: white}
            golden: {frames: [2]}
            views: [{frame: [5, 5, 10, 10], backgroundColor: "#ff00ff"}]

            """)
        let ok = try writeScene("ok.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], fps: 10, duration: 0.1, background: white}
            golden: {frames: [0]}

            """)
        let new = try writeScene("new.yaml", try String(contentsOfFile: ok, encoding: .utf8))
        let goldens = work.appendingPathComponent("golden")
        let options = ["--golden-directory", goldens.path, "--report-directory", report.path]
        XCTAssertEqual(try flipbook(["record", ok] + options).status, 0)
        try FileManager.default.createDirectory(at: goldens.appendingPathComponent("dot"), withIntermediateDirectories: true)
        try PNGCodec.write(Bitmap(width: 20, height: 20, filledWith: Self.cyan),
                           to: goldens.appendingPathComponent("dot/frame_00002.png").path)
        environment["GOLDEN_RECORD"] = "never"
        let check = try flipbook(["check", dot, ok, new] + options)
        XCTAssertEqual(check.status, 1, check.out + check.err)
    }

    func testFailedFrameShowsItsTimeSceneLinkCommandExpectedImageSliderAndFilmstripInChromium() throws {
        let page = try open(scenario: nil)

        // The page's script marks each image data-visible="yes" once it has loaded and is shown with a size.
        XCTAssertTrue(try Self.imageTag(withClass: "expected", in: page.dom).contains("data-visible=\"yes\""), page.dom)
        for hidden in ["actual", "diff"] {
            XCTAssertTrue(try Self.imageTag(withClass: hidden, in: page.dom).contains("data-visible=\"no\""), hidden)
        }
        XCTAssertTrue(page.dom.contains("<h2>dot frame 2, <span class=\"time\">t = 0.2 s</span></h2>"), page.dom)
        XCTAssertTrue(page.dom.contains("From <a class=\"scene-file\" href=\"../dot.yaml\">\(dotScene.path)</a> at 10 fps."))
        XCTAssertEqual(URL(fileURLWithPath: "../dot.yaml", relativeTo: report.appendingPathComponent("index.html"))
                        .standardizedFileURL.path, dotScene.path)
        XCTAssertTrue(page.dom.contains("<code class=\"command\" id=\"dot-frame-2-command\">flipbook record --changed "
            + "--golden-directory \(work.path)/golden \(dotScene.path)</code>"), page.dom)
        // The filmstrip: the actual frames 0–4 around frame 2, each shown, frame 2 marked.
        let thumbnails = page.dom.components(separatedBy: "<img class=\"thumb\"").dropFirst()
        XCTAssertEqual(thumbnails.count, 5)
        XCTAssertTrue(thumbnails.allSatisfy { $0.prefix { $0 != ">" }.contains("data-visible=\"yes\"") }, page.dom)
        XCTAssertTrue(page.dom.contains("<li data-frame=\"2\" aria-current=\"true\">"))
        // Expected (cyan) in the tab and the slider's left half; actual (magenta) in the
        // slider's right half and in the five thumbnails (96 px high: the square is 48 px).
        assertAbout(page.counts.cyan, 240 * 240 + 120 * 240, "expected: the tab and half the slider")
        assertAbout(page.counts.magenta, 60 * 120 + 5 * 48 * 48, "actual: half the slider's square and the thumbnails")
        XCTAssertEqual(page.counts.red, 0, "no diff")
    }

    func testClickingATabShowsItsImageAndAZoomButtonMagnifiesTheImagesThatMuch() throws {
        let page = try open(scenario: """
            const viewer = document.querySelector(".viewer");
            viewer.querySelector('[role="tab"][data-tab="diff"]').click();
            viewer.querySelector('.zoom [data-zoom="4"]').click();
            """)

        XCTAssertTrue(page.dom.contains("<div class=\"viewer\" data-tab=\"diff\" data-zoom=\"4\">"), page.dom)
        XCTAssertTrue(page.dom.contains("aria-selected=\"true\" tabindex=\"0\" data-tab=\"diff\">diff</button>"))
        XCTAssertTrue(page.dom.contains("<button type=\"button\" data-zoom=\"4\" aria-pressed=\"true\">4×</button>"))
        let diff = try Self.imageTag(withClass: "diff", in: page.dom)
        XCTAssertTrue(diff.contains("width=\"80\" height=\"80\"") && diff.contains("data-visible=\"yes\""), diff)
        XCTAssertTrue(try Self.imageTag(withClass: "expected", in: page.dom).contains("data-visible=\"no\""))
        // The diff, all red, now 80 px square; the slider 80 px too, half expected (cyan).
        assertAbout(page.counts.red, 80 * 80, "the diff at 4×")
        assertAbout(page.counts.cyan, 40 * 80, "half the slider at 4×")
    }

    func testTheArrowKeysHomeAndEndMoveBetweenTabsAndTheFocusFollows() throws {
        let page = try open(scenario: """
            const tabs = [...document.querySelectorAll('.viewer [role="tab"]')];
            tabs[0].focus();
            const seen = [];
            for (const key of ["ArrowRight", "End", "Home", "ArrowLeft", "ArrowRight", "ArrowRight"]) {
              document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
              seen.push(document.querySelector(".viewer").dataset.tab + "@" + document.activeElement.dataset.tab);
            }
            document.body.dataset.seen = seen.join(" ");
            """)

        XCTAssertTrue(page.dom.contains("data-seen=\"actual@actual diff@diff expected@expected diff@diff "
            + "expected@expected actual@actual\""), page.dom)
        XCTAssertTrue(try Self.imageTag(withClass: "actual", in: page.dom).contains("data-visible=\"yes\""))
        // Actual (magenta, 120 px square) in the tab; no diff; cyan only in the slider.
        assertAbout(page.counts.magenta, 120 * 120 + 60 * 120 + 5 * 48 * 48, "actual: the tab, the slider, the thumbnails")
        XCTAssertEqual(page.counts.red, 0, "no diff")
        assertAbout(page.counts.cyan, 120 * 240, "expected: half the slider")
    }

    func testTheFilterShowsOnlyTheScenesAndSectionsOfOneStatusAndCopySelectsTheCommand() throws {
        let page = try open(scenario: """
            document.querySelector("#dot-frame-2 button.copy").click();
            document.body.dataset.selection = getSelection().toString();
            const shown = [];
            for (const status of ["failed", "missing", "all", "passed"]) {
              document.querySelector(`.filter input[value="${status}"]`).click();
              const rows = [...document.querySelectorAll(".scenes tr[data-status]")]
                .filter(row => row.checkVisibility()).map(row => row.cells[0].textContent);
              const sections = [...document.querySelectorAll("section")]
                .filter(section => section.checkVisibility()).map(section => section.className);
              shown.push(status + ": " + rows.join(",") + " / " + sections.join(","));
            }
            document.body.dataset.shown = shown.join("; ");
            """)

        XCTAssertTrue(page.dom.contains("<body data-filter=\"passed\""), page.dom)
        XCTAssertTrue(page.dom.contains("data-shown=\"failed: dot / failure; missing: new / not-compared; "
            + "all: dot,ok,new / failure,not-compared; passed: ok / \""), page.dom)
        // Copy selects the command, and copies it where the browser lets a page write to the
        // clipboard (headless Chromium does not: the button then says to press Ctrl+C).
        let command = "flipbook record --changed --golden-directory \(work.path)/golden \(dotScene.path)"
        XCTAssertTrue(page.dom.contains("data-selection=\"\(command)\""), page.dom)
        XCTAssertTrue(page.dom.contains("class=\"copy\" aria-controls=\"dot-frame-2-command\" data-copied=\"yes\">Copied<")
                      || page.dom.contains("aria-controls=\"dot-frame-2-command\" data-copied=\"no\">Selected: press Ctrl+C<"),
                      page.dom)
        // Only passed frames are shown, and they have no images: none of the failed frame's colours.
        XCTAssertEqual([page.counts.cyan, page.counts.magenta, page.counts.red], [0, 0, 0])
    }

    // MARK: - Driving Chromium

    /// The report as Chromium shows it after the page's script and then `scenario` (added
    /// in a script at the end of a copy of the page, beside it) ran: the DOM and how many
    /// pixels of the screenshot are cyan, magenta and red.
    func open(scenario: String?) throws -> (dom: String, counts: (cyan: Int, magenta: Int, red: Int)) {
        let chromium = try XCTUnwrap(Self.onPath("chromium"), "install chromium with scripts/install-deps.sh --tests")
        var page = report.appendingPathComponent("index.html")
        if let scenario {
            let html = try String(contentsOf: page, encoding: .utf8)
            page = report.appendingPathComponent("scenario.html")
            try html.replacingOccurrences(of: "</body>", with: "<script>\n\(scenario)\n</script>\n</body>")
                .write(to: page, atomically: true, encoding: .utf8)
        }
        let screenshot = work.appendingPathComponent("page.png")

        let browser = try run(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=" + work.appendingPathComponent("chromium-profile").path,
            "--window-size=1000,1200", "--virtual-time-budget=2000",
            "--screenshot=" + screenshot.path, "--dump-dom", page.absoluteString,
        ])

        XCTAssertEqual(browser.status, 0, browser.err)
        let counts = Self.counts(of: [Self.cyan, Self.magenta, Self.red], in: try PNGCodec.read(path: screenshot.path))
        return (browser.out, (counts[0], counts[1], counts[2]))
    }

    /// The first `<img …>` tag whose class is `name`, in serialized HTML.
    static func imageTag(withClass name: String, in html: String) throws -> String {
        try XCTUnwrap(html.components(separatedBy: "<img ").dropFirst()
            .first { $0.hasPrefix("class=\"\(name)\"") }
            .map { "<img " + $0.prefix { $0 != ">" } + ">" }, "no image of class \(name)")
    }

    /// How many pixels of the opaque `bitmap` are within 8 per channel of each of `colours`.
    static func counts(of colours: [RGBA8], in bitmap: Bitmap) -> [Int] {
        var counts = [Int](repeating: 0, count: colours.count)
        bitmap.pixels.withUnsafeBufferPointer { bgra in
            for i in stride(from: 0, to: bgra.count, by: 4) {
                for (n, colour) in colours.enumerated()
                where abs(Int(bgra[i + 2]) - Int(colour.r)) <= 8 && abs(Int(bgra[i + 1]) - Int(colour.g)) <= 8
                    && abs(Int(bgra[i]) - Int(colour.b)) <= 8 {
                    counts[n] += 1
                }
            }
        }
        return counts
    }
}
