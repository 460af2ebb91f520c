import Foundation
import XCTest

/// `flipbook-fuzz` (scripts/fuzz.sh) against a stand-in for flipbook that fails in a chosen
/// way, so each class the harness tells apart is seen: located and unlocated errors,
/// crashes, and hangs killed with everything they started.
final class FuzzHarnessTests: CLITestCase {
    /// Runs `flipbook-fuzz` on a folder of two small scenes, with a stand-in flipbook that
    /// runs `body` (a shell script; `$2` is the scene's path).
    private func fuzz(_ arguments: [String], standIn body: String) throws -> (status: Int32, out: String, err: String) {
        guard let harness = Self.executable("flipbook-fuzz") else { throw XCTSkip("flipbook-fuzz is not built beside the tests") }
        let scenes = work.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes.appendingPathComponent("more"), withIntermediateDirectories: true)
        try "flipbook: 1\ncanvas: {size: [10, 10], fps: 10, duration: 1}\nviews: [{id: a, frame: [0, 0, 5, 5]}]\n"
            .write(to: scenes.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "flipbook: 1\ncanvas: {size: [20, 20]}\nlayers:\n  - {id: b, opacity: 0.5}\n"
            .write(to: scenes.appendingPathComponent("more/b.yaml"), atomically: true, encoding: .utf8)
        return try run(harness, ["--flipbook", try standIn(body), "--scenes", scenes.path,
                                 "--output", work.appendingPathComponent("fuzz").path, "--jobs", "2"] + arguments)
    }

