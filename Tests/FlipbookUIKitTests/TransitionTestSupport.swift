import FlipbookUIKit
import Foundation

/// Seed 004's SlideInFromRightAnimator: over 0.5 s (UIView.animate's default curve) the
/// new view slides in from the right to fill the container while the old slides out left.
@MainActor
final class SlideInFromRightAnimator: UIViewControllerAnimatedTransitioning {
    /// The context's `transitionWasCancelled` when the animations completed, and what
    /// `animationEnded` heard.
    var cancelledAtCompletion: Bool?
    var ended: Bool?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let to = transitionContext.viewController(forKey: .to)!
        let from = transitionContext.viewController(forKey: .from)!
        let container = transitionContext.containerView
        let bounds = container.bounds
        to.view.frame = bounds.offsetBy(dx: bounds.width, dy: 0)
        container.addSubview(to.view)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            to.view.frame = bounds
            from.view.frame = bounds.offsetBy(dx: -bounds.width, dy: 0)
        }, completion: { [self] _ in
            cancelledAtCompletion = transitionContext.transitionWasCancelled
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { ended = transitionCompleted }
}

/// The same slide through an interruptible animator (a linear 0.5 s property animator),
/// which UIKit's interaction controller scrubs and finishes instead of the layers.
@MainActor
final class InterruptibleSlideAnimator: UIViewControllerAnimatedTransitioning {
    private var animator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext)?.startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating? {
        if let animator { return animator }
        let to = transitionContext.viewController(forKey: .to)!
        let from = transitionContext.viewController(forKey: .from)!
        let bounds = transitionContext.containerView.bounds
        to.view.frame = bounds.offsetBy(dx: bounds.width, dy: 0)
        transitionContext.containerView.addSubview(to.view)
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear) {
            to.view.frame = bounds
            from.view.frame = bounds.offsetBy(dx: -bounds.width, dy: 0)
        }
        animator.addCompletion { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }
}

/// A transitioning delegate giving one animator for both directions and, when set, an
/// interaction controller.
@MainActor
final class TransitionDelegate: UIViewControllerTransitioningDelegate {
    let animator: UIViewControllerAnimatedTransitioning
    var interaction: UIPercentDrivenInteractiveTransition?

    init(_ animator: UIViewControllerAnimatedTransitioning, interaction: UIPercentDrivenInteractiveTransition? = nil) {
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

/// A stage whose window (400 × 300) holds the root view controller's full-size view,
/// `home`, and a second view controller with its own full-size view, ready to present.
@MainActor
struct PresentationStage {
    let stage = ViewStage()
    let root = UIViewController()
    let second = UIViewController()
    let home: UIView
    let secondView = UIView()
    /// Keeps transitioning delegates alive: view controllers hold theirs weakly.
    let delegates = Delegates()

    init() {
        home = stage.view(frame: stage.window.bounds)
        root.view = home
        second.view = secondView
        secondView.frame = stage.window.bounds
    }

    var window: UIView { stage.window }

    func x(_ view: UIView) -> Double { stage.position(view).x }
    func y(_ view: UIView) -> Double { stage.position(view).y }

    /// UIView.animate's default curve at time fraction `t`.
    func eased(_ t: Double) -> Double { TimingFunction.easeInEaseOut.value(at: t) }
}

@MainActor
final class Delegates {
    var all: [UIViewControllerTransitioningDelegate] = []
}
