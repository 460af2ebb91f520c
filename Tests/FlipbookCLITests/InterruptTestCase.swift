import Foundation
import XCTest

/// The base of tests that stop a command part-way: `flipbook` started without waiting for
/// it, waits for what it does, and its end; commands still running when a test ends (after
/// a failure) are killed.
class InterruptTestCase: CLITestCase {
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Commands started by the test, killed at its end if still running (after a failure).
    private var started: [Process] = []

    override func tearDownWithError() throws {
        for process in started where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try super.tearDownWithError()
    }

    var standardOutput: URL { work.appendingPathComponent("stdout") }
    var standardError: URL { work.appendingPathComponent("stderr") }

    /// Starts `flipbook arguments…` in the scratch folder without waiting for it, its
    /// output going to `standardOutput` and `standardError`.
    func start(_ arguments: [String]) throws -> Process {
        guard let binary = Self.binary else {
            throw XCTSkip("flipbook is not built beside the tests (run swift build --build-tests)")
        }
        let process = command(binary, arguments, in: work)
        for file in [standardOutput, standardError] {
            FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: standardOutput)
        process.standardError = try FileHandle(forWritingTo: standardError)
        try process.run()
        started.append(process)
        return process
    }

    /// Waits (up to `seconds`) until `condition` holds; fails the test if it never does.
    func waitUntil(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else { throw Timeout(description: "waited \(seconds) s for \(what)") }
            usleep(20_000)
        }
    }

    /// Waits for `process` to exit (killing it after `seconds`); returns its status, standard
    /// output and standard error.
    func finish(_ process: Process, seconds: Double = 60) throws -> (status: Int32, out: String, err: String) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTFail("flipbook did not exit within \(seconds) s of the signal")
        }
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: standardOutput, encoding: .utf8),
                try String(contentsOf: standardError, encoding: .utf8))
    }

    /// The process ids of running commands whose command line mentions `text`.
    func processes(mentioning text: String) -> [Int32] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
        return ids.filter { id in
            guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }
}
