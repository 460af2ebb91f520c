import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// The base of the tests of `flipbook preview`: starts preview processes on a free port,
/// asks them over HTTP, and stops them (SIGTERM) at the end of the test.
class PreviewTestCase: CLITestCase {
    private var servers: [Process] = []

    override func tearDownWithError() throws {
        for server in servers where server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        try super.tearDownWithError()
    }

    /// A `flipbook preview` started by a test: its process and its page's URL.
    struct RunningPreview {
        let process: Process
        let url: URL
    }

    /// Starts `flipbook preview SCENE --port 0` (in `directory`, by default the package's
    /// root) and waits (up to 30 s) for the URL it prints.
    func startPreview(_ scene: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> RunningPreview {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests (run swift build --build-tests)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["preview", scene, "--port", "0"] + arguments
        process.currentDirectoryURL = directory ?? root
        let out = work.appendingPathComponent("preview-\(servers.count).out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.standardError
        try process.run()
        servers.append(process)
        removeLeftoverRenderFiles(ofProcess: process.processIdentifier)
        for _ in 0..<300 {
            let text = try String(contentsOf: out, encoding: .utf8)
            if let line = text.split(separator: "\n").first, let url = URL(string: String(line)) {
                return RunningPreview(process: process, url: url)
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("flipbook preview printed no URL")
        throw XCTSkip("no server")
    }

    /// Removes the temporary files (`flipbook-preview-PID-…`) that a preview which had the
    /// same process ID and was killed left behind: they are not the new preview's, which has
    /// made none before a render is asked for, and tests count the files with its ID.
    private func removeLeftoverRenderFiles(ofProcess id: Int32) {
        let folder = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix("flipbook-preview-\(id)-") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Headless Chromium showing the page of `preview` at `query`; stop it at the end of the test.
    func openInChromium(_ preview: RunningPreview, query: String = "?") throws -> (browser: DevToolsBrowser, page: DevToolsBrowser.Page) {
        let chromium = try XCTUnwrap(Self.onPath("chromium"), "install chromium with scripts/install-deps.sh --tests")
        let browser = try DevToolsBrowser(chromium: chromium, profile: work.appendingPathComponent("chromium-profile"))
        let page = try browser.open(try XCTUnwrap(URL(string: query, relativeTo: preview.url)).absoluteString)
        return (browser, page)
    }

    /// The bytes at the address of the image with id `id` in `page`, as the page fetches them.
    func imageBytes(_ id: String, in page: DevToolsBrowser.Page) throws -> Data {
        let base64 = try XCTUnwrap(page.evaluate("""
            fetch(document.getElementById("\(id)").src).then((response) => response.arrayBuffer()).then((buffer) => {
              const bytes = new Uint8Array(buffer);
              let text = "";
              for (let start = 0; start < bytes.length; start += 8192) text += String.fromCharCode(...bytes.subarray(start, start + 8192));
              return btoa(text);
            })
            """) as? String)
        return try XCTUnwrap(Data(base64Encoded: base64))
    }

    func get(_ preview: RunningPreview, _ path: String) async throws -> (status: Int, body: Data) {
        let url = try XCTUnwrap(URL(string: path, relativeTo: preview.url))
        let (body, response) = try await URLSession.shared.data(from: url)
        return (try XCTUnwrap(response as? HTTPURLResponse).statusCode, body)
    }

    /// POST `path`, with the header the page's script sends unless `header` is false.
    func post(_ preview: RunningPreview, _ path: String, header: Bool = true) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: try XCTUnwrap(URL(string: path, relativeTo: preview.url)))
        request.httpMethod = "POST"
        if header { request.setValue("1", forHTTPHeaderField: "X-Flipbook-Preview") }
        let (body, response) = try await URLSession.shared.data(for: request)
        return (try XCTUnwrap(response as? HTTPURLResponse).statusCode, body)
    }

    func json(_ preview: RunningPreview, _ path: String) async throws -> [String: Any] {
        let response = try await get(preview, path)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: response.body) as? [String: Any], "\(path): \(response)")
    }

    /// The server's state once its version reaches `version` (it looks at the file every 250 ms).
    func waitForVersion(_ version: Int, of preview: RunningPreview) async throws -> [String: Any] {
        for _ in 0..<100 {
            let state = try await json(preview, "api/state")
            if (state["version"] as? Double) ?? 0 >= Double(version) { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
        XCTFail("the preview did not reach version \(version)")
        return [:]
    }

    /// Replaces the scene's text (a save: the size changes with every edit these tests make).
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The bytes `flipbook render SCENE --still N` writes.
    func still(_ scene: String, frame: Int) throws -> Data {
        let file = work.appendingPathComponent("still-\(frame).png")
        let result = try flipbook(["render", scene, "--still", "\(frame)", "-o", file.path])
        XCTAssertEqual(result.status, 0, result.err)
        return try Data(contentsOf: file)
    }
}
