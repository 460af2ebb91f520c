import Foundation
import XCTest

/// A standard error that cannot be written (closed, or a full device) loses flipbook's
/// messages, never its exit status: a failing command still fails with 1 instead of
/// dying on a trap.
final class UnwritableStandardErrorTests: CLITestCase {
    /// Runs `flipbook arguments…` through the shell with standard error redirected by
    /// `redirection` (`2>/dev/full`, `2>&-`); returns how it ended.
    private func flipbook(_ arguments: [String], standardError redirection: String) throws
        -> (reason: Process.TerminationReason, status: Int32) {
        guard let binary = Self.binary else {
            throw XCTSkip("flipbook is not built beside the tests (run swift build --build-tests)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirection)", binary] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    private func failsWithoutATrap(standardError redirection: String) throws {
        let missing = work.appendingPathComponent("missing.yaml").path
        let broken = try writeScene("broken.yaml", "flipbook: 1\ncanvas: {size: [10, 10], fsp: 30}\n")

        let cannotRead = try flipbook(["validate", missing], standardError: redirection)
        let invalid = try flipbook(["render", broken, "-o", work.appendingPathComponent("out").path], standardError: redirection)

        XCTAssertEqual(cannotRead.reason, .exit, "not killed by a signal")
        XCTAssertEqual(cannotRead.status, 1)
        XCTAssertEqual(invalid.reason, .exit, "not killed by a signal")
        XCTAssertEqual(invalid.status, 1)
    }

    func testAFailingCommandExits1WhenStandardErrorIsAFullDevice() throws {
        try failsWithoutATrap(standardError: "2>/dev/full")
    }

    func testAFailingCommandExits1WhenStandardErrorIsClosed() throws {
        try failsWithoutATrap(standardError: "2>&-")
    }

    func testARenderWithProgressAndWarningsFinishesWhenStandardErrorIsAFullDevice() throws {
        // --progress json and --stats write to standard error as the render goes.
        let scene = try writeSlidingBox("box.yaml", size: (40, 40), fps: 10, seconds: 0.5, box: 10, end: (30, 30))

        let result = try flipbook(["render", scene, "-o", work.appendingPathComponent("frames").path,
                                   "--progress", "json", "--stats"], standardError: "2>/dev/full")

        XCTAssertEqual(result.reason, .exit)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.appendingPathComponent("frames/frame_00005.png").path))
    }
}
