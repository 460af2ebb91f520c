import Foundation
import FlipbookUIKit

/// Runs the view-controller verbs: each calls UIKit's `present(_:animated:completion:)`
/// or `dismiss(animated:completion:)` (VC1–VC3).
///
/// The canvas is the window and the root view controller's view. A view named in
/// `from` (or `dismiss`'s `id`) is the root view of a view controller made for it on
/// first use; a presented view controller's id names its view. A `transitioning` block
/// becomes the presented view controller's transitioning delegate, for that call only
/// (without one, UIKit's standard slide runs). A completed transition records
/// `{"event":"completion","name":id,"finished":true}` and runs `completion`; a cancelled
/// one records `"finished":false,"cancelled":true` and runs nothing (UIKit calls no
/// completion then). `name` is the presented view controller's id.
extension SceneRun {
    /// The view controllers a run has made.
    final class ViewControllers {
        /// By the id of their root view.
        var byViewID: [String: UIViewController] = [:]
        /// The canvas's.
        var root: UIViewController?
        /// The transitioning delegates of the calls so far (view controllers hold theirs weakly).
        var delegates: [SceneTransitioningDelegate] = []
    }

    /// The view controller whose root view is `id`'s, made on first use; the canvas's for nil.
    private func viewController(forView id: String?) -> UIViewController? {
        let registry = viewControllers
        guard let id else {
            if let root = registry.root { return root }
            let root = UIViewController()
            root.view = rootView
            registry.root = root
            return root
        }
        if let controller = registry.byViewID[id] { return controller }
        guard let view = resolveView(id) else { return nil }
        let controller = UIViewController()
        controller.view = view
        registry.byViewID[id] = controller
        return controller
    }

    /// The id of `controller`'s root view, or "the canvas".
    private func name(of controller: UIViewController) -> String {
        viewControllers.byViewID.first { $0.value === controller }?.key ?? "the canvas"
    }

    func perform(_ spec: PresentSpec) {
        let place = location
        guard let presenter = viewController(forView: spec.from) else { return }
        let presenterName = spec.from.map { "'\($0)'" } ?? "the canvas"
        guard presenter.view.isDescendant(of: rootView) else {
            return fail("cannot present '\(spec.id)' from \(presenterName) at t = \(time) s: \(presenterName) is not on the canvas")
        }
        let presented: UIViewController
        if let viewSpec = spec.view, viewControllers.byViewID[spec.id] == nil {
            presented = UIViewController()
            presented.view = makeView(viewSpec)
            viewControllers.byViewID[spec.id] = presented
        } else if let existing = viewControllers.byViewID[spec.id] {
            presented = existing
        } else {
            return fail("'\(spec.id)' is a view, not a view controller: the first present of a view controller gives its view with 'view'")
        }
        if let problem = presenter.checkPresent(presented) {
            return fail("cannot present '\(spec.id)' from \(presenterName) at t = \(time) s: \(problem)")
        }
        run(spec.transition, of: presented, name: spec.id, at: place) { animated, completion in
            presenter.present(presented, animated: animated, completion: completion)
        }
    }

    func perform(_ spec: DismissSpec) {
        let place = location
        guard let controller = viewController(forView: spec.id) else { return }
        if let problem = controller.checkDismiss() {
            return fail("cannot dismiss '\(spec.id)' at t = \(time) s: \(problem)")
        }
        let dismissed = controller.presentedViewController ?? controller
        run(spec.transition, of: dismissed, name: name(of: dismissed), at: place) { animated, completion in
            controller.dismiss(animated: animated, completion: completion)
        }
    }

    /// Makes `call` (a present or dismiss) with the transition's delegate on `controller`,
    /// the controller it moves, then drives its interaction, if any.
    private func run(_ transition: PresentationTransition, of controller: UIViewController, name: String,
                     at place: SceneError.Location?, call: (Bool, @escaping @MainActor () -> Void) -> Void) {
        controller.transitioningDelegate = delegate(transition.transitioning, transition.interactive, name: name)
        call(transition.animated, completion(name: name, then: transition.completion))
        location = place
        if let interactive = transition.interactive { drive(controller.transitioningDelegate, by: interactive) }
    }

    /// A delegate giving the scene's animator (and interaction controller), or nil for UIKit's own.
    private func delegate(_ transitioning: TransitioningSpec?, _ interactive: InteractiveSpec?,
                          name: String) -> SceneTransitioningDelegate? {
        guard let transitioning else { return nil }
        let interaction = interactive.map { spec in
            let interaction = UIPercentDrivenInteractiveTransition()
            interaction.completionSpeed = spec.completionSpeed
            return interaction
        }
        let delegate = SceneTransitioningDelegate(
            animator: SceneTransitionAnimator(run: self, name: name, spec: transitioning), interaction: interaction)
        viewControllers.delegates.append(delegate)
        return delegate
    }

