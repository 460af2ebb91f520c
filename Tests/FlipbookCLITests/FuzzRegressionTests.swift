import Foundation
import XCTest

/// The scenes `scripts/fuzz.sh` found crashing or hanging flipbook, one per class of fault,
/// under `FuzzRegressions/`. Each starts with `# expect: ok` (it runs) or `# expect: error`
/// (it fails with `FILE:LINE:COL: error: …`), and goes through the harness's three commands.
final class FuzzRegressionTests: CLITestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    func testEveryFuzzFindingRunsOrFailsWithALocatedErrorWithinTheTimeLimit() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let expectsError = try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# expect: error")
            for arguments in [["validate", path], ["probe", path, "--at", "0,0.5,1.25"],
                              ["render", path, "--format", "none", "--progress", "none"]] {
                let result = try flipbook(arguments, timeLimit: 60)

                let what = "\(name): flipbook \(arguments[0])"
                XCTAssertFalse(result.timedOut, "\(what) still ran after 60 s")
                XCTAssertEqual(result.signal, nil, "\(what) was killed by signal \(result.signal ?? 0)")
                if expectsError {
                    XCTAssertEqual(result.status, 1, what)
                    XCTAssertNotNil(result.err.range(of: #"^\#(path):\d+:\d+: error: "#, options: .regularExpression),
                                    "\(what) says no place: \(result.err)")
                } else {
                    XCTAssertEqual(result.status, 0, "\(what): \(result.err)")
                }
            }
        }
    }

    /// Runs `flipbook arguments`, killing it after `timeLimit` seconds.
    private func flipbook(_ arguments: [String], timeLimit: Double) throws
        -> (status: Int32, signal: Int32?, timedOut: Bool, err: String) {
        guard let binary = Self.binary else { throw XCTSkip("flipbook is not built beside the tests") }
        let process = Process(), err = work.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
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
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return (process.terminationStatus, timedOut ? nil : signal, timedOut, try String(contentsOf: err, encoding: .utf8))
    }
}
