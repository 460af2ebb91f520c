import FlipbookGolden
import FlipbookRecorder
import FlipbookRender
import FlipbookStage
import Foundation

/// A frame of a recording checked against its golden PNG.
public struct SnapshotCheck: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// The frame matches its golden (exactly, or within the tolerance).
        case passed
        /// The golden was written from this frame (a new baseline, or a re-recorded one):
        /// the assertion fails, so a baseline is never accepted unseen.
        case recorded
        /// There is no golden and the record mode does not write one.
        case missing
        /// The frame differs from its golden by more than the tolerance; `expected`,
        /// `actual` and `diff` are where the three images were written.
        case failed(FlipbookGolden.ComparisonResult, expected: URL, actual: URL, diff: URL)
        /// The golden cannot be read (not a PNG, cut short, empty, a Git LFS pointer) and
        /// the mode does not record over it: `reason` says why, or what to do; the frame
        /// drawn now was written to `actual`.
        case unreadable(reason: String, actual: URL)
    }

    /// The snapshot's name: `<test>.<name>.png` is its golden's file name.
    public let name: String
    /// The virtual time of the frame, in seconds.
    public let time: Double
    /// `__Snapshots__/<TestFile>/<test>.<name>.png` beside the test file.
    public let golden: URL
    public let outcome: Outcome
    /// The tolerance the frame was compared with.
    public let tolerance: GoldenTolerance
    /// Why nothing was recorded where a recording could have been: the mode, or CI.
    let recordingNote: String

    /// What the failure message says, or nil when the check passed.
    public var failureMessage: String? {
        let what = "snapshot '\(name)' (t = \(time) s)"
        switch outcome {
        case .passed:
            return nil
        case .recorded:
            return "\(what): recorded a new baseline at \(golden.path); look at it, then run the test again to check against it"
        case .missing:
            return "\(what): no golden at \(golden.path); \(recordingNote)"
        case .failed(let result, let expected, let actual, let diff):
            let size = result.expectedSize
            let counts = result.sizeMismatch
                ? "the frame is \(result.actualSize) pixels, the golden \(size)"
                : "\(result.differingPixels) of \(size.width * size.height) pixels differ by more than "
                    + "\(tolerance.perChannel) per channel (largest difference \(result.maxChannelDifference); "
                    + "\(tolerance.allowedPixels) allowed)"
            return "\(what) does not match \(golden.path): \(counts); expected \(expected.path), actual \(actual.path), "
                + "diff \(diff.path); to accept the change, run the test with GOLDEN_RECORD=failed"
        case .unreadable(let reason, let actual):
            return "\(what): the golden \(golden.path) cannot be read: \(reason); actual \(actual.path); "
                + "to record it again, run the test with GOLDEN_RECORD=failed"
        }
    }
}

/// Checks frames of a code-built animation against golden PNGs kept beside the test:
/// `__Snapshots__/<TestFile>/<test>.<name>.png`, the convention swift-snapshot-testing
/// users know. Frames are drawn at exact virtual times (T5), so they are the same on
/// every run and machine with the same libraries.
///
/// The recording runs forward to each time in turn (its clock only moves forward), so
/// later times must not precede the time it has reached. A failure names the test's
/// file and line, with the expected, actual and diff images written where the message
/// says (`SNAPSHOT_ARTIFACTS`, or a `flipbook-snapshots` folder in the temporary folder),
/// and the golden report page there (`index.html`) shows every snapshot checked so far.
///
/// - Parameters:
///   - times: virtual seconds, in any order; each is one snapshot.
///   - names: a name per time (default: the time, `0.250s`).
///   - tolerance: per-channel difference and number of pixels allowed.
///   - record: the record mode; nil reads `GOLDEN_RECORD` (`missing` by default, `never`
///     when `CI` is set). Under CI nothing is ever recorded, whatever is asked.
///   - testName: the name goldens are filed under (default: the test function's).
@MainActor
public func assertAnimationSnapshots(
    of recorder: Recorder, at times: [TimeInterval], named names: [String]? = nil,
    tolerance: GoldenTolerance = GoldenTolerance(), record: GoldenRecordMode? = nil, testName: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let site = AssertionSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    do {
        let checks = try checkSnapshots(of: recorder, at: times, named: names, tolerance: tolerance,
                                        record: record, testName: testName, site: site)
        let mode = try SnapshotRecording.mode(asked: record, environment: ProcessInfo.processInfo.environment)
        let page = try SnapshotReport.add(checks, site: site, fps: recorder.stage.canvas.fps, tolerance: tolerance,
                                          mode: mode)
        for check in checks {
            guard let message = check.failureMessage else { continue }
            site.recordFailure(message + "; report: \(page.path)")
            site.attachImages(of: check)
        }
    } catch let error as GoldenError {
        site.recordFailure("cannot check the snapshots: \(error.message)")
    } catch {
        site.recordFailure("cannot check the snapshots: \(error)")
    }
}

