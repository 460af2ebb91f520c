import FlipbookUIKit
import Foundation

extension Scene {
    /// How long a render of the scene lasts, in seconds: `canvas.duration`, else until
    /// nothing is animating and no timeline entry or completion is left, at most 600 s.
    ///
    /// Found by running the scene once, to the end, on a stage of its own (a render then
    /// runs it again on another): the run also finds any rule the timeline breaks when it
    /// runs, so a scene whose duration is known renders completely.
    /// - Throws: the `SceneError` of a broken run-time rule, at the action that broke it;
    ///   one for golden frames beyond the last frame.
    @MainActor
    public func duration() throws -> Double {
        let previousClock = VirtualRunLoop.current
        defer { previousClock.makeCurrent() }
        let trial = SceneRun(scene: self)
        let idle = trial.runUntilIdle(limit: canvas.duration ?? Canvas.maximumDuration)
        if let failure = trial.failure { throw failure }
        let duration = canvas.duration ?? idle
        try golden?.check(frameCount: frameCount(duration: duration))
        return duration
    }

    /// A warning for a scene that runs to the cap: no `canvas.duration` and still
    /// animating (an animation that repeats forever, say) at `Canvas.maximumDuration`, so
    /// it lasts that long; nil for any other. `duration` is what `duration()` gave.
    public func durationWarning(duration: Double) -> String? {
        guard canvas.duration == nil, duration >= Canvas.maximumDuration else { return nil }
        return "\(file): the scene still animates at \(Int(Canvas.maximumDuration)) s (an animation repeats forever?) "
            + "and gives no canvas.duration, so it lasts the cap of \(Int(Canvas.maximumDuration)) s; give canvas.duration"
    }
}
