import Foundation

/// The UIView animation blocks begun while it tracks: the Core Animation animations they
/// add, the model values they change, and when they are done. UIKit keeps the same
/// record (its private animation tracking) to drive a transition's animations from an
/// interaction controller (`UIPercentDrivenInteractiveTransition`).
///
/// Blocks begun inside a tracked block count too; blocks begun later, in completions,
/// do not.
@MainActor
final class UIViewAnimationTracker {
    /// An animation a tracked block added, as it runs on its layer.
    struct Tracked {
        let layer: CALayer
        let key: String
        let animation: CAAnimation
        /// When it starts, after the tracking began, in its layer's time.
        let delay: Double
    }

    private(set) var animations: [Tracked] = []
    /// Each changed property once, with the value it had before the first change.
    private(set) var changes: [(view: UIView, key: String, from: AnimationValue)] = []
    /// Blocks whose animations have not all stopped.
    private var running = 0
    /// Blocks whose completion has not run.
    private var uncompleted = 0
    private var isTracking = false
    private var animationsEnded: [@MainActor () -> Void] = []
    private var completed: [@MainActor () -> Void] = []

    /// Runs `body` with this tracker recording the blocks it begins.
    func track(_ body: () -> Void) {
        let state = UIViewAnimationState.current
        state.trackers.append(self)
        isTracking = true
        body()
        isTracking = false
        state.trackers.removeAll { $0 === self }
        notify()
    }

    /// Calls `handler` once every tracked block's animations have stopped (at once if they
    /// have), in the turn the last one stops, before the last block's completion runs.
    func whenAnimationsEnd(_ handler: @escaping @MainActor () -> Void) {
        animationsEnded.append(handler)
        notify()
    }

    /// Calls `handler` once every tracked block has run its completion (at once if they have).
    func whenCompleted(_ handler: @escaping @MainActor () -> Void) {
        completed.append(handler)
        notify()
    }

    // MARK: Told by the blocks

    func blockBegan() {
        running += 1
        uncompleted += 1
    }

    func animationAdded(_ animation: CAAnimation, key: String, on layer: CALayer) {
        let delay = animation.beginTime - layer.localTime(at: CACurrentMediaTime())
        animations.append(Tracked(layer: layer, key: key, animation: animation, delay: max(delay, 0)))
    }

    func changed(_ view: UIView, key: String, from: AnimationValue) {
        guard !changes.contains(where: { $0.view === view && $0.key == key }) else { return }
        changes.append((view, key, from))
    }

    func blockAnimationsEnded() {
        running -= 1
        notify()
    }

    func blockCompleted() {
        uncompleted -= 1
        notify()
    }

    private func notify() {
        guard !isTracking else { return }
        if running == 0, !animationsEnded.isEmpty {
            let handlers = animationsEnded
            animationsEnded = []
            for handler in handlers { handler() }
        }
        if uncompleted == 0, !completed.isEmpty {
            let handlers = completed
            completed = []
            for handler in handlers { handler() }
        }
    }

    // MARK: Driving

    /// The tracked animations still on their layers.
    private var attached: [Tracked] {
        animations.filter { $0.layer.animation(forKey: $0.key) === $0.animation }
    }

    /// Holds every tracked animation still (speed 0) where it is `time` seconds after the
    /// tracking began: its own time offset, clamped to its active interval.
    func hold(at time: Double) {
        heldTime = time
        for tracked in attached {
            let timing = tracked.animation.timing
            var offset = max(time - tracked.delay, 0)
            if timing.activeDuration.isFinite { offset = min(offset, timing.activeDuration) }
            tracked.animation.speed = 0
            tracked.animation.timeOffset = offset
        }
    }

    /// The time `hold(at:)` last held the animations at.
    private(set) var heldTime = 0.0

    /// Runs the held animations on from where they are at `speed` times their own pace:
    /// forward to their ends, or backward to their starts, where they stay (not removed)
    /// until `settleReversed()`.
    func resume(reversed: Bool, speed: Double) {
        let pace = Double(Float(speed))
        for tracked in attached {
            let animation = tracked.animation
            let activeDuration = animation.timing.activeDuration
            let local = tracked.layer.localTime(at: CACurrentMediaTime())
            let elapsed = heldTime - tracked.delay
            if !reversed {
                animation.speed = Float(pace)
                animation.timeOffset = 0
                animation.beginTime = local - elapsed / pace
            } else if activeDuration.isFinite {
                // Own time runs from activeDuration down to 0 over the active interval.
                let done = min(max(elapsed, 0), activeDuration)
                animation.speed = -Float(pace)
                animation.timeOffset = activeDuration
                animation.beginTime = local - (activeDuration - done) / pace
                animation.isRemovedOnCompletion = false
            } else {
                tracked.layer.removeAnimation(forKey: tracked.key)
            }
        }
    }

    /// After a reversed run: puts every changed property's model value back to what it
    /// was before the blocks, and removes their animations (held at their starts).
    func settleReversed() {
        UIView.performWithoutAnimation {
            for change in changes { change.view.layer.setValue(change.from, forAnimatableKeyPath: change.key) }
        }
        for tracked in attached { tracked.layer.removeAnimation(forKey: tracked.key) }
    }
}

extension UIView {
    /// Flipbook's, not UIKit's: runs `body`, then calls `completion` once every UIView
    /// animation block begun in it has run its completion (at once when it begins none).
    /// How a scene's `transitioning` block completes its transition.
    package static func whenAnimationsComplete(beganIn body: () -> Void,
                                               _ completion: @escaping @MainActor () -> Void) {
        let tracker = UIViewAnimationTracker()
        tracker.track(body)
        tracker.whenCompleted(completion)
    }
}
