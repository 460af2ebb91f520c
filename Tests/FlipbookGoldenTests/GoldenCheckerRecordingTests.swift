import Foundation
import XCTest
import FlipbookRender
import FlipbookGolden

/// GOLDEN_RECORD modes: what each records, and that recording never passes.
final class GoldenCheckerRecordingTests: XCTestCase {
    let blue = Bitmap(width: 16, height: 16, filledWith: RGBA8(0, 0, 255))
    let red = Bitmap(width: 16, height: 16, filledWith: RGBA8(255, 0, 0, 128))
    var goldens: URL!
    var reports: URL!

    override func setUpWithError() throws {
        let root = try makeTemporaryDirectory()
        goldens = root.appendingPathComponent("golden")
        reports = root.appendingPathComponent("golden-report")
    }

    func checker(_ mode: GoldenRecordMode) -> GoldenChecker {
        GoldenChecker(goldenDirectory: goldens, reportDirectory: reports, mode: mode, tolerance: GoldenTolerance())
    }

    func golden(_ frame: Int) -> URL {
        checker(.never).goldenURL(scene: "fade", frame: frame)
    }

    func testGoldenFilesAreNamedWithFiveDigitFrameNumbersUnderTheScene() {
        let url = checker(.never).goldenURL(scene: "behaviours/fade", frame: 7)

        XCTAssertEqual(url.path, goldens.path + "/behaviours/fade/frame_00007.png")
    }

    func testMissingModeRecordsAbsentGoldensAndFailsTheRun() throws {
        let report = try checker(.missing).check(scene: "fade", frames: [(0, blue), (30, red)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.recorded(golden(0), reason: .missing),
                                                      .recorded(golden(30), reason: .missing)])
        XCTAssertEqual(try PNGCodec.read(path: golden(0).path), blue)
        XCTAssertEqual(try PNGCodec.read(path: golden(30).path), red)
        XCTAssertEqual(report.summaryLines.first,
                       "fade frame 0: RECORDED new baseline \(golden(0).path) (there was none) — re-run to check")
    }

    func testAGoldenThatIsNotAPNGFailsItsFrameUnlessTheModeRewritesFailedGoldens() throws {
        let expected: [GoldenRecordMode: GoldenFrameOutcome] = [
            .never: .unreadable(golden: golden(30), reason: "cannot decode PNG: 3 bytes are too few for a PNG "
                                + "(the signature alone is 8)",
                                actual: reports.appendingPathComponent("fade/frame_00030.actual.png")),
            .failed: .recorded(golden(30), reason: .unreadable), .changed: .recorded(golden(30), reason: .unreadable),
            .all: .recorded(golden(30), reason: .all),
        ]
        for mode in GoldenRecordMode.allCases {
            _ = try checker(.all).check(scene: "fade", frames: [(0, blue), (30, blue)])
            try Data("bad".utf8).write(to: golden(30))

            let report = try checker(mode).check(scene: "fade", frames: [(0, blue), (30, red)])

            let outcome = expected[mode] ?? expected[.never]!
            XCTAssertEqual(report.frames.map(\.outcome), [mode == .all ? .recorded(golden(0), reason: .all) : .matched,
                                                          outcome], "\(mode)")
            XCTAssertEqual(try? PNGCodec.read(path: golden(30).path), outcome.isRecorded ? red : nil, "\(mode)")
        }
    }

    func testRecordingWritesTheLibraryVersionsWhenAbsent() throws {
        _ = try checker(.missing).check(scene: "fade", frames: [(0, blue)])

        XCTAssertEqual(try GoldenEnvironment.read(from: goldens), RenderEnvironment.libraryVersions())
    }

    func testRecordingMissingGoldensKeepsExistingLibraryVersions() throws {
        let old = ["cairo": "0.0.1"]
        try GoldenEnvironment.write(old, to: goldens)

        _ = try checker(.missing).check(scene: "fade", frames: [(0, blue)])

        XCTAssertEqual(try GoldenEnvironment.read(from: goldens), old)
    }

