import Foundation
import FlipbookUIKit

/// `animate:`: `UIView.animate(withDuration:delay:options:animations:completion:)`, or
/// its spring variant when `spring` is given.
struct ViewAnimationSpec: Sendable, Equatable {
    let name: String?
    let duration: Double
    let delay: Double
    let options: UIView.AnimationOptions
    let spring: Spring?
    /// `UIView.setAnimationRepeatCount`, called inside the block.
    let repeatCount: Float?
    let actions: [Action]
    let completion: [Action]

    /// `usingSpringWithDamping:initialSpringVelocity:`.
    struct Spring: Sendable, Equatable {
        let damping: Double
        let velocity: Double
    }
}

/// `animateKeyframes:`: `UIView.animateKeyframes(…)`, the block's own changes first,
/// then one `addKeyframe` per keyframe, in order.
struct KeyframeAnimationSpec: Sendable, Equatable {
    let name: String?
    let duration: Double
    let delay: Double
    let options: UIView.KeyframeAnimationOptions
    let actions: [Action]
    let keyframes: [Keyframe]
    let completion: [Action]

    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: fractions of the duration.
    struct Keyframe: Sendable, Equatable {
        let start: Double
        let duration: Double
        let actions: [Action]
    }
}

/// `performSystemAnimation:`: `UIView.perform(_:on:options:animations:completion:)`.
struct SystemAnimationSpec: Sendable, Equatable {
    let name: String?
    let animation: UIView.SystemAnimation
    /// View ids.
    let views: [String]
    let options: UIView.AnimationOptions
    let actions: [Action]?
    let completion: [Action]
}

/// `transition:`: `UIView.transition(with:…)` when `with` names the container, or
/// `UIView.transition(from:to:…)` when `from` and `to` name the views.
struct ViewTransitionSpec: Sendable, Equatable {
    enum Views: Sendable, Equatable {
        case with(String)
        case fromTo(String, String)
    }

    let name: String?
    let views: Views
    let duration: Double
    let options: UIView.AnimationOptions
    /// The block of `transition(with:)`; none for `from`/`to`.
    let actions: [Action]
    let completion: [Action]
}

/// `beginAnimations:`: `beginAnimations(name, context: nil)`, a delegate for `didStop`,
/// the `setAnimation…` calls given, the actions, `commitAnimations()`.
struct LegacyAnimationSpec: Sendable, Equatable {
    /// The animationID.
    let name: String?
    let duration: Double?
    let delay: Double?
    let curve: UIView.AnimationCurve?
    let repeatCount: Float?
    let repeatAutoreverses: Bool?
    let beginsFromCurrentState: Bool?
    /// `setAnimationTransition(_:for:cache:)`.
    let transition: Transition?
    let actions: [Action]
    let didStop: [Action]

    /// `setAnimationTransition(_:for:cache:)`: the transition and the id of its view.
    struct Transition: Sendable, Equatable {
        let type: UIView.AnimationTransition
        let viewID: String
    }
}

extension Action {
    /// The actions a view animation block holds (its block, keyframes and completion),
    /// for walking the whole timeline; none for other actions.
    var viewAnimationActions: [Action] {
        switch self {
        case .animate(let spec): spec.actions + spec.completion
        case .animateKeyframes(let spec): spec.actions + spec.keyframes.flatMap(\.actions) + spec.completion
        case .performWithoutAnimation(let actions): actions
        case .performSystemAnimation(let spec): (spec.actions ?? []) + spec.completion
        case .beginAnimations(let spec): spec.actions + spec.didStop
        case .transition(let spec): spec.actions + spec.completion
        default: []
        }
    }
}
