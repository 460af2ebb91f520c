import Foundation

extension VirtualRunLoop {
    /// The run loop that UIKit's and Core Animation's static API works on:
    /// `CATransaction`, `UIView.animate`, `CACurrentMediaTime()` and layers' implicit
    /// animations have no receiver, so they reach their run loop through here.
    ///
    /// The run loop made or made current last, while something holds it (a stage, or the
    /// code that made it); otherwise the set-up run loop: the one code works on before its
    /// recording is made, which the next recording takes as its own (`forNewRecording()`),
    /// so that what was set up plays in it from its start. As in UIKit, there is one clock
    /// for the code before a recording and the recording.
    public static var current: VirtualRunLoop {
        if let currentRunLoop { return currentRunLoop }
        let setUp = setUpRunLoop ?? VirtualRunLoop()
        setUpRunLoop = setUp
        setUp.makeCurrent()
        return setUp
    }

    /// Not guarded: like the layers, the run loop is used from one thread at a time, the
    /// one driving its stage (a `Stage` is on the main actor). Weak, so that a run loop
    /// nothing else holds — a recording let go, a test's own — stops taking the work of
    /// the code that comes after it.
    nonisolated(unsafe) private static weak var currentRunLoop: VirtualRunLoop?
    /// The run loop of work done while no other was current, until a recording takes it.
    nonisolated(unsafe) private static var setUpRunLoop: VirtualRunLoop?

    /// Makes this run loop `current`: what a `Stage` calls whenever it works, so that stages
    /// side by side each use their own. `performTurn(_:)`, `advance(to:)` and
    /// `schedule(at:_:)` call it before they run or take work.
    public func makeCurrent() { Self.currentRunLoop = self }

    /// The run loop for a recording being made: the set-up run loop when it is current and
    /// its clock has not moved, so that the animations, transactions, main-queue work and
    /// property animators of the code before the recording play in it; else a new one.
    /// Either way it is current, and no longer the set-up run loop.
    package static func forNewRecording() -> VirtualRunLoop {
        guard let setUp = setUpRunLoop, currentRunLoop === setUp, setUp.now == 0 else { return VirtualRunLoop() }
        setUpRunLoop = nil
        return setUp
    }

    /// Stops being `current`, if it is: what a recording does once it has rendered, so that
    /// the code after it sets up the next recording on the set-up run loop.
    package func resignCurrent() {
        if Self.currentRunLoop === self { Self.currentRunLoop = nil }
    }
}

/// The current virtual time of `VirtualRunLoop.current`, in seconds.
public func CACurrentMediaTime() -> Double { VirtualRunLoop.current.now }
