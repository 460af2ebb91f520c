import Foundation
import Testing

/// The scenes `scripts/fuzz.sh` found crashing or hanging flipbook, one per class of fault,
/// under `FuzzRegressions/`, each run through the harness's three commands. A scene's first
/// line says what it must do: `# expect: ok` (it runs) or `# expect: error` (it fails with
/// `FILE:LINE:COL: error: …`); a line `# known: …` marks a fault not fixed yet (issue 20),
/// whose test records a known issue until the fix lands, and fails once it has.
///
/// Swift Testing rather than XCTest for `withKnownIssue`.
@Suite struct FuzzRegressionTests {
    /// A scene file under `FuzzRegressions/`.
    struct Regression: CustomTestStringConvertible, Sendable {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")
        static var all: [Regression] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".yaml") }.sorted().map(Regression.init)
        }

        let name: String
        var path: String { Self.folder.appendingPathComponent(name).path }
        var testDescription: String { name }
    }

    @Test func thereAreRegressionScenes() {
        #expect(!Regression.all.isEmpty)
    }

    @Test(arguments: Regression.all)
    func runsOrFailsWithALocatedErrorWithinTheTimeLimit(_ scene: Regression) throws {
        let text = try String(contentsOfFile: scene.path, encoding: .utf8)
        let expectsError = text.hasPrefix("# expect: error")
        try #require(expectsError || text.hasPrefix("# expect: ok"), "\(scene.name) says neither '# expect: ok' nor '# expect: error'")

        let check = {
            for arguments in [["validate", scene.path], ["probe", scene.path, "--at", "0,0.5,1.25"],
                              ["render", scene.path, "--format", "none", "--progress", "none"]] {
                let result = try flipbook(arguments, timeLimit: 20)

                let what = "flipbook \(arguments[0]) \(scene.name)"
                #expect(!result.timedOut, "\(what) still ran after 20 s")
                #expect(result.signal == nil, "\(what) was killed by signal \(result.signal ?? 0)")
                if expectsError {
                    #expect(result.status == 1, "\(what)")
                    #expect(result.err.range(of: #"(?m)^\#(scene.path):\d+:\d+: error: "#, options: .regularExpression) != nil,
                            "\(what) says no place: \(result.err)")
                } else {
                    #expect(result.status == 0, "\(what): \(result.err)")
                }
                if result.timedOut || result.signal != nil { break }
            }
        }
        if text.contains("\n# known: ") {
            try withKnownIssue("not fixed yet (issue 20)") { try check() }
        } else {
            try check()
        }
    }

    /// Runs `flipbook arguments`, killing it after `timeLimit` seconds.
    private func flipbook(_ arguments: [String], timeLimit: Double) throws
        -> (status: Int32, signal: Int32?, timedOut: Bool, err: String) {
        let binary = try #require(CLITestCase.binary, "flipbook is not built beside the tests (run swift build --build-tests)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz-regression-\(UUID())")
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: err) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        var waited = 0.0
        while process.isRunning && waited < timeLimit {
            usleep(10_000)
            waited += 0.01
        }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let signal = !timedOut && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return (process.terminationStatus, signal, timedOut, try String(contentsOf: err, encoding: .utf8))
    }
}