    private func completion(name: String, then actions: [Action]) -> @MainActor () -> Void {
        { [unowned self] in
            guard failure == nil else { return }
            record(.completion(name: name, finished: true))
            for action in actions { perform(action) }
        }
    }

    /// Feeds the gesture to the interaction controller: `update(_:)` at each point and at
    /// every frame time in between (as a pan gesture reports once per frame), then on
    /// release `finish()` above 50 %, else `cancel()`.
    ///
    /// Each update schedules the next, so the run loop holds one of them at a time: a
    /// long gesture at a high frame rate costs time linear in its updates.
    private func drive(_ delegate: UIViewControllerTransitioningDelegate?, by gesture: InteractiveSpec) {
        guard let interaction = (delegate as? SceneTransitioningDelegate)?.interaction else { return }
        let start = time
        var updates = GestureUpdates(gesture, startingAt: start, canvas: scene.canvas)
        func scheduleNext() {
            guard let t = updates.next() else {
                stage.schedule(at: start + gesture.release) { [unowned self] in
                    guard failure == nil else { return }
                    let percent = gesture.percent(at: gesture.release)
                    interaction.update(percent)
                    if percent > 0.5 { interaction.finish() } else { interaction.cancel() }
                }
                return
            }
            stage.schedule(at: t) { [unowned self] in
                guard failure == nil else { return }
                interaction.update(gesture.percent(at: t - start))
                scheduleNext()
            }
        }
        scheduleNext()
    }

    /// `animateTransition(using:)` of a scene's animator: binds `$container`, `$from`
    /// and `$to` to the context's views, runs the actions, and completes the transition
    /// once the blocks they begin have completed.
    fileprivate func animateTransition(_ spec: TransitioningSpec, name: String,
                                       context: UIViewControllerContextTransitioning) {
        let contextViews: [String: UIView?] = ["$container": context.containerView,
                                               "$from": context.view(forKey: .from), "$to": context.view(forKey: .to)]
        for (id, view) in contextViews { views[id] = view }
        for id in spec.mentions.sorted() where (contextViews[id] ?? nil) == nil {
            return fail("'\(id)' has no view in the transition of '\(name)' at t = \(time) s: the presenting view "
                        + "controller's view is the canvas, which stays where it is; present from a view with 'from'",
                        at: spec.location)
        }
        UIView.whenAnimationsComplete(beganIn: {
            for action in spec.actions { perform(action) }
        }, { [weak context] in
            guard let context else { return }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// The times a scripted gesture reports, in order, each once: its points' times, and
/// every frame time after the call, from the first point on, before the release.
struct GestureUpdates: IteratorProtocol {
    private var points: ArraySlice<Double>
    private var frame: Int
    private let start: Double
    private let firstPoint: Double
    private let release: Double
    private let canvas: Canvas

    init(_ gesture: InteractiveSpec, startingAt start: Double, canvas: Canvas) {
        points = ArraySlice(gesture.progress.map { start + $0.time })
        firstPoint = points.first ?? start
        frame = Int((start * canvas.fps).rounded(.down))
        self.start = start
        release = start + gesture.release
        self.canvas = canvas
    }

    mutating func next() -> Double? {
        var frameTime = canvas.time(ofFrame: frame)
        while frameTime < release, frameTime <= start || frameTime < firstPoint {
            frame += 1
            frameTime = canvas.time(ofFrame: frame)
        }
        let nextFrame = frameTime < release ? frameTime : nil
        let t: Double
        switch (points.first, nextFrame) {
        case (let point?, let frame?): t = min(point, frame)
        case (let point?, nil): t = point
        case (nil, let frame?): t = frame
        case (nil, nil): return nil
        }
        while points.first == t { points.removeFirst() }
        if nextFrame == t { frame += 1 }
        return t
    }
}

/// The transitioning delegate of a scene's present or dismiss.
@MainActor
final class SceneTransitioningDelegate: UIViewControllerTransitioningDelegate {
    let animator: SceneTransitionAnimator
    let interaction: UIPercentDrivenInteractiveTransition?

    init(animator: SceneTransitionAnimator, interaction: UIPercentDrivenInteractiveTransition?) {
        self.animator = animator
        self.interaction = interaction
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        animator
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// The animator of a scene's `transitioning` block.
@MainActor
final class SceneTransitionAnimator: UIViewControllerAnimatedTransitioning {
    unowned let run: SceneRun
    let name: String
    let spec: TransitioningSpec

    init(run: SceneRun, name: String, spec: TransitioningSpec) {
        self.run = run
        self.name = name
        self.spec = spec
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        spec.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        run.animateTransition(spec, name: name, context: transitionContext)
    }

    func animationEnded(_ transitionCompleted: Bool) {
        guard !transitionCompleted, run.failure == nil else { return }
        run.record(.transitionCancelled(name: name))
    }
}
