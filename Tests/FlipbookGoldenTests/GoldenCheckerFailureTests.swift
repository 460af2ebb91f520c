import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest
import FlipbookRender
import FlipbookGolden

/// Comparing against goldens: tolerance, and what a failure leaves behind.
final class GoldenCheckerFailureTests: RecordedGoldensTestCase {
    func failureImage(_ scene: String, _ name: String) -> URL {
        reports.appendingPathComponent(scene).appendingPathComponent(name)
    }

    func testFailureWritesExpectedActualAndDiffImages() throws {
        let actual = golden.setting(first: 4, to: RGBA8(255, 255, 255))

        let report = try checker().check(scene: "fade", frames: [(0, golden), (30, actual)])

        let (expectedURL, actualURL, diffURL) = (failureImage("fade", "frame_00030.expected.png"),
                                                 failureImage("fade", "frame_00030.actual.png"),
                                                 failureImage("fade", "frame_00030.diff.png"))
        guard case .failed(let result, expectedURL, actualURL, diffURL) = report.frames[1].outcome else {
            return XCTFail("\(report.frames[1].outcome)")
        }
        XCTAssertEqual(result.differingPixels, 4)
        XCTAssertEqual(try PNGCodec.read(path: expectedURL.path), golden)
        XCTAssertEqual(try PNGCodec.read(path: actualURL.path), actual)
        XCTAssertEqual(try PNGCodec.read(path: diffURL.path)[3, 0], RGBA8(255, 0, 0))
        XCTAssertEqual(try PNGCodec.read(path: diffURL.path)[4, 0], RGBA8(209, 209, 209), "luminance 73 at 25 % over white")
        XCTAssertFalse(report.passed)
    }

    func testFailureSummaryGivesTheCountsTheThresholdAndTheDiffPath() throws {
        let actual = golden.setting(first: 4, to: RGBA8(255, 255, 255))

        let report = try checker().check(scene: "fade", frames: [(0, golden), (30, actual)])

        XCTAssertEqual(report.summaryLines, [
            "fade frame 0: ok, identical",
            "fade frame 30: FAILED 4 pixels differ by more than 2 (allowed 0), max difference 215; see "
                + failureImage("fade", "frame_00030.diff.png").path,
        ])
    }

    func testPassingRunRemovesItsEarlierFailureImages() throws {
        _ = try checker().check(scene: "fade", frames: [(30, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])

        let report = try checker().check(scene: "fade", frames: [(30, golden)])

        XCTAssertTrue(report.passed)
        XCTAssertEqual(fileNames(in: reports.appendingPathComponent("fade")), [])
    }

    func testDifferenceWithinToleranceMatches() throws {
        let actual = golden.setting(5, 5, to: RGBA8(0, 0, 0))

        let report = try checker(GoldenTolerance(perChannel: 2, allowedPixels: 1)).check(scene: "fade", frames: [(0, actual)])

        XCTAssertTrue(report.passed)
        guard case .matchedWithinTolerance(let result) = report.frames[0].outcome else {
            return XCTFail("\(report.frames[0].outcome)")
        }
        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(report.summaryLines,
                       ["fade frame 0: ok within tolerance, 1 pixel differs by more than 2 (allowed 1), max difference 120"])
        XCTAssertEqual(fileNames(in: reports.appendingPathComponent("fade")), [])
    }

    func testDifferentSizeFailsNamingBothSizes() throws {
        let wider = Bitmap(width: 17, height: 16, filledWith: RGBA8(40, 80, 120))

        let report = try checker(GoldenTolerance(perChannel: 255, allowedPixels: 1000)).check(scene: "fade", frames: [(0, wider)])

        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.summaryLines.first, "fade frame 0: FAILED size 17×16 differs from the golden's 16×16; see "
                       + failureImage("fade", "frame_00000.diff.png").path)
    }

    func testLibraryVersionMismatchIsReportedWhenAFrameDiffers() throws {
        var recorded = RenderEnvironment.libraryVersions()
        let current = recorded["cairo"]!
        recorded["cairo"] = "0.0.1"
        try GoldenEnvironment.write(recorded, to: goldens)

        let report = try checker().check(scene: "fade", frames: [(0, golden.setting(0, 0, to: RGBA8(0, 0, 0)))])

        let note = "goldens were recorded with cairo 0.0.1, this machine has \(current) — pixel differences may come from that"
        XCTAssertEqual(report.environmentMismatch, note)
        XCTAssertTrue(report.summaryLines.contains("fade: note: " + note))
    }

    func testLibraryVersionMismatchIsNotMentionedWhenFramesAreIdentical() throws {
        try GoldenEnvironment.write(["cairo": "0.0.1"], to: goldens)

        let report = try checker().check(scene: "fade", frames: [(0, golden)])

        XCTAssertNil(report.environmentMismatch)
    }

    func testGoldenThatIsNotAPNGFailsItsFrameNamingItAndTheOtherFramesAreStillCompared() throws {
        let url = checker().goldenURL(scene: "fade", frame: 0)
        try Data("not a png".utf8).write(to: url)

        let report = try checker().check(scene: "fade", frames: [(0, golden), (30, golden)])

        let actual = failureImage("fade", "frame_00000.actual.png")
        XCTAssertEqual(report.frames.map(\.outcome), [
            .unreadable(golden: url, reason: "cannot decode PNG: Not a PNG file", actual: actual),
            .matched,
        ])
        XCTAssertEqual(try PNGCodec.read(path: actual.path), golden)
        XCTAssertEqual(report.summaryLines.first, "fade frame 0: FAILED the golden \(url.path) cannot be read: "
                       + "cannot decode PNG: Not a PNG file; see \(actual.path)")
        XCTAssertFalse(report.passed)
    }

    /// The golden is read once: the failed frame's expected image is a copy of the bytes
    /// that were compared, not a second reading of the file (inotify counts its opens).
    func testAFailedFrameReadsItsGoldenOnceAndCopiesThoseBytesAsTheExpectedImage() throws {
        let url = checker().goldenURL(scene: "fade", frame: 30)
        let goldenBytes = try Data(contentsOf: url)
        var report: GoldenSceneReport?

        let opens = try countingOpens(of: url) {
            report = try checker().check(scene: "fade", frames: [(30, golden.setting(first: 4, to: RGBA8(255, 255, 255)))])
        }

        XCTAssertEqual(opens, 1)
        XCTAssertEqual(try Data(contentsOf: failureImage("fade", "frame_00030.expected.png")), goldenBytes)
        guard case .failed(let result, _, _, _)? = report?.frames.first?.outcome else {
            return XCTFail("\(String(describing: report))")
        }
        XCTAssertEqual(result.differingPixels, 4)
    }
}

/// How many times the file at `url` is opened while `body` runs, as inotify reports it.
private func countingOpens(of url: URL, during body: () throws -> Void) throws -> Int {
    let watcher = inotify_init1(O_NONBLOCK | O_CLOEXEC)
    guard watcher >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(watcher) }
    // Closes are watched too: inotify merges an event with an identical one queued just
    // before it, so two opens in a row would count as one.
    guard inotify_add_watch(watcher, url.path, UInt32(IN_OPEN | IN_CLOSE)) >= 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    try body()

    var opens = 0
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        guard count > 0 else { return opens }
        var offset = 0
        while offset < count {
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            if event.mask & UInt32(IN_OPEN) != 0 { opens += 1 }
            offset += MemoryLayout<inotify_event>.size + Int(event.len)
        }
    }
}
