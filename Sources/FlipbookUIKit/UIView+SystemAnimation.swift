import Foundation

/// System animations (V15).
extension UIView {
    /// The system animations of `perform(_:on:options:animations:completion:)`.
    public enum SystemAnimation: UInt, Sendable {
        /// The views grow briefly, then shrink to a quarter while fading out, then leave
        /// their superview (V15).
        case delete
    }

    /// How long the delete animation takes (OURS: UIKit documents no figure): the views
    /// grow to 110 % over the first 30 %, then shrink to 25 % while fading out.
    static let systemDeleteDuration = 0.5

    /// Runs a system animation on `views` alongside `parallelAnimations`, then `completion`.
    ///
    /// `.delete` grows the views briefly, shrinks them to scale 0.25 while fading them to
    /// alpha 0, and removes them from their superview (V15). The block may change other
    /// views but not these: when it does, UIKit refuses — the views stay and the
    /// completion hears false; `performChecked` says why.
    public static func perform(_ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
                               animations parallelAnimations: (@MainActor () -> Void)?,
                               completion: (@MainActor (Bool) -> Void)? = nil) {
        do {
            try performChecked(animation, on: views, options: options, animations: parallelAnimations,
                               completion: completion)
        } catch {
            VirtualRunLoop.current.schedule(at: CACurrentMediaTime()) { completion?(false) }
        }
    }

    /// `perform(_:on:options:animations:completion:)`, throwing a `UIViewAnimationError`
    /// (after the block has run, and without animating `views`) when the block changed
    /// one of `views` — which UIKit forbids.
    public static func performChecked(_ animation: SystemAnimation, on views: [UIView],
                                      options: AnimationOptions = [],
                                      animations parallelAnimations: (@MainActor () -> Void)?,
                                      completion: (@MainActor (Bool) -> Void)? = nil) throws {
        let state = UIViewAnimationState.current
        state.protectedViews = views
        state.touchedProtectedView = nil
        UIView.animate(withDuration: systemDeleteDuration, delay: 0, options: options,
                       animations: { parallelAnimations?() })
        state.protectedViews = []
        if state.touchedProtectedView != nil {
            state.touchedProtectedView = nil
            throw UIViewAnimationError("the animations block of perform(.delete, on:) must not change the views it deletes")
        }
        let grown = CGAffineTransform(scaleX: 1.1, y: 1.1)
        let shrunk = CGAffineTransform(scaleX: 0.25, y: 0.25)
        UIView.animateKeyframes(withDuration: systemDeleteDuration, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.3) {
                for view in views { view.transform = grown }
            }
            UIView.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.7) {
                for view in views {
                    view.transform = shrunk
                    view.alpha = 0
                }
            }
        }, completion: { finished in
            for view in views { view.removeFromSuperview() }
            completion?(finished)
        })
    }
}
