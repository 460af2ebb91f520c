import Foundation

/// A block's completion: called once, when the last of its animations stops, with
/// whether all of them finished (FACTS §6).
extension UIViewAnimationBlock {
    func animationDidStart() {
        guard !hasStarted else { return }
        hasStarted = true
        willStart?()
    }

    func animationDidStop(finished: Bool) {
        pending -= 1
        allFinished = allFinished && finished
        completeIfDone()
    }

    /// Calls the completion once the block is committed and its last animation has stopped.
    ///
    /// It runs in a new turn at the current virtual time, so a completion that starts
    /// another block starts it exactly when this one ended (V17).
    func completeIfDone() {
        guard isCommitted, pending == 0 else { return }
        isCommitted = false
        let (finished, willStart, completion) = (allFinished, hasStarted ? nil : willStart, completion)
        self.willStart = nil
        self.completion = nil
        for tracker in trackers { tracker.blockAnimationsEnded() }
        VirtualRunLoop.current.schedule(at: CACurrentMediaTime()) { [trackers] in
            willStart?()
            completion?(finished)
            for tracker in trackers { tracker.blockCompleted() }
        }
    }
}

/// Tells a block when its animations start and stop.
@MainActor
final class BlockAnimationDelegate: @MainActor CAAnimationDelegate {
    let block: UIViewAnimationBlock

    init(block: UIViewAnimationBlock) { self.block = block }

    func animationDidStart(_ anim: CAAnimation) { block.animationDidStart() }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        block.animationDidStop(finished: flag)
    }
}