/// Checks the frames numbered `frames` (frame i shows t = i / fps, T5) against golden
/// PNGs, named `frame<i>` unless `names` says otherwise; otherwise as
/// `assertAnimationSnapshots(of:at:…)`.
@MainActor
public func assertAnimationSnapshots(
    of recorder: Recorder, atFrames frames: [Int], named names: [String]? = nil,
    tolerance: GoldenTolerance = GoldenTolerance(), record: GoldenRecordMode? = nil, testName: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let fps = recorder.stage.canvas.fps
    assertAnimationSnapshots(of: recorder, at: frames.map { Double($0) / fps }, named: names ?? frames.map { "frame\($0)" },
                             tolerance: tolerance, record: record, testName: testName, fileID: fileID,
                             filePath: filePath, function: function, line: line, column: column)
}

/// Checks frames against their goldens as `assertAnimationSnapshots` does, and returns
/// each check instead of failing the test: for tests of the checks themselves, and for
/// reports of your own.
/// - Throws: `SnapshotError` for a time before the recording's, names that do not match
///   the times, a test record mode under CI; PNG and file errors.
@MainActor
public func checkAnimationSnapshots(
    of recorder: Recorder, at times: [TimeInterval], named names: [String]? = nil,
    tolerance: GoldenTolerance = GoldenTolerance(), record: GoldenRecordMode? = nil, testName: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) throws -> [SnapshotCheck] {
    try checkSnapshots(of: recorder, at: times, named: names, tolerance: tolerance, record: record, testName: testName,
                       site: AssertionSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column))
}

/// The checks of `assertAnimationSnapshots` and `checkAnimationSnapshots`, for a test at `site`.
@MainActor
func checkSnapshots(
    of recorder: Recorder, at times: [TimeInterval], named names: [String]?, tolerance: GoldenTolerance,
    record: GoldenRecordMode?, testName: String?, site: AssertionSite
) throws -> [SnapshotCheck] {
    let names = names ?? times.map { String(format: "%.3fs", $0) }
    guard names.count == times.count else {
        throw SnapshotError("\(times.count) times and \(names.count) names: give one name per time")
    }
    guard Set(names).count == names.count else { throw SnapshotError("snapshot names must differ: \(names)") }
    let environment = ProcessInfo.processInfo.environment
    let mode = try SnapshotRecording.mode(asked: record, environment: environment)
    let note = SnapshotRecording.isCI(environment)
        ? "nothing is recorded under CI (CI=\(environment["CI"] ?? "")\(record.map { ", so record: .\($0) is ignored" } ?? "")); record it locally and commit it"
        : "record mode '\(mode)' does not record missing goldens; run the test with GOLDEN_RECORD=missing"
    let folder = SnapshotRecording.goldenFolder(site: site)
    let artifacts = SnapshotRecording.artifactFolder(site: site)
    var checks: [SnapshotCheck] = []
    for (time, name) in zip(times, names).sorted(by: { $0.0 < $1.0 }) {
        let frame = try recorder.image(at: time)
        let golden = folder.appendingPathComponent("\(testName ?? site.testName).\(name).png")
        let outcome = try SnapshotRecording.check(frame, against: golden, tolerance: tolerance, mode: mode,
                                                  artifacts: artifacts.appendingPathComponent("\(testName ?? site.testName).\(name)"))
        checks.append(SnapshotCheck(name: name, time: time, golden: golden, outcome: outcome, tolerance: tolerance,
                                    recordingNote: note))
    }
    return checks.sorted { names.firstIndex(of: $0.name)! < names.firstIndex(of: $1.name)! }
}

/// A snapshot request that cannot be met, and why.
public struct SnapshotError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
