import Foundation
import XCTest
import FlipbookRender

/// The golden report as a browser shows it: headless Chromium (Debian's `chromium`,
/// installed by scripts/install-deps.sh) loads the page a failing `flipbook check` wrote,
/// and both the DOM after its script ran and a screenshot must show the expected,
/// actual and diff images.
final class GoldenReportBrowserTests: CLITestCase {
    static let cyan = RGBA8(0, 255, 255), magenta = RGBA8(255, 0, 255), red = RGBA8(255, 0, 0)

    func testFailingReportShowsTheExpectedActualAndDiffImagesInChromium() throws {
        let chromium = try XCTUnwrap(Self.onPath("chromium"), "install chromium with scripts/install-deps.sh")
        // A magenta square on white, checked against a wrong golden: all cyan. The diff is
        // then all red, so each image has a colour of its own in the screenshot.
        let scene = try writeScene("dot.yaml", """
            flipbook: 1
            canvas: {size: [20, 20], background: white}
            golden: {frames: [0]}
            views: [{frame: [5, 5, 10, 10], backgroundColor: "#ff00ff"}]

            """)
        let golden = work.appendingPathComponent("golden/dot/frame_00000.png")
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(Bitmap(width: 20, height: 20, filledWith: Self.cyan), to: golden.path)
        let report = work.appendingPathComponent("report"), screenshot = work.appendingPathComponent("page.png")
        let check = try flipbook(["check", scene, "--golden-directory", golden.deletingLastPathComponent()
            .deletingLastPathComponent().path, "--report-directory", report.path])

        let browser = try run(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=" + work.appendingPathComponent("chromium-profile").path,
            "--window-size=900,900", "--virtual-time-budget=1000",
            "--screenshot=" + screenshot.path, "--dump-dom",
            report.appendingPathComponent("index.html").absoluteString,
        ])

        XCTAssertEqual(check.status, 1, check.out + check.err)
        XCTAssertEqual(browser.status, 0, browser.err)
        // The page's script marks each image data-visible="yes" once it has loaded and has a size.
        for image in ["expected", "actual", "diff"] {
            let tag = try XCTUnwrap(Self.imageTag(withClass: image, in: browser.out), browser.out)
            XCTAssertTrue(tag.contains("data-visible=\"yes\""), tag)
        }
        // The expected, actual and diff images are 240 px squares (20 px magnified 12 times).
        let counts = Self.counts(of: [Self.cyan, Self.magenta, Self.red], in: try PNGCodec.read(path: screenshot.path))
        XCTAssertGreaterThan(counts[0], 240 * 240 * 9 / 10, "expected: all cyan")
        XCTAssertGreaterThan(counts[1], 120 * 120 * 9 / 10, "actual: a magenta square")
        XCTAssertGreaterThan(counts[2], 240 * 240 * 9 / 10, "diff: all red")
    }

    /// The `<img …>` tag whose class is `name`, in serialized HTML.
    static func imageTag(withClass name: String, in html: String) -> String? {
        html.components(separatedBy: "<img ").dropFirst()
            .first { $0.hasPrefix("class=\"\(name)\"") }
            .map { "<img " + $0.prefix { $0 != ">" } + ">" }
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

    /// The first executable `name` on `PATH`.
    static func onPath(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }
}
