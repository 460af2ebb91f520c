extension VirtualRunLoop {
    /// The run loop that UIKit's and Core Animation's static API works on:
    /// `CATransaction`, `UIView.animate`, `CACurrentMediaTime()` and layers' implicit
    /// animations have no receiver, so they reach their run loop through here.
    ///
    /// The run loop made or made current last; a new one when there is none yet.
    public static var current: VirtualRunLoop { currentRunLoop ?? VirtualRunLoop() }

    /// Not guarded: like the layers, the run loop is used from one thread at a time, the
    /// one driving its stage (a `Stage` is on the main actor).
    nonisolated(unsafe) private static var currentRunLoop: VirtualRunLoop?

    /// Makes this run loop `current`: what a `Stage` calls whenever it works, so that stages
    /// side by side each use their own. `performTurn(_:)`, `advance(to:)` and
    /// `schedule(at:_:)` call it before they run or take work.
    public func makeCurrent() { Self.currentRunLoop = self }
}

/// The current virtual time of `VirtualRunLoop.current`, in seconds.
public func CACurrentMediaTime() -> Double { VirtualRunLoop.current.now }
