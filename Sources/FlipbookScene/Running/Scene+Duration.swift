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
}
