import FlipbookRecorder
import FlipbookRender
import FlipbookStage
import FlipbookUIKit
import Foundation

/// A recording probed at chosen virtual times, for tests: what a view shows, the drawn
/// frame, the event log so far. Each call runs the recording forward to its time; a time
/// before the one reached is an error (the clock only moves forward).
@MainActor
extension Recorder {
    /// Runs the recording to `time` seconds: everything due by then happens.
    /// - Throws: `SnapshotError` for a time that is not finite, is past
    ///   `Canvas.longestDuration` or before the time reached, or a frame rate out of range
    ///   (frames are what time moves through); the `Failure` of a time `at(_:perform:)` refused,
    ///   or of an animation on the canvas added before the recorder was made.
    public func run(until time: TimeInterval) throws {
        if let problem = setUpProblem() { throw problem }
        guard time.isFinite else { throw SnapshotError("t = \(time) s is not a time: give a finite number of seconds") }
        if let problem = stage.canvas.fpsProblem { throw SnapshotError("cannot run the recording: \(problem)") }
        let canvas = stage.canvas
        guard time <= canvas.longestDuration else {
            throw SnapshotError("t = \(time) s is past the longest recording, \(canvas.longestDuration) s at \(canvas.fps) fps")
        }
        guard time >= stage.time else {
            throw SnapshotError("the recording is at t = \(stage.time) s and cannot go back to t = \(time) s: ask for times in increasing order")
        }
        stage.run(until: time)
    }

    /// What `view` shows at `time`: its layer's presentation (the model where nothing
    /// animates), as the renderer draws it (CA8).
    public func presentation(of view: UIView, at time: TimeInterval) throws -> CALayer {
        try presentation(of: view.layer, at: time)
    }

    /// What `layer` shows at `time`: its presentation (the model where nothing animates).
    public func presentation(of layer: CALayer, at time: TimeInterval) throws -> CALayer {
        try run(until: time)
        return layer.presentation() ?? layer
    }

    /// The event log up to and including `time`.
    public func events(until time: TimeInterval) throws -> [SceneEvent] {
        try run(until: time)
        return events
    }

    /// The frame at `time`, drawn as a render would draw it.
    /// - Throws: as `run(until:)`, and `SnapshotError` for a canvas out of range.
    public func image(at time: TimeInterval) throws -> Bitmap {
        try run(until: time)
        if let problem = stage.canvas.problem { throw SnapshotError("cannot draw the recording: \(problem)") }
        return try Compositor().render(stage.renderTree())
    }
}