    func testRunAfterRecordingPasses() throws {
        _ = try checker(.missing).check(scene: "fade", frames: [(0, blue), (30, red)])

        let report = try checker(.missing).check(scene: "fade", frames: [(0, blue), (30, red)])

        XCTAssertTrue(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.matched, .matched])
        XCTAssertEqual(report.summaryLines, ["fade frame 0: ok, identical", "fade frame 30: ok, identical"])
    }

    func testNeverModeReportsMissingGoldensAndWritesNothing() throws {
        let report = try checker(.never).check(scene: "fade", frames: [(30, red)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.missing(golden(30))])
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.path))
        XCTAssertEqual(report.summaryLines,
                       ["fade frame 30: MISSING golden \(golden(30).path); record it with GOLDEN_RECORD=missing"])
    }

    func testFailedModeReportsMissingGoldensWithoutRecordingThem() throws {
        let report = try checker(.failed).check(scene: "fade", frames: [(30, red)])

        XCTAssertEqual(report.frames.map(\.outcome), [.missing(golden(30))])
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden(30).path))
    }

    func testFailedModeReRecordsOnlyTheFailingFrames() throws {
        _ = try checker(.missing).check(scene: "fade", frames: [(0, blue), (30, red)])
        // Same pixels, different bytes: re-recording frame 0 would change the file.
        let fastBlue = try PNGCodec.encode(blue, compressionLevel: 1)
        try Data(fastBlue).write(to: golden(0))
        let changedRed = red.setting(3, 3, to: RGBA8(0, 255, 0))

        let report = try checker(.failed).check(scene: "fade", frames: [(0, blue), (30, changedRed)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.matched, .recorded(golden(30), reason: .failed)])
        XCTAssertEqual(try [UInt8](Data(contentsOf: golden(0))), fastBlue)
        XCTAssertEqual(try PNGCodec.read(path: golden(30).path), changedRed)
        XCTAssertEqual(fileNames(in: reports.appendingPathComponent("fade")), [])
    }

    func testChangedModeRecordsMissingAndFailingFramesAndLeavesPassingOnesUntouched() throws {
        _ = try checker(.missing).check(scene: "fade", frames: [(0, blue), (30, red)])
        // Same pixels, different bytes: re-recording frame 0 would change the file.
        let fastBlue = try PNGCodec.encode(blue, compressionLevel: 1)
        try Data(fastBlue).write(to: golden(0))
        let changedRed = red.setting(3, 3, to: RGBA8(0, 255, 0))

        let report = try checker(.changed).check(scene: "fade", frames: [(0, blue), (30, changedRed), (60, blue)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.matched, .recorded(golden(30), reason: .failed),
                                                      .recorded(golden(60), reason: .missing)])
        XCTAssertEqual(try [UInt8](Data(contentsOf: golden(0))), fastBlue)
        XCTAssertEqual(try PNGCodec.read(path: golden(30).path), changedRed)
        XCTAssertEqual(try PNGCodec.read(path: golden(60).path), blue)
        XCTAssertEqual(fileNames(in: reports.appendingPathComponent("fade")), [])
    }

    func testAllModeReRecordsEveryFrameAndTheLibraryVersions() throws {
        try FileManager.default.createDirectory(at: golden(0).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(PNGCodec.encode(blue, compressionLevel: 1)).write(to: golden(0))
        try GoldenEnvironment.write(["cairo": "0.0.1"], to: goldens)

        let report = try checker(.all).check(scene: "fade", frames: [(0, blue), (30, red)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.frames.map(\.outcome), [.recorded(golden(0), reason: .all),
                                                      .recorded(golden(30), reason: .all)])
        XCTAssertEqual(try [UInt8](Data(contentsOf: golden(0))), try PNGCodec.encode(blue, compressionLevel: 9))
        XCTAssertEqual(try GoldenEnvironment.read(from: goldens), RenderEnvironment.libraryVersions())
    }

    func testRepeatedFrameIndexIsRejected() {
        XCTAssertThrowsError(try checker(.missing).check(scene: "fade", frames: [(3, blue), (3, red)])) { error in
            XCTAssertEqual("\(error)", "error: scene 'fade': frame 3 is given more than once")
        }
    }

    func testSceneNameThatLeavesTheGoldenDirectoryIsRejected() {
        XCTAssertThrowsError(try checker(.missing).check(scene: "../escape", frames: [(0, blue)])) { error in
            XCTAssertTrue(error is GoldenError, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.deletingLastPathComponent()
            .appendingPathComponent("escape").path))
    }
}
