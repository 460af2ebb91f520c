import Foundation
import FlipbookUIKit

/// Runs `animator` and `animatorCall`: each makes, calls or sets exactly what the
/// verb names on a `UIViewPropertyAnimator` (PA1–PA7).
///
/// A call UIKit rejects (PA2) is never made: the animator's `check(_:)` is asked first,
/// and a rejection is a run-time error at the action, naming the time and the animator.
/// Every state change logs `animatorState`; every completion the scene gave the animator
/// (its `completion`, each `addCompletion`) logs `completion` with the animator's id and
/// the position, then runs its actions.
extension SceneRun {
    func perform(_ spec: AnimatorSpec) {
        let place = location
        var animations: (@MainActor () -> Void)?
        if !spec.actions.isEmpty {
            animations = { [unowned self] in for action in spec.actions { perform(action) } }
        }
        let completion = completionHandler(animator: spec.id, then: spec.completion)
        let animator: UIViewPropertyAnimator
        switch (spec.timing, spec.running) {
        case (.curve(let curve), true):
            let option = UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)
            animator = .runningPropertyAnimator(withDuration: spec.duration, delay: spec.delay, options: option,
                                                animations: animations ?? {}, completion: completion)
        case (.curve(let curve), _):
            animator = UIViewPropertyAnimator(duration: spec.duration, curve: curve, animations: animations)
        case (.controlPoints(let point1, let point2), _):
            animator = UIViewPropertyAnimator(duration: spec.duration, controlPoint1: point1, controlPoint2: point2,
                                              animations: animations)
        case (.dampingRatio(let ratio), _):
            animator = UIViewPropertyAnimator(duration: spec.duration, dampingRatio: ratio, animations: animations)
        case (.parameters(let parameters), _):
            animator = UIViewPropertyAnimator(duration: spec.duration, timingParameters: parameters.make())
            animations.map { animator.addAnimations($0) }
        }
        if !spec.running { animator.addCompletion(completion) }
        animator.stateDidChange = { [unowned self] state in
            guard failure == nil else { return }
            record(.animatorState(id: spec.id, state: state))
        }
        // runningPropertyAnimator is active before it can be observed.
        if failure == nil, animator.state != .inactive { record(.animatorState(id: spec.id, state: animator.state)) }
        animators[spec.id] = animator
        for property in spec.properties { set(property, on: animator, id: spec.id, at: place) }
        if spec.start, allows(.start, animator, id: spec.id, at: place) {
            animator.startAnimation(afterDelay: spec.delay)
        }
    }

    func perform(_ spec: AnimatorCallSpec) {
        let place = location
        guard let animator = animators[spec.id] else {
            return fail("animator '\(spec.id)' does not exist yet at t = \(time) s: the animator action that makes it runs later")
        }
        for step in spec.steps where failure == nil {
            perform(step, on: animator, id: spec.id, at: place)
        }
    }

    private func perform(_ step: AnimatorCallSpec.Step, on animator: UIViewPropertyAnimator, id: String,
                         at place: SceneError.Location?) {
        switch step {
        case .startAnimation(let delay):
            guard allows(.start, animator, id: id, at: place) else { return }
            if let delay { animator.startAnimation(afterDelay: delay) } else { animator.startAnimation() }
        case .pauseAnimation:
            guard allows(.pause, animator, id: id, at: place) else { return }
            animator.pauseAnimation()
        case .stopAnimation(let withoutFinishing):
            guard allows(.stop, animator, id: id, at: place) else { return }
            animator.stopAnimation(withoutFinishing)
        case .finishAnimation(let position):
            guard allows(.finish, animator, id: id, at: place) else { return }
            animator.finishAnimation(at: position)
        case .continueAnimation(let parameters, let durationFactor):
            guard allows(.continueAnimation, animator, id: id, at: place) else { return }
            animator.continueAnimation(withTimingParameters: parameters?.make(), durationFactor: durationFactor)
        case .addAnimations(let actions, let delayFactor):
            let animations: @MainActor () -> Void = { [unowned self] in for action in actions { perform(action) } }
            if let delayFactor {
                animator.addAnimations(animations, delayFactor: delayFactor)
            } else {
                animator.addAnimations(animations)
            }
        case .addCompletion(let actions):
            animator.addCompletion(completionHandler(animator: id, then: actions))
        case .set(let property):
            set(property, on: animator, id: id, at: place)
        }
    }

    private func set(_ property: AnimatorProperty, on animator: UIViewPropertyAnimator, id: String,
                     at place: SceneError.Location?) {
        switch property {
        case .fractionComplete(let fraction):
            animator.fractionComplete = fraction
        case .isReversed(let reversed):
            animator.isReversed = reversed
        case .isInterruptible(let interruptible):
            guard allows(.setInterruptible, animator, id: id, at: place) else { return }
            animator.isInterruptible = interruptible
        case .isUserInteractionEnabled(let enabled):
            guard allows(.setUserInteractionEnabled, animator, id: id, at: place) else { return }
            animator.isUserInteractionEnabled = enabled
        case .scrubsLinearly(let linearly):
            animator.scrubsLinearly = linearly
        case .pausesOnCompletion(let pauses):
            animator.pausesOnCompletion = pauses
        }
    }

    /// Whether UIKit allows `operation` on the animator now; if not, records the failure
    /// ("at t = 1.0 s, finishAnimation(at:) needs a stopped animator; 'a1' is active").
    private func allows(_ operation: UIViewPropertyAnimator.Operation, _ animator: UIViewPropertyAnimator,
                        id: String, at place: SceneError.Location?) -> Bool {
        guard let problem = animator.check(operation) else { return true }
        fail("at t = \(time) s, \(problem.message(naming: "'\(id)'"))", at: place)
        return false
    }

    /// A completion that records its event, then runs `actions`; nothing once the run has failed.
    private func completionHandler(animator id: String, then actions: [Action])
        -> @MainActor (UIViewAnimatingPosition) -> Void {
        { [unowned self] position in
            guard failure == nil else { return }
            record(.animatorCompletion(name: id, position: position))
            for action in actions { perform(action) }
        }
    }
}
