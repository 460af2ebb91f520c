import FlipbookGolden
import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
import Foundation
import SnapshotTesting

/// Frames of a code-built animation as swift-snapshot-testing strategies:
/// `assertSnapshot(of: recorder, as: .image(at: 0.25))`.
///
/// A recorder's clock only moves forward (T5): each snapshot runs the recording to its
/// time, so one recorder serves snapshots at increasing times. A time before the one it
/// has reached fails the test at the assertion at once (inside `verifySnapshot` too) and
/// says so; make a new recorder to look at an earlier time. A recorder that has rendered
/// (`render(to:)`) is at its end. Should swift-snapshot-testing record such a snapshot (a
/// missing reference, record mode `missing` or `all`), the reference it writes is empty
/// and fails, saying so, until deleted.
extension Snapshotting where Value == Recorder, Format == SnapshotFrame {
    /// The recording's frame at `time` seconds, drawn as a render draws it, stored as a PNG
    /// and compared with Flipbook's tolerant comparison.
    /// - Parameter tolerance: per-channel difference and number of pixels allowed.
    public static func image(
        at time: TimeInterval, tolerance: GoldenTolerance = GoldenTolerance(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let site = SnapshotSite(fileID, filePath, function, line, column)
        return Snapshotting(pathExtension: "png", diffing: .frame(tolerance: tolerance, site: site)) { recorder in
            site.take({ SnapshotFrame.storable(try recorder.frame(at: time)) }, unavailable: SnapshotFrame.unavailable)
        }
    }

    /// The recording's frames at `times` side by side, left to right, with a
    /// `Filmstrip.separatorWidth`-pixel gray line between them: one snapshot that shows
    /// the motion. Compared as `image(at:tolerance:)` compares one frame.
    /// - Parameter times: seconds, increasing.
    public static func filmstrip(
        at times: [TimeInterval], tolerance: GoldenTolerance = GoldenTolerance(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let site = SnapshotSite(fileID, filePath, function, line, column)
        return Snapshotting(pathExtension: "png", diffing: .frame(tolerance: tolerance, site: site)) { recorder in
            site.take({
                guard !times.isEmpty else { throw SnapshotStrategyError("a filmstrip needs at least one time") }
                guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
                    throw SnapshotStrategyError("the times of a filmstrip must increase, left to right: \(times)")
                }
                return SnapshotFrame.storable(Filmstrip.joining(try times.map { try recorder.frame(at: $0) }))
            }, unavailable: SnapshotFrame.unavailable)
        }
    }
}
