import Foundation

/// UIKit's standard modal transition, cover vertical (VC1): presenting slides the new
/// view up from below the container's bottom edge to its final frame; dismissing slides
/// it back down. 0.5 s, ease-in-ease-out (Flipbook's choice: UIKit's timing is private).
@MainActor
final class UIViewControllerCoverVerticalAnimator: UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.5
    let isPresenting: Bool

    init(presenting: Bool) { isPresenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let drop = container.bounds.height
        let complete: @MainActor (Bool) -> Void = { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        if isPresenting, let presented = transitionContext.viewController(forKey: .to) {
            let view: UIView = transitionContext.view(forKey: .to) ?? presented.view
            let final = transitionContext.finalFrame(for: presented)
            view.frame = final.offsetBy(dx: 0, dy: drop)
            container.addSubview(view)
            UIView.animate(withDuration: Self.duration, delay: 0, options: [.curveEaseInOut],
                           animations: { view.frame = final }, completion: complete)
        } else if let view = transitionContext.view(forKey: .from) {
            UIView.animate(withDuration: Self.duration, delay: 0, options: [.curveEaseInOut],
                           animations: { view.frame = view.frame.offsetBy(dx: 0, dy: drop) }, completion: complete)
        } else {
            transitionContext.completeTransition(true)
        }
    }
}