    /// Writes the stand-in flipbook, a shell script running `body`; returns its path.
    private func standIn(_ body: String) throws -> String {
        let standIn = work.appendingPathComponent("flipbook")
        try "#!/bin/sh\n\(body)\n".write(to: standIn, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        return standIn.path
    }

    func testLocatedErrorsAndSuccessesPassAndAreCounted() throws {
        let result = try fuzz(["--cases", "6"], standIn: #"[ "$1" = probe ] && { echo "$2:3:4: error: no" >&2; exit 1; }; exit 0"#)

        XCTAssertEqual(result.status, 0, result.out + result.err)
        XCTAssertTrue(result.out.hasPrefix("fuzz: 6 cases (seed 1) in "), result.out)
        XCTAssertTrue(result.out.hasSuffix(": 0 ok, 6 located, 0 unlocated, 0 crash, 0 hang\n"), result.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("fuzz/failures.txt").path))
    }

    func testACaseValidateRefusesWithAPlaceGoesNoFurtherAndOthersRunThroughEveryCommand() throws {
        let log = work.appendingPathComponent("commands").path
        let refused = try fuzz(["--cases", "2"], standIn: #"echo "$1" >> \#(log); [ "$1" = validate ] && { echo "$2:1:1: error: no" >&2; exit 1; }; exit 0"#)
        let refusedCommands = try String(contentsOfFile: log, encoding: .utf8)
        try FileManager.default.removeItem(atPath: log)
        let accepted = try fuzz(["--cases", "2"], standIn: #"echo "$1" >> \#(log); exit 0"#)

        XCTAssertEqual(refused.status, 0, refused.out)
        XCTAssertEqual(refusedCommands, "validate\nvalidate\n")
        XCTAssertEqual(accepted.status, 0, accepted.out)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").sorted(),
                       ["probe", "probe", "render", "render", "validate", "validate"])
    }

    func testAnErrorThatSaysNoPlaceFailsTheRunAndKeepsTheSceneWithItsCommand() throws {
        let result = try fuzz(["--cases", "3", "--seed", "7"], standIn: #"echo "flipbook: error: something" >&2; exit 1"#)

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.out.contains(": 0 ok, 0 located, 3 unlocated, 0 crash, 0 hang\n"), result.out)
        let failures = try String(contentsOf: work.appendingPathComponent("fuzz/failures.txt"), encoding: .utf8)
        XCTAssertEqual(failures.components(separatedBy: "unlocated case ").count, 4, failures)
        XCTAssertTrue(failures.contains("\n  flipbook validate "), failures)
        XCTAssertTrue(failures.contains("\n  flipbook: error: something\n"), failures)
        XCTAssertEqual(try keptScenes().count, 3)
    }

    func testASignalIsACrashAndARunPastTheLimitIsAHangKilledWithWhatItStarted() throws {
        let marker = work.appendingPathComponent("children")
        let crash = try fuzz(["--cases", "2"], standIn: "kill -ILL $$")
        let hang = try fuzz(["--cases", "2", "--time-limit", "1"],
                            standIn: "sleep 300 & echo $! >> \(marker.path); sleep 300")

        XCTAssertEqual(crash.status, 1)
        XCTAssertTrue(crash.out.contains(": 0 ok, 0 located, 0 unlocated, 2 crash, 0 hang\n"), crash.out)
        XCTAssertTrue(crash.out.contains("killed by signal 4 (Illegal instruction: a Swift trap)"), crash.out)
        XCTAssertEqual(hang.status, 1)
        XCTAssertTrue(hang.out.contains(": 0 ok, 0 located, 0 unlocated, 0 crash, 2 hang\n"), hang.out)
        let children = try String(contentsOf: marker, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(children.count, 2)
        for child in children {
            // Gone, or dead and not yet reaped by init.
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ")[2]
            XCTAssertTrue(state == nil || state == "Z", "the hung command's child \(child) outlived it (state \(state!))")
        }
    }

    func testAnInterruptedRunKillsTheCommandsRunningAndWhatTheyStarted() throws {
        guard let harness = Self.executable("flipbook-fuzz") else { throw XCTSkip("flipbook-fuzz is not built beside the tests") }
        let marker = work.appendingPathComponent("children").path
        try FileManager.default.createDirectory(at: work.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try "flipbook: 1\n".write(to: work.appendingPathComponent("scenes/a.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: harness)
        process.arguments = ["--flipbook", try standIn("sleep 300 & echo $! >> \(marker); sleep 300"), "--scenes", work.appendingPathComponent("scenes").path,
                             "--output", work.appendingPathComponent("fuzz").path, "--jobs", "2", "--time-limit", "200"]
        process.standardOutput = FileHandle.nullDevice

        try process.run()
        var children: [Int32] = []
        for _ in 0..<1_000 where children.count < 2 {
            usleep(10_000)
            children = ((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) }
        }
        process.terminate()
        process.waitUntilExit()

        XCTAssertEqual(children.count, 2, "the two commands started")
        XCTAssertEqual(process.terminationStatus, 143)
        usleep(200_000)
        for child in children {
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: " ")[2]
            XCTAssertTrue(state == nil || state == "Z", "the interrupted command's child \(child) runs on (state \(state!))")
        }
    }

    func testTheSameSeedGivesTheSameCasesAndAnotherSeedOthers() throws {
        let failing = "exit 1"

        _ = try fuzz(["--cases", "20"], standIn: failing)
        let first = try keptScenes()
        _ = try fuzz(["--cases", "20"], standIn: failing)
        let again = try keptScenes()
        _ = try fuzz(["--cases", "5", "--first", "15"], standIn: failing)
        let tail = try keptScenes()
        _ = try fuzz(["--cases", "20", "--seed", "2"], standIn: failing)
        let other = try keptScenes()

        XCTAssertEqual(first.count, 20)
        XCTAssertTrue(first == again, "a second run of seed 1 made other files")
        XCTAssertTrue(tail == first.filter { caseNumber($0.key) >= 15 }, "cases 15 to 19 alone differ from the same cases in a run of 20")
        XCTAssertNotEqual(Set(other.values), Set(first.values), "seed 2 made the files seed 1 made")
        XCTAssertGreaterThan(Set(first.values).count, 15, "the cases are not all alike")
    }

    /// The number of the case in `path` (`more/fuzz-00017-b.yaml`: 17).
    private func caseNumber(_ path: String) -> Int {
        Int(path.split(separator: "/").last!.dropFirst("fuzz-".count).prefix(5)) ?? -1
    }

    /// The scenes the last run kept, by path under its output folder.
    private func keptScenes() throws -> [String: Data] {
        let kept = work.appendingPathComponent("fuzz/scenes")
        let paths = FileManager.default.enumerator(atPath: kept.path)?.compactMap { $0 as? String } ?? []
        return try Dictionary(uniqueKeysWithValues: paths.filter { $0.hasSuffix(".yaml") }.map {
            ($0, try Data(contentsOf: kept.appendingPathComponent($0)))
        })
    }
}
