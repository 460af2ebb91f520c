import Foundation
import XCTest
import FlipbookRender

/// The preview's timeline and playback in headless Chromium: a loop range that play keeps
/// to and the `--frames A-B` command that renders it, the zoom, each animation's interval
/// on its layer's lane (from the engine's start and stop events) that jumps to its start or
/// its stop, and the commands the Copy buttons take.
final class PreviewTimelineBrowserTests: PreviewTestCase {
    /// A magenta square sliding along the top over 1 s (linear); from 0.3 s to 0.7 s a
    /// blue dot fades out on a spring; 10 fps, so frames 0 to 10.
    static let scene = """
        flipbook: 1
        canvas: {size: [300, 300], fps: 10, duration: 1, background: white}
        views:
          - {id: box, frame: [0, 0, 40, 40], backgroundColor: "#ff00ff"}
          - {id: dot, frame: [100, 200, 20, 20], backgroundColor: blue}
        timeline:
          - at: 0
            do: [{animate: {duration: 1, options: [curveLinear], do: [{set: {target: box, center: [280, 20]}}]}}]
          - at: 0.3
            do: [{animate: {duration: 0.4, spring: {damping: 0.6}, do: [{set: {target: dot, alpha: 0.2}}]}}]

        """

    func testPlayKeepsToTheLoopRangeAndItsCopiedCommandRendersThoseFrames() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let (browser, page) = try openInChromium(preview, query: "?frame=3")
        defer { browser.stop() }
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "3@1"))

        // In at frame 3, two steps, out at frame 5; then play, recording each frame shown.
        try click(page, "set-start")
        try click(page, "forward")
        try click(page, "forward")
        try click(page, "set-end")
        try page.evaluate("""
            window.seen = [];
            new MutationObserver(() => window.seen.push(document.body.dataset.shown))
              .observe(document.body, { attributes: true, attributeFilter: ["data-shown"] });
            document.getElementById("play").click();
            """)
        let looped = try page.wait(until: "window.seen.join(' ').includes('5@1 3@1 4@1 5@1 3@1') ? 'twice' : 'not yet'",
                                   is: "twice")
        try click(page, "play")
        try click(page, "copy-range")

        let seen = try XCTUnwrap(page.evaluate("window.seen") as? [String])
        XCTAssertTrue(looped, "\(seen)")
        XCTAssertEqual(Set(seen), ["3@1", "4@1", "5@1"], "play shows only the loop's frames")
        XCTAssertEqual(try page.evaluate("document.body.dataset.loop") as? String, "3-5")
        XCTAssertEqual(try page.evaluate("document.getElementById('range').hidden") as? Bool, false)
        // The copied command, run as the user would (with -o), writes the frames the page showed.
        let copied = try XCTUnwrap(page.evaluate("document.body.dataset.copied") as? String)
        XCTAssertEqual(copied, "flipbook render \(path) --frames 3-5")
        let folder = work.appendingPathComponent("range")
        let result = try flipbook(Array(copied.split(separator: " ").dropFirst().map(String.init)) + ["-o", folder.path])
        XCTAssertEqual(result.status, 0, result.err)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(written, ["frame_00003.png", "frame_00004.png", "frame_00005.png"])
        for frame in 3...5 {
            let served = try await get(preview, "api/frame/\(frame)").body
            XCTAssertEqual(served, try Data(contentsOf: folder.appendingPathComponent(String(format: "frame_%05d.png", frame))))
        }
    }

    func testScrubbingAndJumpingToATimeShowTheBytesOfRenderStill_T5() throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let (browser, page) = try openInChromium(preview, query: "?frame=0")
        defer { browser.stop() }
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "0@1"))

        try page.evaluate("""
            { const slider = document.getElementById("scrub");
              slider.value = "8";
              slider.dispatchEvent(new Event("input")); }
            """)
        let scrubbed = try page.wait(until: "document.body.dataset.shown", is: "8@1")
        let atEight = try imageBytes("frame", in: page)
        try page.evaluate("""
            { const time = document.getElementById("time");
              time.value = "0.24";
              time.dispatchEvent(new Event("change")); }
            """)
        let jumped = try page.wait(until: "document.body.dataset.shown", is: "2@1")
        let atTwo = try imageBytes("frame", in: page)

        XCTAssertTrue(scrubbed)
        XCTAssertEqual(atEight, try still(path, frame: 8))
        XCTAssertTrue(jumped, "0.24 s is nearest frame 2 at 10 fps")
        XCTAssertEqual(atTwo, try still(path, frame: 2))
        XCTAssertEqual(try page.evaluate("document.getElementById('time').value") as? String, "0.200")
    }

    func testLanesShowEachAnimationsIntervalFromTheEnginesEventsAndTheirMarksJump() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let (browser, page) = try openInChromium(preview, query: "?frame=0")
        defer { browser.stop() }
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "0@1"))

        let lanes = try page.evaluate("""
            [...document.querySelectorAll("#lanes .lane")].map((lane) => lane.dataset.layer + ": " +
              [...lane.querySelectorAll(".interval")].map((bar) => `${bar.dataset.key} from frame ${bar.dataset.frame}`).join(", "))
            """) as? [String]
        try page.evaluate("document.querySelector('.lane[data-layer=\"dot.layer\"] .interval-end').click()")
        let atStop = try page.wait(until: "document.body.dataset.shown", is: "7@1")
        try page.evaluate("document.querySelector('.lane[data-layer=\"dot.layer\"] .interval').click()")
        let atStart = try page.wait(until: "document.body.dataset.shown", is: "3@1")

        XCTAssertEqual(lanes, ["box.layer: position from frame 0", "dot.layer: opacity from frame 3"])
        XCTAssertTrue(atStop, "the end mark of the dot's fade jumps to its stop, 0.7 s")
        XCTAssertTrue(atStart, "its bar jumps to its start, 0.3 s")
        let info = try await json(preview, "api/info")
        let intervals = try XCTUnwrap(info["intervals"] as? [[String: Any]])
        XCTAssertEqual(intervals.map { "\($0["layer"]!) \($0["key"]!) finished: \($0["finished"] as? Bool == true)" },
                       ["box.layer position finished: true", "dot.layer opacity finished: true"])
        XCTAssertEqual(intervals.map { [$0["start"] as? Double, $0["stop"] as? Double] }, [[0, 1], [0.3, 0.7]])
        // The block's own completion, in the event log, comes when its animation stops.
        let events = try XCTUnwrap(info["events"] as? [[String: Any]])
        XCTAssertEqual(events.map { $0["t"] as? Double }, [0.7, 1])
    }

    func testZoomScalesThePictureAndTheOutlineAndCopyTakesTheStillCommand() throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let (browser, page) = try openInChromium(preview, query: "?frame=5&layer=box.layer&zoom=2")
        defer { browser.stop() }
        XCTAssertTrue(try page.wait(until: "document.body.dataset.probed", is: "box.layer@5"))

        let doubled = try page.evaluate("[document.getElementById('frame').clientWidth, document.getElementById('outline').style.left]")
        try page.evaluate("""
            const zoom = document.getElementById("zoom");
            zoom.value = "0.5";
            zoom.dispatchEvent(new Event("change"));
            """)
        let halved = try page.evaluate("[document.getElementById('frame').clientWidth, document.getElementById('outline').style.left]")
        try click(page, "copy")

        XCTAssertEqual(doubled as? [AnyHashable], [600, "260px"], "the square's left edge is at 130 points")
        XCTAssertEqual(halved as? [AnyHashable], [150, "65px"])
        XCTAssertEqual(try page.evaluate("document.body.dataset.copied") as? String, "flipbook render \(path) --still 5")
    }

    func click(_ page: DevToolsBrowser.Page, _ id: String) throws {
        try page.evaluate("document.getElementById('\(id)').click()")
    }
}
