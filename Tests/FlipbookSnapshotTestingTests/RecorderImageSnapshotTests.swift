import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
@testable import FlipbookSnapshotTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting
import Testing

/// `Snapshotting<Recorder, SnapshotFrame>.image(at:)`: frames at virtual times against
/// references beside the test, and the failures a changed animation gives.
@MainActor
@Suite(.snapshots(record: recordMode))
struct RecorderImageSnapshotTests {
    @Test func cardSlidesTurnsAndFades_V2() {
        let (recorder, _) = turningCard()

        assertSnapshot(of: recorder, as: .image(at: 0), named: "start")
        assertSnapshot(of: recorder, as: .image(at: 0.25), named: "quarter")
        assertSnapshot(of: recorder, as: .image(at: 1), named: "end")
    }

    @Test func aLinearCurveFailsTheEaseInOutFrameWithCountsAndADiffImage_V7() throws {
        let (recorder, _) = turningCard(broken: true)
        let golden = reference(file: "RecorderImageSnapshotTests", test: "cardSlidesTurnsAndFades_V2", name: "quarter", ext: "png")
        let before = try Data(contentsOf: golden)

        let assertionLine = #line + 1
        let message = verifySnapshot(of: recorder, as: .image(at: 0.25), named: "quarter", record: .never,
                                     testName: "cardSlidesTurnsAndFades_V2")

        let failure = try #require(message, "a linear slide is ahead of the ease-in-out one at 0.25 s")
        #expect(failure.contains("does not match reference"))
        #expect(failure.contains("pixels differ by more than 2 per channel (largest difference"))
        #expect(failure.contains("; 0 allowed)"))
        let diffPath = try #require(failure.components(separatedBy: "diff image (differing pixels in red): ").last)
        let diffURL = URL(fileURLWithPath: diffPath)
        #expect(diffURL.lastPathComponent == "aLinearCurveFailsTheEaseInOutFrameWithCountsAndADiffImage_V7.line\(assertionLine).diff.png")
        let failedCopy = diffURL.deletingLastPathComponent().appendingPathComponent("cardSlidesTurnsAndFades_V2.quarter.png")
        #expect(failure.contains("\"file://\(failedCopy.path)\""), "the diff is beside swift-snapshot-testing's copy of the failed frame")
        let diff = try PNGCodec.read(path: diffPath)
        #expect(diff[60, 30] == RGBA8(255, 0, 0), "the card's middle moved: red in the diff")
        #expect(diff[2, 2] != RGBA8(255, 0, 0), "the empty corner is the same")
        #expect(try Data(contentsOf: golden) == before, "record: .never leaves the reference alone")
    }

    @Test func theEndsOfTheChangedAnimationStillMatch_V7() {
        let (recorder, _) = turningCard(broken: true)

        let start = verifySnapshot(of: recorder, as: .image(at: 0), named: "start", record: .never,
                                   testName: "cardSlidesTurnsAndFades_V2")
        let end = verifySnapshot(of: recorder, as: .image(at: 1), named: "end", record: .never,
                                 testName: "cardSlidesTurnsAndFades_V2")

        #expect(start == nil)
        #expect(end == nil)
    }

    @Test func aToleranceWideEnoughPassesTheChangedFrame() {
        let (recorder, _) = turningCard(broken: true)

        let message = verifySnapshot(of: recorder, as: .image(at: 0.25, tolerance: GoldenTolerance(perChannel: 2, allowedPixels: 120 * 60)),
                                     named: "quarter", record: .never, testName: "cardSlidesTurnsAndFades_V2")

        #expect(message == nil)
    }

    @Test func aFrameOfAnotherSizeSaysBothSizes() throws {
        let (recorder, _) = turningCard(scale: 2)

        let message = verifySnapshot(of: recorder, as: .image(at: 0), named: "start", record: .never,
                                     testName: "cardSlidesTurnsAndFades_V2")

        #expect(try #require(message).contains("the frame is 240×120 pixels, the reference 120×60"))
    }

    @Test func aTimeBeforeTheRecordersFailsAtTheAssertionAndSaysWhy_T5() throws {
        let (recorder, _) = turningCard()
        let end = verifySnapshot(of: recorder, as: .image(at: 1), named: "end", record: .never,
                                 testName: "cardSlidesTurnsAndFades_V2")
        var message: String?

        withKnownIssue("the recorder is at 1 s") {
            message = verifySnapshot(of: recorder, as: .image(at: 0.25), named: "quarter", record: .never,
                                     testName: "cardSlidesTurnsAndFades_V2")
        } matching: { issue in
            "\(issue)".contains("the recording is at t = 1.0 s and cannot go back to t = 0.25 s")
                && "\(issue)".contains("make a new one to look at an earlier time")
                && issue.sourceLocation?.fileName == "RecorderImageSnapshotTests.swift"
        }

        #expect(end == nil)
        let failure = try #require(message)
        #expect(failure.contains("no frame to compare: cannot snapshot: the recording is at t = 1.0 s"))
    }

    @Test func aTimeBeforeTheRecordersWritesNoReferenceWhenNotRecording_T5() throws {
        let (recorder, _) = turningCard()
        try recorder.run(until: 0.5)
        let missing = reference(file: "RecorderImageSnapshotTests", test: "neverRecorded", name: "quarter", ext: "png")

        withKnownIssue("the recorder is at 0.5 s") {
            _ = verifySnapshot(of: recorder, as: .image(at: 0.25), named: "quarter", record: .never, testName: "neverRecorded")
        } matching: { "\($0)".contains("cannot go back to t = 0.25 s") }

        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func aReferenceThatIsAGitLFSPointerFailsNamingItAndRecordModeFailedRewritesIt() throws {
        let (recorder, _) = turningCard()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lfs-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("pointer.start.png")
        try Data("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234\n".utf8).write(to: reference)

        let never = verifySnapshot(of: recorder, as: .image(at: 0), named: "start", record: .never,
                                   snapshotDirectory: folder.path, testName: "pointer")
        let failed = verifySnapshot(of: recorder, as: .image(at: 0), named: "start", record: .failed,
                                    snapshotDirectory: folder.path, testName: "pointer")
        let again = verifySnapshot(of: recorder, as: .image(at: 0), named: "start", record: .never,
                                   snapshotDirectory: folder.path, testName: "pointer")

        let message = try #require(never)
        #expect(message.contains(reference.path))
        #expect(message.contains("the reference is not a PNG image (it looks like a Git LFS pointer: run `git lfs pull`)"))
        #expect(try #require(failed).contains("A new snapshot was automatically recorded."))
        #expect(again == nil)
        #expect(try PNGCodec.read(path: reference.path) == snapshot(of: recorder, as: .image(at: 0)))
    }

    @Test func aReferenceThatIsNoPNGFailsTheComparisonSayingSo() throws {
        let site = SnapshotSite(assertion: .init())
        let diffing = Diffing<SnapshotFrame>.frame(tolerance: GoldenTolerance(), site: site)
        let frame = SnapshotFrame.image(Bitmap(width: 2, height: 2, filledWith: RGBA8(0, 0, 255)))

        let garbage = diffing.diffV2(diffing.fromData(Data("not a png".utf8)), frame)
        let empty = diffing.diffV2(diffing.fromData(Data()), frame)
        let same = diffing.diffV2(diffing.fromData(diffing.toData(frame)), frame)

        #expect(try #require(garbage).0.hasPrefix("cannot compare: the reference is not a PNG image"))
        #expect(try #require(empty).0.contains("an empty file, recorded when no frame could be drawn: delete it"))
        #expect(same == nil)
    }
}
