import Foundation

/// The context of one presentation or dismissal, as UIKit's private
/// `_UIViewControllerOneToOneTransitionContext`: what the animator and the interaction
/// controller see, and the bookkeeping `completeTransition(_:)` finishes.
@MainActor
final class UIViewControllerTransitionContext: UIViewControllerContextTransitioning {
    let isPresentation: Bool
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    /// The animator running the transition: the delegate's, else UIKit's standard one;
    /// nil when not animated.
    let animator: UIViewControllerAnimatedTransitioning?
    /// The interaction controller driving it, kept until the transition ends.
    private var interaction: UIViewControllerInteractiveTransitioning?
    /// The last percentage an interaction reported.
    private(set) var percentComplete: CGFloat = 0
    private let fromController: UIViewController
    private let toController: UIViewController
    private let fromView: UIView?
    private let toView: UIView?
    /// Finishes the transition's bookkeeping; nil once called.
    private var end: (@MainActor (Bool) -> Void)?

    init(isPresentation: Bool, from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?,
         containerView: UIView, isAnimated: Bool, animator: UIViewControllerAnimatedTransitioning?,
         end: @escaping @MainActor (Bool) -> Void) {
        self.isPresentation = isPresentation
        fromController = from
        toController = to
        self.fromView = fromView
        self.toView = toView
        self.containerView = containerView
        self.isAnimated = isAnimated
        self.animator = animator
        presentationStyle = (isPresentation ? to : from).modalPresentationStyle
        self.end = end
    }

    /// The presented view controller (coming in, or going away).
    private var presented: UIViewController { isPresentation ? toController : fromController }

    /// Runs the transition: through `interaction` when given, else the animator, else at once.
    func start(interaction: UIViewControllerInteractiveTransitioning?) {
        UIViewControllerTransitionState.current.running = self
        if let interaction {
            self.interaction = interaction
            isInteractive = true
            interaction.startInteractiveTransition(self)
        } else if let animator {
            animator.animateTransition(using: self)
        } else {
            if isPresentation, let toView {
                toView.frame = finalFrame(for: toController)
                containerView.addSubview(toView)
            }
            completeTransition(true)
        }
    }

    // MARK: UIViewControllerContextTransitioning

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = percentComplete
    }

    func finishInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = false
    }

    func cancelInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = true
    }

    func pauseInteractiveTransition() {
        isInteractive = true
    }

    func completeTransition(_ didComplete: Bool) {
        guard let end else { return }
        self.end = nil
        let state = UIViewControllerTransitionState.current
        if state.running === self { state.running = nil }
        end(didComplete)
        animator?.animationEnded(didComplete)
        interaction = nil
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: fromController
        case .to: toController
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: fromView
        case .to: toView
        default: nil
        }
    }

    var targetTransform: CGAffineTransform { .identity }

    func initialFrame(for viewController: UIViewController) -> CGRect {
        if viewController === presented { return isPresentation ? .zero : presented.view.frame }
        if viewController === fromController || viewController === toController {
            return viewController.viewIfLoaded?.frame ?? .zero
        }
        return .zero
    }

    func finalFrame(for viewController: UIViewController) -> CGRect {
        if viewController === presented { return isPresentation ? containerView.bounds : .zero }
        if viewController === fromController || viewController === toController {
            return viewController.viewIfLoaded?.frame ?? .zero
        }
        return .zero
    }
}

/// The transition running on the current run loop, if any: one at a time, as in UIKit.
@MainActor
final class UIViewControllerTransitionState {
    static var current: UIViewControllerTransitionState {
        VirtualRunLoop.current.attachment { UIViewControllerTransitionState() }
    }

    var running: UIViewControllerTransitionContext?
}
