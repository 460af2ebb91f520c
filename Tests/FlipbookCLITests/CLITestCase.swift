import Foundation
import XCTest

/// The base of the end-to-end tests: a scratch folder per test and the `flipbook`
/// binary built beside the test bundle, run as a user runs it.
class CLITestCase: XCTestCase {
    /// The package root, found from this file's path.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    private(set) var work: URL!
    /// Variables added to the commands' environment. `CI` and `GOLDEN_RECORD` are not
    /// passed on from the test run's own, so a test sees the same defaults everywhere.
    var environment: [String: String] = [:]

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    /// Runs a command; returns its exit status, standard output and standard error.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = command(executable, arguments, in: root)
        let out = work.appendingPathComponent("stdout"), err = work.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        // Decoded leniently: a command may write binary data (render -o -), which a test reads
        // from the file `stdout` in the scratch folder.
        return (process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
                try String(contentsOf: err, encoding: .utf8))
    }

    /// `executable arguments…` to run in `directory` with the test's `environment`, not started.
    func command(_ executable: String, _ arguments: [String], in directory: URL) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .filter { $0.key != "CI" && $0.key != "GOLDEN_RECORD" }
            .merging(environment) { $1 }
        process.currentDirectoryURL = directory
        return process
    }

    func flipbook(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try flipbook(arguments)
    }

    /// Runs the `flipbook` built beside the test bundle.
    func flipbook(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else {
            throw XCTSkip("flipbook is not built beside the tests (run swift build --build-tests)")
        }
        return try run(binary, arguments)
    }

    /// Runs `flipbook` in the scratch folder, where default outputs go to `out/`.
    func flipbook(inWork arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try flipbook(inWork: arguments)
    }

    func flipbook(inWork arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        return try run("/usr/bin/env", ["-C", work.path, binary] + arguments)
    }

    /// The `flipbook` built beside the test bundle (in the same products folder), if any.
    static var binary: String? { executable("flipbook") }

    /// The executable `name` built beside the test bundle (in the same products folder), if any.
    static func executable(_ name: String) -> String? {
        let bundle = Bundle(for: CLITestCase.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent(name).path }
        return candidates.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Asserts that `count` pixels are `expected` give or take a tenth.
    func assertAbout(_ count: Int, _ expected: Int, _ message: String, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(count - expected), expected / 10, "\(count) pixels, not \(expected): \(message)", line: line)
    }

    /// The first executable `name` on `PATH`.
    static func onPath(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// Writes `yaml` to `name` in the scratch folder (making its folder) and returns its path.
    func writeScene(_ name: String, _ yaml: String) throws -> String {
        let url = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try yaml.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Writes to `name` a scene with one view, `view` (frame [0, 0, 50, 50]), on a 100×100
    /// canvas and `timeline` (its entries, from line 5 of the file); returns its path.
    func writeScene(_ name: String, view: String = "box", timeline: String) throws -> String {
        try writeScene(name, """
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: \(view), frame: [0, 0, 50, 50]}]
            timeline:

            """ + timeline)
    }

    /// Writes to `name` a scene (see `writeScene(_:view:timeline:)`) whose one timeline entry,
    /// at 0, does `action` (on line 7, from column 9), and checks that `validate` refuses it
    /// with `message` at the column of `value`, found as the first `prefix + value` in `action`
    /// (a prefix such as `": "` keeps an earlier copy of the value from being taken).
    func assertValidationFails(_ name: String, action: String, at value: String, after prefix: String = "",
                               _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try writeScene(name, timeline: "  - at: 0\n    do:\n      - \(action)\n")
        let marked = try XCTUnwrap(action.range(of: prefix + value), "'\(prefix + value)' is not in \(action)",
                                   file: file, line: line)
        let column = 9 + action.distance(from: action.startIndex, to: marked.lowerBound) + prefix.count

        let result = try flipbook("validate", path)

        XCTAssertEqual(result.status, 1, message, file: file, line: line)
        XCTAssertEqual(result.err, "\(path):7:\(column): error: \(message)\n", file: file, line: line)
    }

    /// Writes to `name` a scene of a red `box` (at the top left, `box` points square)
    /// sliding in a straight line to `end` (its centre) over the `size` canvas for
    /// `seconds` at `fps`, linearly; returns its path.
    func writeSlidingBox(_ name: String, size: (Int, Int), fps: Int, seconds: Double, box: Int,
                         end: (Double, Double)) throws -> String {
        try writeScene(name, """
            flipbook: 1
            canvas: {size: [\(size.0), \(size.1)], fps: \(fps), duration: \(seconds)}
            views: [{id: box, frame: [0, 0, \(box), \(box)], backgroundColor: red}]
            timeline:
              - at: 0
                do: [{animate: {duration: \(seconds), options: [curveLinear], do: [{set: {target: box, center: [\(end.0), \(end.1)]}}]}}]
            """)
    }
}
