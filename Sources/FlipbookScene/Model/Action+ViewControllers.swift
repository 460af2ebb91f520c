import Foundation
import FlipbookUIKit

/// `present:`: `presenter.present(viewController, animated:completion:)` (VC1–VC3).
struct PresentSpec: Sendable, Equatable {
    /// The presented view controller's id, which also names its root view.
    let id: String
    /// The root view, on the view controller's first presentation; nil to present it again.
    let view: ViewSpec?
    /// The id of the presenting view controller's view; nil for the canvas's (the root
    /// view controller's).
    let from: String?
    let transition: PresentationTransition
}

/// `dismiss:`: `viewController.dismiss(animated:completion:)`.
struct DismissSpec: Sendable, Equatable {
    /// A view controller's id (or the id of a view a `present` names in `from`).
    let id: String
    let transition: PresentationTransition
}

/// How a present or dismiss runs: `animated`, the scene's own animator and interaction
/// (nil for UIKit's standard slide), and the completion's actions.
struct PresentationTransition: Sendable, Equatable {
    let animated: Bool
    let transitioning: TransitioningSpec?
    let interactive: InteractiveSpec?
    let completion: [Action]
}

/// `transitioning: {duration, do}`: a custom `UIViewControllerAnimatedTransitioning`
/// whose `animateTransition(using:)` runs the actions, with `$container`, `$from` and
/// `$to` naming the context's views, and calls `completeTransition(!transitionWasCancelled)`
/// once every animation block they begin has completed.
struct TransitioningSpec: Sendable, Equatable {
    /// `transitionDuration(using:)`.
    let duration: Double
    let actions: [Action]
    /// The context views the actions name (`$container`, `$from`, `$to`), checked when
    /// the transition starts: a context may have no `$from` or `$to`.
    let mentions: Set<String>
    let location: SceneError.Location
}

/// `interactive: {progress: [[t, p], …], release: t, completionSpeed}`: a
/// `UIPercentDrivenInteractiveTransition` fed by a scripted gesture.
struct InteractiveSpec: Sendable, Equatable {
    /// The gesture's points, times increasing.
    let progress: [Point]
    /// When the gesture ends: `finish()` if the progress then is above 0.5, else `cancel()`.
    let release: Double
    let completionSpeed: Double

    /// Where the gesture is `time` seconds after the present or dismiss call: `percent` 0…1.
    struct Point: Sendable, Equatable {
        let time: Double
        let percent: Double
    }

    /// The gesture's progress `t` seconds after the call: nothing before the first point
    /// (0), linear between points, the last value after the last.
    func percent(at t: Double) -> Double {
        guard let first = progress.first, t >= first.time else { return 0 }
        // The first point after t, found by halving: a gesture may have many points.
        var (low, high) = (1, progress.count)
        while low < high {
            let middle = (low + high) / 2
            if progress[middle].time > t { high = middle } else { low = middle + 1 }
        }
        guard low < progress.count else { return progress[progress.count - 1].percent }
        let (a, b) = (progress[low - 1], progress[low])
        return a.percent + (b.percent - a.percent) * (t - a.time) / (b.time - a.time)
    }
}

extension Action {
    /// The actions a present or dismiss holds (its transitioning block and completion),
    /// for walking the whole timeline; none for other actions.
    var viewControllerActions: [Action] {
        switch self {
        case .present(let spec): spec.transition.actions
        case .dismiss(let spec): spec.transition.actions
        default: []
        }
    }
}

extension PresentationTransition {
    /// The transitioning block's actions and the completion's.
    var actions: [Action] { (transitioning?.actions ?? []) + completion }
}
