import Foundation

/// How a presented view controller covers the screen (VC1). Flipbook has the full-screen
/// styles: `.fullScreen` removes the presenting view once the presentation is over;
/// `.overFullScreen` and `.custom` leave it in place (there is no presentation controller).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case custom = 4
    case overFullScreen = 5
}

/// Names a view controller of a transition: `.from` is on screen at the start, `.to` at the end.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromViewController")
    public static let to = Self(rawValue: "UITransitionContextToViewController")
}

/// Names a view of a transition: the root view of the `.from` or `.to` view controller.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = Self(rawValue: "UITransitionContextFromView")
    public static let to = Self(rawValue: "UITransitionContextToView")
}

/// What an animator of a presentation or dismissal gets to work with (VC2): the container
/// view the transition happens in, the view controllers and views, their frames, and the
/// call that ends the transition.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view the transition happens in, covering the window; the animator adds the
    /// presented view to it.
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives the transition now.
    var isInteractive: Bool { get }
    /// Set when the interaction is cancelled; pass `!transitionWasCancelled` to
    /// `completeTransition(_:)`.
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Ends the transition: `true` leaves the new view controller on screen, `false`
    /// puts the old one back. Call it once the animations are over.
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view to animate, or nil when the animator must leave it alone: a full-screen
    /// presentation's presenting view is `.from` on the way in and `.to` on the way back,
    /// unless it is the window itself; with the other styles it stays put and is nil.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var targetTransform: CGAffineTransform { get }
    /// The frame of `viewController`'s view at the start; `.zero` for a view coming in.
    func initialFrame(for viewController: UIViewController) -> CGRect
    /// The frame of `viewController`'s view at the end; `.zero` for a view going away.
    func finalFrame(for viewController: UIViewController) -> CGRect
}

/// An animator of a presentation or dismissal (VC2): how long it takes and what moves.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Adds the incoming view to the container, animates, and calls
    /// `completeTransition(_:)` when done.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// An animator for an interaction controller to scrub, pause and finish instead of
    /// calling `animateTransition(using:)`; nil (the default) when there is none (UIKit's
    /// optional method not implemented).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating?
    /// Called after the transition ends, with whether it completed.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating? {
        nil
    }

    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Drives a transition's progress, typically from a gesture (VC3).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies a presented view controller's animators and interaction controllers; each
/// method returns nil by default (UIKit's standard slide, no interaction).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// Asked only when `animationController(forPresented:…)` returned an animator.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// Asked only when `animationController(forDismissed:)` returned an animator.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        nil
    }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
}
