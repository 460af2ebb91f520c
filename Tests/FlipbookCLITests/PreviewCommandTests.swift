import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import FlipbookRender

/// `flipbook preview` as a user runs it: a process serving on a free port of 127.0.0.1, asked
/// over HTTP for the scene's frames, its info and probes while its file is edited, broken
/// and fixed, then stopped by a signal.
final class PreviewCommandTests: PreviewTestCase {
    static let scene = """
        flipbook: 1
        canvas: {size: [40, 30], fps: 10, duration: 1, background: white}
        views: [{id: box, frame: [0, 0, 10, 10], backgroundColor: red}]
        timeline:
          - at: 0
            do: [{animate: {duration: 1, options: [curveLinear], do: [{set: {target: box, center: [30, 20]}}]}}]
          - {at: 0.5, do: [{log: halfway}]}

        """

    func testServedFramesAreTheBytesOfRenderStillAndInfoListsTheTimelineEventsAndLayers() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)

        XCTAssertTrue(preview.url.absoluteString.hasPrefix("http://127.0.0.1:"), preview.url.absoluteString)
        let info = try await json(preview, "api/info")
        XCTAssertEqual(info["fps"] as? Double, 10)
        XCTAssertEqual(info["frameCount"] as? Double, 11)
        XCTAssertEqual(info["size"] as? [Double], [40, 30])
        XCTAssertEqual(info["command"] as? String, "flipbook render \(path)")
        let timeline = try XCTUnwrap(info["timeline"] as? [[String: Any]])
        XCTAssertEqual(timeline.map { $0["t"] as? Double }, [0, 0.5])
        XCTAssertEqual(timeline.map { $0["line"] as? Double }, [6, 7])
        XCTAssertEqual(timeline.map { $0["do"] as? [String] }, [["animate"], ["log"]])
        // The engine's own event log, as `flipbook events` prints it.
        let events = try XCTUnwrap(info["events"] as? [NSDictionary])
        let printed = try flipbook(["events", path]).out.split(separator: "\n")
            .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        XCTAssertEqual(events, printed)
        XCTAssertEqual(events.map { "\($0["t"]!) \($0["event"]!)" }, ["0.5 log", "1.0 completion"])
        let layers = try XCTUnwrap(info["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.map { $0["id"] as? String }, ["box.layer"])
        XCTAssertEqual(layers.first?["box"] as? [Double], [0, 0, 10, 10])
        // Frames asked out of order, each the bytes `render --still N` writes (T5).
        for frame in [7, 3, 10, 0] {
            let served = try await get(preview, "api/frame/\(frame)")
            XCTAssertEqual(served.status, 200)
            XCTAssertEqual(served.body, try still(path, frame: frame), "frame \(frame)")
        }
        let outside = try await get(preview, "api/frame/11")
        XCTAssertEqual(outside.status, 404)
        XCTAssertTrue(String(decoding: outside.body, as: UTF8.self).contains("frames are 0 to 10"))
        for path in ["slide.yaml", "../slide.yaml", "api/frame/-1", "etc/passwd"] {
            let response = try await get(preview, path)
            XCTAssertEqual(response.status, 404, path)
        }
    }

    func testARequestNamingAnotherHostIsRefused() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        var request = URLRequest(url: try XCTUnwrap(URL(string: "api/info", relativeTo: preview.url)))
        request.setValue("attacker.example:\(preview.url.port ?? 0)", forHTTPHeaderField: "Host")

        let (body, response) = try await URLSession.shared.data(for: request)

        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 403)
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "this server answers only http://127.0.0.1:\(preview.url.port ?? 0)/\n")
    }

    func testStateAndInfoGiveTheVersionAsTheSameWholeNumber() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)

        let state = try await get(preview, "api/state")
        let info = try await get(preview, "api/info")

        XCTAssertTrue(String(decoding: state.body, as: UTF8.self).hasPrefix(#"{"version":1,"error":null,"#))
        XCTAssertTrue(String(decoding: info.body, as: UTF8.self).hasPrefix(#"{"version":1,"error":null,"#))
    }

    func testLinesFramesAndRenderProgressAreWholeNumbersWithoutAFraction() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path, in: work)

        let info = String(decoding: try await get(preview, "api/info").body, as: UTF8.self)
        let probe = String(decoding: try await get(preview, "api/probe?layer=box.layer&frame=5").body, as: UTF8.self)
        let started = try await post(preview, "api/render/mp4")
        var state = ""
        var waits = 0
        while !state.contains(#""state":"done""#), waits < 600 {
            waits += 1
            try await Task.sleep(for: .milliseconds(50))
            state = String(decoding: try await get(preview, "api/state").body, as: UTF8.self)
        }

        XCTAssertEqual(started.status, 200)
        XCTAssertTrue(info.contains(#""timeline":[{"t":0.0,"line":6,"do":["animate"]},{"t":0.5,"line":7,"#), info)
        XCTAssertTrue(info.contains(#""frameCount":11,"#), info)
        XCTAssertTrue(probe.hasPrefix(#"{"layer":"box.layer","frame":5,"t":0.5,"#), probe)
        XCTAssertTrue(state.contains(#""state":"done","done":11,"total":11,"#), state)
    }

    func testProbeGivesTheValuesOfFlipbookProbeAndTheLayersBoxOnTheCanvas() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)

        let probe = try await json(preview, "api/probe?layer=box.layer&frame=5")
        let printed = try flipbook(["probe", path, "--at", "0.5", "--target", "box"])
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(printed.out.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(expected["frames"] as? [[String: Any]])
        let values = try XCTUnwrap((frames.first?["layers"] as? [String: Any])?["box.layer"] as? [String: Any])
        XCTAssertEqual(probe["presentation"] as? NSDictionary, values as NSDictionary)
        XCTAssertEqual((probe["model"] as? [String: Any])?["position"] as? [Double], [30, 20])
        XCTAssertEqual(probe["box"] as? [Double], [12.5, 7.5, 10, 10], "halfway from (5, 5) to (30, 20), centred")
        XCTAssertEqual(probe["t"] as? Double, 0.5)
        // Later, then earlier frames: each the values `flipbook probe` prints at its time.
        for frame in [8, 10, 3] {
            let later = try await json(preview, "api/probe?layer=box.layer&frame=\(frame)")
            let printed = try flipbook(["probe", path, "--at", "\(Double(frame) / 10)", "--target", "box"])
            let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(printed.out.utf8)) as? [String: Any])
            let values = ((expected["frames"] as? [[String: Any]])?.first?["layers"] as? [String: Any])?["box.layer"]
            XCTAssertEqual(later["presentation"] as? NSDictionary, try XCTUnwrap(values as? NSDictionary), "frame \(frame)")
        }
    }

    func testInfoListsTheScenesWarningsAsValidatePrintsThemAndASaveWithoutThemClearsThem() async throws {
        let missing = Self.scene.replacingOccurrences(
            of: "views: [", with: "views: [{class: UILabel, frame: [0, 20, 40, 10], text: A, font: {family: Avenir Next}}, ")
        let path = try writeScene("label.yaml", missing)
        let preview = try startPreview(path)
        let printed = try flipbook(["validate", path]).err.split(separator: "\n").map(String.init)

        let warnings = try await json(preview, "api/info")["warnings"] as? [String]

        XCTAssertEqual(printed.count, 1)
        XCTAssertTrue(printed.first?.hasPrefix("\(path):3:") == true && printed.first?.contains(": warning: font family 'Avenir Next'") == true,
                      "\(printed)")
        XCTAssertEqual(warnings, printed)
        try write(missing.replacingOccurrences(of: "Avenir Next", with: "DejaVu Serif"), to: path)
        _ = try await waitForVersion(2, of: preview)
        let cleared = try await json(preview, "api/info")["warnings"] as? [String]
        XCTAssertEqual(cleared, [])
    }

    func testSavingReloadsABrokenSaveShowsItsLocatedErrorOverTheLastGoodFramesAndAFixShowsTheNewFrames() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let first = try await get(preview, "api/frame/10").body

        let blue = Self.scene.replacingOccurrences(of: "backgroundColor: red", with: "backgroundColor: blue")
        try write(blue, to: path)
        var state = try await waitForVersion(2, of: preview)
        XCTAssertTrue(state["error"] is NSNull, "\(state)")
        let second = try await get(preview, "api/frame/10").body
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(second, try still(path, frame: 10))

        try write(blue.replacingOccurrences(of: "background: white", with: "backgroud: white"), to: path)
        state = try await waitForVersion(3, of: preview)
        let loadError = try XCTUnwrap(state["error"] as? String)
        XCTAssertTrue(loadError.hasPrefix("\(path):2:") && loadError.contains(": error: unknown key 'backgroud'"), loadError)
        let kept = try await get(preview, "api/frame/10").body
        XCTAssertEqual(kept, second, "the last good version is still served")
        let infoError = try await json(preview, "api/info")["error"] as? String
        XCTAssertEqual(infoError, loadError)

        // A rule broken only when the timeline runs: used at 0.2 s, added at 0.8 s.
        try write(blue + """
              - {at: 0.8, do: [{addSubview: {to: box, view: {id: late}}}]}
              - {at: 0.2, do: [{set: {target: late, alpha: 0.5}}]}

            """, to: path)
        state = try await waitForVersion(4, of: preview)
        let runError = try XCTUnwrap(state["error"] as? String)
        XCTAssertTrue(runError.hasPrefix("\(path):9:") && runError.contains("'late'"), runError)

        try write(Self.scene.replacingOccurrences(of: "fps: 10", with: "fps: 20"), to: path)
        state = try await waitForVersion(5, of: preview)
        XCTAssertTrue(state["error"] is NSNull, "\(state)")
        let frameCount = try await json(preview, "api/info")["frameCount"] as? Double
        XCTAssertEqual(frameCount, 21)
        let fixed = try await get(preview, "api/frame/20").body
        XCTAssertEqual(fixed, try still(path, frame: 20))
    }

    func testSavingAnImageTheSceneReadsReloadsTheScene() async throws {
        let image = work.appendingPathComponent("dot.png").path
        try PNGCodec.write(Bitmap(width: 4, height: 4, filledWith: RGBA8(255, 0, 0)), to: image)
        let path = try writeScene("picture.yaml", """
            flipbook: 1
            canvas: {size: [8, 8], fps: 10, duration: 0.1}
            views: [{class: UIImageView, image: dot.png, frame: [0, 0, 8, 8]}]

            """)
        let preview = try startPreview(path)
        let red = try await get(preview, "api/frame/0").body

        try PNGCodec.write(Bitmap(width: 5, height: 5, filledWith: RGBA8(0, 0, 255)), to: image)
        let state = try await waitForVersion(2, of: preview)

        XCTAssertTrue(state["error"] is NSNull, "\(state)")
        let blue = try await get(preview, "api/frame/0").body
        XCTAssertNotEqual(blue, red)
        XCTAssertEqual(blue, try still(path, frame: 0))
    }

    func testSIGTERMAndSIGINTStopTheServerWithStatus143And130AndItsPortCloses() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        for signal in [SIGTERM, SIGINT] {
            let preview = try startPreview(path)
            let answer = try await get(preview, "api/state")
            XCTAssertEqual(answer.status, 200)

            kill(preview.process.processIdentifier, signal)
            preview.process.waitUntilExit()

            XCTAssertEqual(preview.process.terminationStatus, 128 + signal, "as render exits after signal \(signal)")
            XCTAssertEqual(preview.process.terminationReason, .exit)
            do {
                _ = try await get(preview, "api/state")
                XCTFail("the port still answers after signal \(signal)")
            } catch {}
        }
    }

    func testAPortInUseABadPortAndABrokenSceneAreErrorsAtStart() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path)
        let port = try XCTUnwrap(preview.url.port)

        let second = try flipbook(["preview", path, "--port", "\(port)"])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(second.err, "flipbook: error: port \(port) is in use (Address already in use); choose another with --port\n")
        let badPort = try flipbook(["preview", path, "--port", "65536"])
        XCTAssertNotEqual(badPort.status, 0)
        XCTAssertTrue(badPort.err.contains("--port must be 0…65535"), badPort.err)
        let broken = try writeScene("broken.yaml", "flipbook: 1\ncanvas: {size: [40, 30], fsp: 10}\n")
        let failed = try flipbook(["preview", broken, "--port", "0"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.err.hasPrefix("\(broken):2:"), failed.err)
    }

    /// The process ids of the processes whose parent is `parent` (field 4 of /proc/ID/stat,
    /// after the command in parentheses).
    private func children(of parent: Int32) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        return ids.filter { id in
            guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first == "\(parent)"
        }
    }

    private static let partials: Set = ["long.partial.gif", "long.partial.mp4"]

    /// Whether process `id` is stopped (state `T` in /proc/ID/stat).
    private static func isStopped(_ id: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "T"
    }

    /// Whether `signal` is pending for process `id` as a whole (`ShdPnd` in /proc/ID/status).
    private static func hasPending(_ signal: Int32, process id: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("ShdPnd:") }),
              let mask = UInt64(line.dropFirst("ShdPnd:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// A preview of a long scene in `folder`, rendering it to an MP4 and a GIF at once, both
    /// writing their partial videos; with the renders' process ids.
    private func previewRenderingBoth(in folder: URL) async throws -> (preview: RunningPreview, renders: [Int32]) {
        let path = try writeScene("long.yaml", PreviewRenderBrowserTests.scene)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let preview = try startPreview(path, in: folder)
        for format in ["mp4", "gif"] {
            let started = try await post(preview, "api/render/\(format)")
            XCTAssertEqual(started.status, 200, String(decoding: started.body, as: UTF8.self))
        }
        var renders: [Int32] = []
        for _ in 0..<600 {
            renders = children(of: preview.process.processIdentifier)
            if renders.count == 2, Set(files(in: out)).isSuperset(of: Self.partials) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(renders.count, 2, "both renders running")
        XCTAssertTrue(Set(files(in: out)).isSuperset(of: Self.partials), "both renders writing: \(files(in: out))")
        return (preview, renders)
    }

    func testSIGTERMAndSIGINTStopThePagesRendersAndWaitForThemToRemoveTheirPartialVideos() async throws {
        for signal in [SIGTERM, SIGINT] {
            let folder = work.appendingPathComponent("signal-\(signal)")
            let (preview, renders) = try await previewRenderingBoth(in: folder)

            kill(preview.process.processIdentifier, signal)
            preview.process.waitUntilExit()

            XCTAssertEqual(preview.process.terminationStatus, 128 + signal)
            XCTAssertEqual(renders.filter { kill($0, 0) == 0 }, [], "no render left running after signal \(signal)")
            XCTAssertEqual(files(in: folder.appendingPathComponent("out")), [],
                           "no partial video, no video, no log after signal \(signal)")
            XCTAssertEqual(temporaryFiles(of: preview), [], "the renders' progress files removed")
        }
    }

    func testASecondSignalEndsTheWaitForTheRendersWhichStillCleanUpByThemselves() async throws {
        let folder = work.appendingPathComponent("twice")
        let (preview, renders) = try await previewRenderingBoth(in: folder)

        // The renders held stopped, so that they cannot end before the second signal comes
        // (on a busy machine they sometimes did, and the preview rightly exited 130): the
        // SIGTERM the preview sends them waits, pending, until they go on. Stopped for sure
        // before the first signal (a stop takes effect a moment after SIGSTOP, and a render
        // still running would take that SIGTERM); the second signal sent once the first has
        // been acted on, that SIGTERM pending in every render.
        for render in renders { kill(render, SIGSTOP) }
        var waits = 0
        while !renders.allSatisfy(Self.isStopped), waits < 200 {
            waits += 1
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(preview.process.processIdentifier, SIGINT)
        waits = 0
        while !renders.allSatisfy({ Self.hasPending(SIGTERM, process: $0) }), waits < 200 {
            waits += 1
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertTrue(renders.allSatisfy { Self.hasPending(SIGTERM, process: $0) }, "the first signal passed on to each render")
        kill(preview.process.processIdentifier, SIGTERM)
        waits = 0
        while preview.process.isRunning, waits < 200 {  // 10 s; a preview still waiting then has failed
            waits += 1
            try await Task.sleep(for: .milliseconds(50))
        }
        for render in renders { kill(render, SIGCONT) }
        preview.process.waitUntilExit()
        waits = 0
        while renders.contains(where: { kill($0, 0) == 0 }), waits < 600 {
            waits += 1
            try await Task.sleep(for: .milliseconds(50))
        }

        XCTAssertEqual(preview.process.terminationStatus, 128 + SIGTERM,
                       "the second signal's status, not the first's (130): the wait for the renders was cut short")
        XCTAssertEqual(renders.filter { kill($0, 0) == 0 }, [], "each render ends on its SIGTERM")
        XCTAssertEqual(files(in: folder.appendingPathComponent("out")), [], "and removes its partial video")
    }

    func testStoppingThePreviewRemovesTheFilesOfARenderThatEndedUnread() async throws {
        let path = try writeScene("slide.yaml", Self.scene)
        let preview = try startPreview(path, in: work)
        let started = try await post(preview, "api/render/mp4")
        XCTAssertEqual(started.status, 200)
        for _ in 0..<600 where !(children(of: preview.process.processIdentifier).isEmpty && files(in: work.appendingPathComponent("out")) == ["slide.mp4"]) {
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(temporaryFiles(of: preview).count, 2, "the render's output and progress, not yet read by the page")

        kill(preview.process.processIdentifier, SIGTERM)
        preview.process.waitUntilExit()

        XCTAssertEqual(temporaryFiles(of: preview), [])
        XCTAssertEqual(files(in: work.appendingPathComponent("out")), ["slide.mp4"], "the finished video kept")
    }

    /// The files a preview's renders keep in the temporary folder (`flipbook-preview-PID-FORMAT.out|err`).
    private func temporaryFiles(of preview: RunningPreview) -> [String] {
        files(in: FileManager.default.temporaryDirectory).filter { $0.hasPrefix("flipbook-preview-\(preview.process.processIdentifier)-") }
    }

    private func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
