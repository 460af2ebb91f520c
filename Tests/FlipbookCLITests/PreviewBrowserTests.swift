import Foundation
import XCTest
import FlipbookRender

/// The preview's page as a person sees it: headless Chromium (Debian's `chromium`, installed
/// by scripts/install-deps.sh --tests) loads it from a running `flipbook preview`; the DOM
/// after its script ran (its state is kept in attributes, docs/preview.md) and a screenshot
/// must show the frame at the playhead, the selected layer's probe and outline, and a broken
/// save's error over the last good frame.
final class PreviewBrowserTests: PreviewTestCase {
    static let magenta = RGBA8(255, 0, 255)

    /// A 40-point magenta square sliding along the top of a white 300-point canvas, its left
    /// edge from 0 to 260 over 1 s at 10 fps (130 at frame 5).
    static let scene = """
        flipbook: 1
        canvas: {size: [300, 300], fps: 10, duration: 1, background: white}
        views: [{id: box, frame: [0, 0, 40, 40], backgroundColor: "#ff00ff"}]
        timeline:
          - at: 0
            do: [{animate: {duration: 1, options: [curveLinear], do: [{set: {target: box, center: [280, 20]}}]}}]

        """

    func testThePageShowsTheFrameRenderStillWritesItsCommandAndTheSelectedLayersProbeAndOutline() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)

        let page = try open(preview, query: "?frame=5&layer=box.layer")

        XCTAssertEqual(Self.bodyAttributes(in: page.dom), ["data-state": "ready", "data-version": "1", "data-frame": "5",
                                                           "data-shown": "5@1", "data-probed": "box.layer@5", "data-zoom": "fit",
                                                           "data-curves": "linear"], page.dom)
        // The picture on the page is the bytes of render --still 5.
        let source = try XCTUnwrap(Self.attribute("src", ofTagWithID: "frame", in: page.dom))
        let shown = try await get(preview, source)
        XCTAssertEqual(shown.body, try still(path, frame: 5), source)
        XCTAssertTrue(page.dom.contains("<code id=\"command\">flipbook render \(path) --still 5</code>"), page.dom)
        XCTAssertTrue(page.dom.contains("<tr data-key=\"position\"><td>position</td><td>[150,20]</td><td>[280,20]</td></tr>"),
                      page.dom)
        XCTAssertTrue(page.dom.contains("<div id=\"outline\" class=\"outline\" style=\"left: 130px; top: 0px; width: 40px; "
            + "height: 40px;\">"), page.dom)
        XCTAssertTrue(page.dom.contains("<button type=\"button\" data-id=\"box.layer\" aria-pressed=\"true\">"), page.dom)
        // The square, less the 2-pixel outline drawn inside its edge.
        assertAbout(page.magenta, 36 * 36, "the square inside its outline")
    }

    func testABrokenSaveShowsItsLocatedErrorOverTheLastGoodFrame() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        try write(Self.scene.replacingOccurrences(of: "fps: 10", with: "fsp: 10"), to: path)
        _ = try await waitForVersion(2, of: preview)

        let page = try open(preview, query: "?frame=5")

        XCTAssertEqual(Self.bodyAttributes(in: page.dom), ["data-state": "error", "data-version": "2", "data-frame": "5",
                                                           "data-shown": "5@2", "data-zoom": "fit", "data-curves": "linear"],
                       page.dom)
        XCTAssertTrue(page.dom.contains("<pre id=\"error\" class=\"error\" role=\"alert\">\(path):2:"), page.dom)
        XCTAssertTrue(page.dom.contains(": error: unknown key 'fsp' in 'canvas'"), page.dom)
        assertAbout(page.magenta, 40 * 40, "the last good frame's square, above the error")
    }

    func testTheScenesWarningsShowUnderThePicture() throws {
        let path = try writeScene("label.yaml", Self.scene.replacingOccurrences(
            of: "views: [", with: "views: [{class: UILabel, frame: [0, 200, 300, 40], text: Hi, font: {family: Avenir Next}}, "))
        let preview = try startPreview(path)

        let page = try open(preview, query: "?frame=5")

        XCTAssertEqual(Self.bodyAttributes(in: page.dom)["data-state"], "ready", page.dom)
        XCTAssertTrue(page.dom.contains("<pre id=\"warnings\" class=\"warnings\">\(path):3:"), page.dom)
        XCTAssertTrue(page.dom.contains(": warning: font family 'Avenir Next' is not installed"), page.dom)
        assertAbout(page.magenta, 40 * 40, "the frame is shown, not covered")
    }

    func testThePageFollowsASaveABrokenSaveAndAFixAndAClickOnThePictureProbesTheLayerThere() throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)

        let (browser, page) = try openInChromium(preview, query: "?frame=5")
        defer { browser.stop() }

        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "5@1"))
        XCTAssertEqual(try shownFrame(page), try still(path, frame: 5))
        // A click on the square (its centre is at 150, 20 on the canvas) selects its layer.
        let corner = try XCTUnwrap(page.evaluate("""
            (() => { const box = document.getElementById("frame").getBoundingClientRect(); return [box.left, box.top]; })()
            """) as? [Double])
        try page.click(x: corner[0] + 150, y: corner[1] + 20)
        XCTAssertTrue(try page.wait(until: "document.body.dataset.probed", is: "box.layer@5"))
        XCTAssertEqual(try page.evaluate("document.querySelector('#probe tr[data-key=position]').textContent") as? String,
                       "position[150,20][280,20]")

        // A save: the page shows the new version's frame.
        try write(Self.scene.replacingOccurrences(of: "#ff00ff", with: "#00ff00"), to: path)
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "5@2"))
        let green = try shownFrame(page)
        XCTAssertEqual(green, try still(path, frame: 5))

        // A broken save: its error over the last good frame.
        try write(Self.scene.replacingOccurrences(of: "fps: 10", with: "fsp: 10"), to: path)
        XCTAssertTrue(try page.wait(until: "document.body.dataset.state", is: "error"))
        let error = try XCTUnwrap(page.evaluate("document.getElementById('error').textContent") as? String)
        XCTAssertTrue(error.hasPrefix("\(path):2:") && error.contains(": error: unknown key 'fsp'"), error)
        XCTAssertEqual(try page.evaluate("document.getElementById('error').hidden") as? Bool, false)
        XCTAssertEqual(try shownFrame(page), green)

        // Fixed: the error goes, the new frames come.
        try write(Self.scene.replacingOccurrences(of: "fps: 10", with: "fps: 20"), to: path)
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "5@4"))
        XCTAssertEqual(try page.evaluate("document.body.dataset.state") as? String, "ready")
        XCTAssertEqual(try page.evaluate("document.getElementById('error').hidden") as? Bool, true)
        XCTAssertEqual(try shownFrame(page), try still(path, frame: 5))
    }

    // MARK: - Driving Chromium

    /// The bytes at the address of the picture `page` shows.
    func shownFrame(_ page: DevToolsBrowser.Page) throws -> Data {
        try imageBytes("frame", in: page)
    }

    /// The page at `query` as Chromium shows it after its script ran: the DOM, and how many
    /// pixels of the screenshot are magenta.
    func open(_ preview: RunningPreview, query: String) throws -> (dom: String, magenta: Int) {
        let chromium = try XCTUnwrap(Self.onPath("chromium"),
                                     "install chromium with scripts/install-deps.sh --tests")
        let screenshot = work.appendingPathComponent("page.png")
        let url = try XCTUnwrap(URL(string: query, relativeTo: preview.url)).absoluteString

        let browser = try run(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--user-data-dir=" + work.appendingPathComponent("chromium-profile").path,
            "--window-size=1000,700", "--virtual-time-budget=2000",
            "--screenshot=" + screenshot.path, "--dump-dom", url,
        ])

        XCTAssertEqual(browser.status, 0, browser.err)
        let bitmap = try PNGCodec.read(path: screenshot.path)
        return (browser.out, GoldenReportBrowserTests.counts(of: [Self.magenta], in: bitmap)[0])
    }

    /// The attributes of `<body>` in serialized HTML (where the page keeps its state), by name.
    static func bodyAttributes(in html: String) -> [String: String] {
        guard let tag = html.components(separatedBy: "<body ").dropFirst().first?.prefix(while: { $0 != ">" }) else { return [:] }
        var attributes: [String: String] = [:]
        for pair in tag.components(separatedBy: "\" ") {
            let parts = pair.components(separatedBy: "=\"")
            if parts.count == 2 { attributes[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].replacingOccurrences(of: "\"", with: "") }
        }
        return attributes
    }

    /// The value of `name` in the tag whose id is `id`, in serialized HTML.
    static func attribute(_ name: String, ofTagWithID id: String, in html: String) -> String? {
        guard let tag = html.components(separatedBy: "id=\"\(id)\"").dropFirst().first?.prefix(while: { $0 != ">" }),
              let value = tag.components(separatedBy: " \(name)=\"").dropFirst().first else { return nil }
        return String(value.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }
}
