import FlipbookGolden
import FlipbookRender
@testable import FlipbookTesting
import Foundation
import Testing

/// Record modes of snapshots: what each writes, and that CI only compares.
@Suite struct SnapshotRecordingTests {
    private let red = Bitmap(width: 4, height: 2, filledWith: RGBA8(255, 0, 0))
    private let blue = Bitmap(width: 4, height: 2, filledWith: RGBA8(0, 0, 255))

    /// A fresh folder, the golden path in it, and the artifacts' base path.
    private func folder() throws -> (golden: URL, artifacts: URL, remove: () -> Void) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (root.appendingPathComponent("__Snapshots__/T/test.a.png"), root.appendingPathComponent("artifacts/test.a"),
                { try? FileManager.default.removeItem(at: root) })
    }

    @Test(arguments: [
        (GoldenRecordMode.missing, SnapshotCheck.Outcome.recorded), (.changed, .recorded), (.all, .recorded),
        (.never, .missing), (.failed, .missing),
    ])
    func aMissingGoldenIsRecordedOnlyByModesThatRecordMissingOnes(_ mode: GoldenRecordMode, _ expected: SnapshotCheck.Outcome) throws {
        let (golden, artifacts, remove) = try folder()
        defer { remove() }

        let outcome = try SnapshotRecording.check(red, against: golden, tolerance: GoldenTolerance(), mode: mode, artifacts: artifacts)

        #expect(outcome == expected)
        #expect(FileManager.default.fileExists(atPath: golden.path) == (expected == .recorded))
    }

    @Test(arguments: [GoldenRecordMode.missing, .never, .failed, .changed, .all])
    func aChangedFrameFailsUnlessTheModeRerecordsIt(_ mode: GoldenRecordMode) throws {
        let (golden, artifacts, remove) = try folder()
        defer { remove() }
        _ = try SnapshotRecording.check(red, against: golden, tolerance: GoldenTolerance(), mode: .all, artifacts: artifacts)

        let outcome = try SnapshotRecording.check(blue, against: golden, tolerance: GoldenTolerance(), mode: mode, artifacts: artifacts)

        let rerecords = [.failed, .changed, .all].contains(mode)
        if rerecords {
            #expect(outcome == .recorded)
        } else {
            guard case .failed(let result, let expected, let actual, let diff) = outcome else {
                Issue.record("expected a failure, got \(outcome)")
                return
            }
            #expect(result.differingPixels == 8)
            #expect(try PNGCodec.read(path: expected.path) == red)
            #expect(try PNGCodec.read(path: actual.path) == blue)
            #expect(FileManager.default.fileExists(atPath: diff.path))
        }
        #expect(try PNGCodec.read(path: golden.path) == (rerecords ? blue : red))
    }

    /// As `flipbook check` fails a frame whose golden cannot be read, and rewrites it in the
    /// modes that rewrite failed goldens.
    @Test(arguments: [GoldenRecordMode.missing, .never, .failed, .changed, .all])
    func aGoldenThatIsAGitLFSPointerFailsUnlessTheModeRerecordsIt(_ mode: GoldenRecordMode) throws {
        let (golden, artifacts, remove) = try folder()
        defer { remove() }
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n".utf8).write(to: golden)

        let outcome = try SnapshotRecording.check(red, against: golden, tolerance: GoldenTolerance(), mode: mode, artifacts: artifacts)

        let actual = artifacts.appendingPathExtension("actual").appendingPathExtension("png")
        if [.failed, .changed, .all].contains(mode) {
            #expect(outcome == .recorded)
            #expect(try PNGCodec.read(path: golden.path) == red)
        } else {
            #expect(outcome == .unreadable(reason: "it looks like a Git LFS pointer: run `git lfs pull`", actual: actual))
            #expect(try PNGCodec.read(path: actual.path) == red)
        }
    }

    @Test func anEmptyGoldenFailsNamingTheFileTheReasonAndHowToRecordIt() throws {
        let (golden, artifacts, remove) = try folder()
        defer { remove() }
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: golden)

        let outcome = try SnapshotRecording.check(red, against: golden, tolerance: GoldenTolerance(), mode: .never, artifacts: artifacts)

        let check = SnapshotCheck(name: "a", time: 0.25, golden: golden, outcome: outcome, tolerance: GoldenTolerance(),
                                  recordingNote: "")
        let actual = artifacts.appendingPathExtension("actual").appendingPathExtension("png")
        #expect(check.failureMessage == "snapshot 'a' (t = 0.25 s): the golden \(golden.path) cannot be read: "
            + "cannot decode PNG: 0 bytes are too few for a PNG (the signature alone is 8); actual \(actual.path); "
            + "to record it again, run the test with GOLDEN_RECORD=failed")
    }

    @Test func underCINothingIsRecordedWhateverIsAsked() throws {
        #expect(try SnapshotRecording.mode(asked: .all, environment: ["CI": "true"]) == .never)
        #expect(try SnapshotRecording.mode(asked: nil, environment: ["CI": "1", "GOLDEN_RECORD": "all"]) == .never)
        #expect(try SnapshotRecording.mode(asked: nil, environment: ["GOLDEN_RECORD": "changed"]) == .changed)
        #expect(try SnapshotRecording.mode(asked: .failed, environment: ["GOLDEN_RECORD": "changed"]) == .failed)
        #expect(try SnapshotRecording.mode(asked: nil, environment: [:]) == .missing)
    }

    @Test func goldensLiveBesideTheTestFile() {
        let site = AssertionSite(filePath: "/repo/Tests/AppTests/CardTests.swift", function: "cardSlides()")

        #expect(SnapshotRecording.goldenFolder(site: site).path == "/repo/Tests/AppTests/__Snapshots__/CardTests")
        #expect(site.testName == "cardSlides")
    }
}
