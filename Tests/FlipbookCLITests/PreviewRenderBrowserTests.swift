import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Rendering from the preview's page in headless Chromium: the Render buttons run `flipbook
/// render SCENE --format mp4|gif` in the background with their progress on the page, two at
/// once, writing where `render` writes by default (out/ under the folder the preview runs
/// in) and nothing else; a second start of a running render is refused.
final class PreviewRenderBrowserTests: PreviewTestCase {
    /// 60 s at 60 fps (3,601 frames) of a small square sliding: long enough to be seen running.
    static let scene = """
        flipbook: 1
        canvas: {size: [40, 30], fps: 60, duration: 60, background: white}
        views: [{id: box, frame: [0, 0, 10, 10], backgroundColor: red}]
        timeline:
          - at: 0
            do: [{animate: {duration: 60, options: [curveLinear], do: [{set: {target: box, center: [30, 20]}}]}}]

        """

    func testTwoRendersRunWithProgressWhileThePageIsOpenAndOnlyTheirVideosAppear() async throws {
        let scenes = work.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let path = scenes.appendingPathComponent("slide.yaml").path
        try write(Self.scene, to: path)
        let before = try Self.listing(of: work)
        let preview = try startPreview("scenes/slide.yaml", in: work)
        let (browser, page) = try openInChromium(preview)
        defer { browser.stop() }
        XCTAssertTrue(try page.wait(until: "document.body.dataset.shown", is: "0@1"))

        try page.evaluate("""
            window.progress = [];
            new MutationObserver(() => window.progress.push(document.getElementById("progress-mp4").value))
              .observe(document.getElementById("progress-mp4"), { attributes: true });
            document.getElementById("render-mp4").click();
            """)
        let disabled = try page.evaluate("document.getElementById('render-mp4').disabled") as? Bool
        XCTAssertTrue(try page.wait(until: "document.getElementById('status-mp4').dataset.state", is: "running"))
        let second = try await post(preview, "api/render/mp4")
        try page.evaluate("document.getElementById('render-gif').click()")
        let mp4Done = try page.wait(until: "document.getElementById('status-mp4').dataset.state", is: "done", seconds: 120)
        let gifDone = try page.wait(until: "document.getElementById('status-gif').dataset.state", is: "done", seconds: 120)

        XCTAssertEqual(disabled, true, "the button waits for its render")
        XCTAssertEqual(second.status, 409, "a second start of a running render is refused")
        XCTAssertTrue(String(decoding: second.body, as: UTF8.self).contains("already running"))
        let said = try page.evaluate("document.getElementById('renders').textContent") as? String
        XCTAssertTrue(mp4Done && gifDone, said ?? "")
        let progress = try XCTUnwrap(page.evaluate("window.progress") as? [Double])
        XCTAssertTrue(progress.contains { $0 > 0 && $0 < 3601 }, "progress while rendering: \(progress)")
        XCTAssertEqual(try page.evaluate("document.getElementById('status-mp4').textContent") as? String, "wrote out/slide.mp4")
        XCTAssertEqual(try page.evaluate("document.getElementById('status-gif').textContent") as? String, "wrote out/slide.gif")
        // Nothing changed but the two videos, where `flipbook render` writes them by default.
        var after = try Self.listing(of: work)
        XCTAssertNotNil(after.removeValue(forKey: "out/slide.mp4"))
        XCTAssertNotNil(after.removeValue(forKey: "out/slide.gif"))
        XCTAssertNotNil(after.removeValue(forKey: "out"))
        after = after.filter { !$0.key.hasPrefix("chromium-profile") && !$0.key.hasPrefix("preview-") }
        XCTAssertEqual(after, before.filter { !$0.key.hasPrefix("preview-") })
        XCTAssertEqual(try probe(work.appendingPathComponent("out/slide.mp4").path, "stream=nb_read_frames", counting: true),
                       "nb_read_frames=3601\n")
    }

    func testAnActionWithoutThePagesHeaderIsRefused() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path, in: work)

        let response = try await post(preview, "api/render/mp4", header: false)
        let unknown = try await post(preview, "api/render/png")

        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(unknown.status, 400)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    func testARenderOfABrokenSaveFailsWithItsLocatedErrorAndTheServerGoesOn() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path, in: work)
        try write(Self.scene.replacingOccurrences(of: "fps: 60", with: "fsp: 60"), to: path)

        let started = try await post(preview, "api/render/gif")
        var render: [String: Any] = [:]
        for _ in 0..<300 where render["state"] as? String != "failed" {
            try await Task.sleep(for: .milliseconds(100))
            render = try await (json(preview, "api/state")["renders"] as? [[String: Any]])?.first ?? [:]
        }

        XCTAssertEqual(started.status, 200)
        XCTAssertEqual(render["state"] as? String, "failed")
        XCTAssertTrue((render["message"] as? String ?? "").hasPrefix("\(path):2:26: error: unknown key 'fsp'"), "\(render)")
        let frame = try await get(preview, "api/frame/0")
        XCTAssertEqual(frame.status, 200, "the last good version is still served")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/slide.gif").path))
    }

    /// Every file and folder under `folder`, by relative path: its size and modification time.
    static func listing(of folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
        while let name = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            entries[name] = "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")"
        }
        return entries
    }
}
