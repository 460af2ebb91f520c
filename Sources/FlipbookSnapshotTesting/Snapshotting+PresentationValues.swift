import FlipbookRecorder
import FlipbookTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting

/// Presentation values of a code-built animation as a text snapshot, diffed line by line:
/// `assertSnapshot(of: recorder, as: .presentationValues(at: 0.25))`.
///
/// The text opens with the time, then has a line per layer (see `PresentationDump`):
///
///     t = 0.25 s
///     UIWindow: position (60, 30), bounds (0, 0, 120, 60), opacity 1
///     UIWindow/card (UIView): position (37.75, 30), bounds (0, 0, 40, 30), opacity 0.875, …
///
/// As for images, one recorder serves snapshots at increasing times; an earlier time
/// fails the assertion, and its text says why.
extension Snapshotting where Value == Recorder, Format == String {
    /// Every layer of the recording at `time` seconds, from the root view's layer down.
    public static func presentationValues(
        at time: TimeInterval,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let site = SnapshotSite(fileID, filePath, function, line, column)
        return SimplySnapshotting.lines.pullback { (recorder: Recorder) in
            site.take({ try recorder.presentationText(of: recorder.rootView.layer, at: time) },
                      unavailable: { "no presentation values: \($0)\n" })
        }
    }
}

extension Snapshotting where Value == UIView, Format == String {
    /// The view's layer and every layer under it, as the recorder shows them at `time`
    /// seconds; paths start at the view's layer. A view takes its recorder as
    /// `image(in:at:)` does, for its clock.
    public static func presentationValues(
        in recorder: Recorder, at time: TimeInterval,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let site = SnapshotSite(fileID, filePath, function, line, column)
        return SimplySnapshotting.lines.pullback { (view: UIView) in
            site.take({
                try recorder.checkShows(view)
                return try recorder.presentationText(of: view.layer, at: time)
            }, unavailable: { "no presentation values: \($0)\n" })
        }
    }
}
