import Foundation
import XCTest

/// Headless Chromium driven through the DevTools protocol over a pipe
/// (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, read by Chromium on file
/// descriptor 3 and written on 4), so a test can load a page, run script in it and wait
/// for the page to change, as a person using it would see it change.
final class DevToolsBrowser {
    private let pid: pid_t
    private let commands: Int32, replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0

    /// Starts `chromium` with a profile in `profile`, its own output thrown away.
    init(chromium: String, profile: URL) throws {
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw CocoaError(.fileWriteUnknown) }
        // Only the copies made as 3 and 4 reach the browser.
        for end in toBrowser + fromBrowser { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                         "--remote-debugging-pipe", "--user-data-dir=" + profile.path, "--window-size=1000,700",
                         "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // A process group of its own, so that `stop()` ends its helper processes too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var child: pid_t = 0
        let status = posix_spawn(&child, chromium, &actions, &attributes, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else { throw CocoaError(.executableLoad) }
        pid = child
        commands = toBrowser[1]
        replies = fromBrowser[0]
    }

    /// Ends the browser and its helpers (SIGTERM to its process group) and waits for it.
    func stop() {
        close(commands)
        close(replies)
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // Its helpers end on their own signal; wait (up to 5 s) until none is left.
        for _ in 0..<50 where kill(-pid, 0) == 0 { Thread.sleep(forTimeInterval: 0.1) }
    }

    /// Sends `method` with `params` (to the page attached as `session`) and returns its
    /// result, skipping the events that come before it.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let bytes = try JSONSerialization.data(withJSONObject: message) + [0]
        _ = bytes.withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else { continue }
            if let error = reply["error"] { throw DevToolsError(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return try JSONSerialization.jsonObject(with: message) as? [String: Any] ?? [:]
            }
            var ready = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20_000) == 1 else { throw DevToolsError(description: "Chromium did not answer in 20 s") }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(replies, &chunk, chunk.count)
            guard count > 0 else { throw DevToolsError(description: "Chromium closed the pipe") }
            buffer += chunk[..<count]
        }
    }

    /// Opens `url` in a new page and returns it.
    func open(_ url: String) throws -> Page {
        let target = try send("Target.createTarget", ["url": url])
        let attached = try send("Target.attachToTarget", ["targetId": target["targetId"]!, "flatten": true])
        return Page(browser: self, session: try XCTUnwrap(attached["sessionId"] as? String))
    }

    /// A page of the browser.
    struct Page {
        let browser: DevToolsBrowser
        let session: String

        /// The value of `expression` (a promise's, once it settles) in the page.
        @discardableResult
        func evaluate(_ expression: String) throws -> Any? {
            let result = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true,
                                                               "awaitPromise": true], session: session)
            if let exception = result["exceptionDetails"] { throw DevToolsError(description: "\(expression): \(exception)") }
            return (result["result"] as? [String: Any])?["value"]
        }

        /// Waits (up to `seconds`) until `expression` is `expected` in the page (one that
        /// throws, as before the page has loaded, is not yet); returns whether it came.
        func wait(until expression: String, is expected: String, seconds: Int = 15) throws -> Bool {
            for _ in 0..<(seconds * 10) {
                if (try? evaluate(expression)) as? String == expected { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }

        /// Clicks the left mouse button at (`x`, `y`) in the page's viewport, in CSS pixels.
        func click(x: Double, y: Double) throws {
            for type in ["mousePressed", "mouseReleased"] {
                try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left",
                                                              "clickCount": 1], session: session)
            }
        }
    }
}

struct DevToolsError: Error, CustomStringConvertible {
    let description: String
}
