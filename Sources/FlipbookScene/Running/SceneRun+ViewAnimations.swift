import Foundation
import FlipbookUIKit

/// Runs the UIView animation verbs: each calls the API with the same name, with the
/// verb's actions inside the animations closure, so nested blocks nest as in code.
///
/// Every block records a `completion` event when its completion runs (named by the
/// block's `name`, or null), then runs its `completion:` actions in that same turn, at
/// the exact virtual time the block finished (V17).
extension SceneRun {
    func perform(_ spec: ViewAnimationSpec) {
        let animations: @MainActor () -> Void = { [unowned self] in
            if let count = spec.repeatCount { UIView.setAnimationRepeatCount(count) }
            for action in spec.actions { perform(action) }
        }
        let completion = completionHandler(name: spec.name, then: spec.completion)
        if let spring = spec.spring {
            UIView.animate(withDuration: spec.duration, delay: spec.delay, usingSpringWithDamping: spring.damping,
                           initialSpringVelocity: spring.velocity, options: spec.options,
                           animations: animations, completion: completion)
        } else {
            UIView.animate(withDuration: spec.duration, delay: spec.delay, options: spec.options,
                           animations: animations, completion: completion)
        }
    }

    func perform(_ spec: KeyframeAnimationSpec) {
        UIView.animateKeyframes(withDuration: spec.duration, delay: spec.delay, options: spec.options, animations: {
            [unowned self] in
            for action in spec.actions { perform(action) }
            for keyframe in spec.keyframes {
                UIView.addKeyframe(withRelativeStartTime: keyframe.start, relativeDuration: keyframe.duration) {
                    for action in keyframe.actions { self.perform(action) }
                }
            }
        }, completion: completionHandler(name: spec.name, then: spec.completion))
    }

    /// `performChecked`, so a block that changes a view it deletes is a run-time error
    /// at this action (V15).
    func perform(_ spec: SystemAnimationSpec) {
        let place = location
        let views = spec.views.compactMap(view)
        var animations: (@MainActor () -> Void)?
        if let actions = spec.actions {
            animations = { [unowned self] in for action in actions { perform(action) } }
        }
        do {
            try UIView.performChecked(spec.animation, on: views, options: spec.options, animations: animations,
                                      completion: completionHandler(name: spec.name, then: spec.completion))
        } catch {
            location = place
            fail("at t = \(time) s, performSystemAnimation on \(spec.views.joined(separator: ", ")): \(error)")
        }
    }

    /// beginAnimations, a delegate whose did-stop records the completion and runs
    /// `didStop`, the settings given, the actions, commitAnimations (V16).
    func perform(_ spec: LegacyAnimationSpec) {
        UIView.beginAnimations(spec.name, context: nil)
        UIView.setAnimationDelegate(LegacyAnimationRecorder(didStop: { [unowned self] id, finished in
            completionHandler(name: id, then: spec.didStop)(finished)
        }))
        if let duration = spec.duration { UIView.setAnimationDuration(duration) }
        if let delay = spec.delay { UIView.setAnimationDelay(delay) }
        if let curve = spec.curve { UIView.setAnimationCurve(curve) }
        if let count = spec.repeatCount { UIView.setAnimationRepeatCount(count) }
        if let autoreverses = spec.repeatAutoreverses { UIView.setAnimationRepeatAutoreverses(autoreverses) }
        if let fromCurrent = spec.beginsFromCurrentState { UIView.setAnimationBeginsFromCurrentState(fromCurrent) }
        if let transition = spec.transition, let view = resolveView(transition.viewID) {
            UIView.setAnimationTransition(transition.type, for: view, cache: true)
        }
        for action in spec.actions { perform(action) }
        UIView.commitAnimations()
    }

    /// `transition(with:)` with the actions as its block, or `transition(from:to:)` (TR1–TR3).
    func perform(_ spec: ViewTransitionSpec) {
        let completion = completionHandler(name: spec.name, then: spec.completion)
        switch spec.views {
        case .with(let id):
            guard let container = resolveView(id) else { return }
            UIView.transition(with: container, duration: spec.duration, options: spec.options, animations: {
                [unowned self] in
                for action in spec.actions { perform(action) }
            }, completion: completion)
        case .fromTo(let fromID, let toID):
            guard let from = resolveView(fromID), let to = resolveView(toID) else { return }
            // UIKit puts `to` where `from` is, in from's superview: not inside `to` itself.
            if !spec.options.contains(.showHideTransitionViews), let container = from.superview,
               container.isDescendant(of: to) {
                return fail("cannot transition from '\(fromID)' to '\(toID)' at t = \(time) s: '\(toID)' holds "
                            + "'\(fromID)', so it cannot take its place")
            }
            UIView.transition(from: from, to: to, duration: spec.duration, options: spec.options, completion: completion)
        }
    }

    /// A completion that records its event, then runs `actions`; nothing once the run has failed.
    private func completionHandler(name: String?, then actions: [Action]) -> @MainActor (Bool) -> Void {
        { [unowned self] finished in
            guard failure == nil else { return }
            record(.completion(name: name, finished: finished))
            for action in actions { perform(action) }
        }
    }
}

/// The delegate of a scene's `beginAnimations` block: hands its did-stop to the run.
@MainActor
private final class LegacyAnimationRecorder: UIViewAnimationDelegate {
    let didStop: @MainActor (String?, Bool) -> Void

    init(didStop: @escaping @MainActor (String?, Bool) -> Void) { self.didStop = didStop }

    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {
        didStop(animationID, finished)
    }
}
