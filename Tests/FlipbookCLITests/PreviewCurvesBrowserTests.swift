import Foundation
import XCTest
import FlipbookRender

/// The preview's curves tab in headless Chromium: the timing curves and springs the scene's
/// animations run on (as the engine started them), the curves given with `preview --curves`
/// and those typed on the page, plotted as `flipbook curves` plots them, again on each edit.
final class PreviewCurvesBrowserTests: PreviewTestCase {
    func testTheTabPlotsTheScenesCurvesAndTheGivenAndTypedOnesAsFlipbookCurvesDoes() throws {
        let path = try writeScene("slide.yaml", PreviewTimelineBrowserTests.scene)
        let preview = try startPreview(path, ["--curves", "spring(dampingRatio:0.6,duration:0.8)"])
        let (browser, page) = try openInChromium(preview, query: "?tab=curves")
        defer { browser.stop() }
        let sceneCurves = ["linear", "spring(mass:1,stiffness:760.8571052052276,damping:33.10036603265178,velocity:0)"]
        let given = sceneCurves + ["spring(dampingRatio:0.6,duration:0.8)"]

        let plotted = try page.wait(until: "document.body.dataset.curves", is: given.joined(separator: ";"))
        let listed = try page.evaluate("[...document.querySelectorAll('#scene-curves li')].map((item) => item.textContent)")
        let first = try plot(page)
        try type(page, "input.value + '\\neaseIn'")
        let replotted = try page.wait(until: "document.body.dataset.curves", is: (given + ["easeIn"]).joined(separator: ";"))
        let second = try plot(page)
        try type(page, "'spring(damping:-1)'")
        let refused = try page.wait(until: "String(document.getElementById('curves-error').hidden)", is: "false")

        XCTAssertTrue(plotted)
        XCTAssertEqual(listed as? [String], sceneCurves, "the dot's spring, as the engine made it from {damping: 0.6}")
        XCTAssertEqual(try page.evaluate("document.getElementById('curves-panel').hidden") as? Bool, false)
        XCTAssertEqual(first, try curves(given))
        XCTAssertTrue(replotted)
        XCTAssertEqual(second, try curves(given + ["easeIn"]))
        XCTAssertTrue(refused)
        XCTAssertTrue((try page.evaluate("document.getElementById('curves-error').textContent") as? String ?? "")
            .contains("damping must be 0 or more"))
    }

    func testABadCurveIsAnErrorAtStart() throws {
        let path = try writeScene("slide.yaml", PreviewTimelineBrowserTests.scene)

        let result = try flipbook(["preview", path, "--port", "0", "--curves", "sprung(damping:5)"])

        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("--curves: unknown curve 'sprung' (did you mean 'spring'?)"), result.err)
    }

    /// Sets the text of the box of curves to `text` (an expression of its `input`) as typing does.
    func type(_ page: DevToolsBrowser.Page, _ text: String) throws {
        try page.evaluate("""
            { const input = document.getElementById("curve-input");
              input.value = \(text);
              input.dispatchEvent(new Event("input")); }
            """)
    }

    /// The pixels of the plot the page shows.
    func plot(_ page: DevToolsBrowser.Page) throws -> Bitmap {
        let file = work.appendingPathComponent("shown-plot.png")
        try imageBytes("curves-plot", in: page).write(to: file)
        return try PNGCodec.read(path: file.path)
    }

    /// The pixels of `flipbook curves` of `list` (its default size, 640×400).
    func curves(_ list: [String]) throws -> Bitmap {
        let file = work.appendingPathComponent("curves.png")
        let result = try flipbook(["curves"] + list + ["-o", file.path])
        XCTAssertEqual(result.status, 0, result.err)
        return try PNGCodec.read(path: file.path)
    }
}
