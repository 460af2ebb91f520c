import FlipbookGolden
import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
import FlipbookUIKit
import Foundation
import SnapshotTesting

/// A view of a code-built animation as swift-snapshot-testing strategies:
/// `assertSnapshot(of: card, as: .image(in: recorder, at: 0.25))`.
///
/// A view takes its recorder because it cannot be drawn, nor be at a time, on its own:
/// it has no window or screen, its recorder's canvas is where it shows and its recorder's
/// clock is what moves its animations (a view does not know its recorder). The strategy
/// runs that recorder forward, so the rule of `image(at:)` holds: one recorder serves
/// snapshots at increasing times.
extension Snapshotting where Value == UIView, Format == SnapshotFrame {
    /// The part of the recorder's frame at `time` where the view shows then: the bounding
    /// box of its presentation (so a moving view is followed, a turned one boxed), as every
    /// pixel it touches — the box on the pixel grid made integral, its left and top edges
    /// rounded down and its right and bottom edges up, as `CGRect.integral` does — within
    /// the canvas. A 40-point-wide view at x = 10.5 is the 41 pixels 10…50 at scale 1, its
    /// half-covered edge columns both in, as everything the view draws is in its
    /// `drawHierarchy` image; at a whole point it is 40. What is drawn there is in it too —
    /// the canvas and the views behind, and views over it — as a screenshot of that
    /// rectangle would be.
    ///
    /// Fails when the view is not in the recorder's tree (add it under `rootView`) or
    /// shows on no pixel of the canvas at `time`.
    public static func image(
        in recorder: Recorder, at time: TimeInterval, tolerance: GoldenTolerance = GoldenTolerance(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let site = SnapshotSite(fileID, filePath, function, line, column)
        return Snapshotting(pathExtension: "png", diffing: .frame(tolerance: tolerance, site: site)) { view in
            site.take({ SnapshotFrame.storable(try recorder.frame(of: view, at: time)) }, unavailable: SnapshotFrame.unavailable)
        }
    }
}
