import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
import FlipbookUIKit
import Foundation

/// What the strategies take of a recording: a frame, a view's part of it, the
/// presentation values as text — each after running the recording forward to its time.
@MainActor
extension Recorder {
    /// The frame at `time`, with an error that says what to do when the time is past.
    func frame(at time: TimeInterval) throws -> Bitmap {
        try runForward(to: time)
        return try image(at: time)
    }

    /// Runs the recording to `time`, or throws saying that one recorder serves increasing times.
    func runForward(to time: TimeInterval) throws {
        do {
            try run(until: time)
        } catch {
            throw SnapshotStrategyError("\(error); one recorder serves snapshots at increasing times, so make a new one to look at an earlier time")
        }
    }

    /// The pixels of the frame at `time` where `view` shows then; throws naming the view's
    /// box on the canvas when that holds no pixel (off the canvas, or of no width or height).
    func frame(of view: UIView, at time: TimeInterval) throws -> Bitmap {
        let frame = try self.frame(at: time)
        try checkShows(view)
        let shown = view.layer.shownFrame(onCanvasOf: rootView.layer)
        guard let shown, let cropped = frame.cropped(to: shown, scale: stage.canvas.scale) else {
            let number = PresentationDump.number as (CGFloat) -> String
            let place = shown.map { "its box there is \(number($0.width)) × \(number($0.height)) points at "
                + "(\(number($0.minX)), \(number($0.minY)))" } ?? "a perspective puts it behind the eye"
            throw SnapshotStrategyError("the \(type(of: view)) shows on no pixel of the canvas at t = \(time) s: \(place)")
        }
        return cropped
    }

    /// Throws unless `view` is in the recording's view tree.
    func checkShows(_ view: UIView) throws {
        guard view.layer.isDescendant(of: rootView.layer) else {
            throw SnapshotStrategyError("the \(type(of: view)) is not in the recorder's view tree: add it under recorder.rootView")
        }
    }

    /// The time, then the lines of `layer`'s subtree at `time`, ending with a newline.
    func presentationText(of layer: CALayer, at time: TimeInterval) throws -> String {
        try runForward(to: time)
        return (["t = \(PresentationDump.number(time)) s"] + PresentationDump.lines(of: layer)).joined(separator: "\n") + "\n"
    }
}
