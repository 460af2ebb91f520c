import Foundation

/// View transitions (TR1–TR3): a container changes from its old appearance to the one
/// its block makes, by a flip, a page curl or a cross-dissolve.
///
/// UIKit draws them as `CATransition`s of private types (`oglFlip`, `pageCurl`,
/// `pageUnCurl`, `fade`) on the container's layer; so does Flipbook, and the compositor
/// draws them in true perspective (TR4).
extension UIView {
    /// The transitions of the legacy `setAnimationTransition(_:for:cache:)`.
    public enum AnimationTransition: Int, Sendable {
        case none, flipFromLeft, flipFromRight, curlUp, curlDown
    }

    /// Runs `animations`, which change `view`'s content, and shows the change as the
    /// transition named in `options` over `duration` seconds.
    ///
    /// The container shows its old content, then the transition, then the new content;
    /// with a transition option and a block that changes nothing it still flips, showing
    /// the same content (TR1). With no transition option the content changes at once.
    /// Animatable property changes in the block animate with the transition's duration
    /// and curve (TR2). `completion` runs once the transition and those animations end.
    /// Transitions run even inside `performWithoutAnimation` (V13).
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (@MainActor () -> Void)?,
                                  completion: (@MainActor (Bool) -> Void)? = nil) {
        let state = UIViewAnimationState.current
        let block = UIViewAnimationBlock.nested("UIView.transition", kind: .block, duration: duration, delay: 0,
                                                ownTiming: .curve(options.curve.timingFunction), ownSpring: false,
                                                options: options, in: state.blocks.last, completion: completion)
        if let transition = CATransition(options) { block.addTransition(transition, to: view.layer) }
        state.run(block) { animations?() }
    }

    /// Replaces `fromView` with `toView` through the transition named in `options` on
    /// `fromView`'s superview (TR3).
    ///
    /// By default `fromView` leaves its superview and `toView` takes its place there; with
    /// `showHideTransitionViews` the hierarchy stays as it is and `fromView` is hidden,
    /// `toView` shown (a `toView` outside the superview stays outside).
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: (@MainActor (Bool) -> Void)? = nil) {
        let swap: @MainActor () -> Void = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let container = fromView.superview {
                let index = container.subviews.firstIndex { $0 === fromView } ?? container.subviews.count
                container.insertSubview(toView, at: index)
                fromView.removeFromSuperview()
            }
        }
        guard let container = fromView.superview else {
            swap()
            VirtualRunLoop.current.schedule(at: CACurrentMediaTime()) { completion?(true) }
            return
        }
        transition(with: container, duration: duration, options: options, animations: swap, completion: completion)
    }

    /// Shows the changes of the innermost legacy block on `view` as `transition`; `cache`
    /// is accepted (the old content is always a snapshot here).
    ///
    /// The old content is taken now, so later changes to the view tree in the block are
    /// part of the new content; the block's duration, delay and curve apply when it commits.
    public static func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let block = UIViewAnimationState.current.blocks.last, block.isLegacy,
              let animation = CATransition(transition.options) else { return }
        block.addTransition(animation, to: view.layer)
        block.pendingTransition = view.layer
    }
}

extension UIView.AnimationTransition {
    /// The matching transition option.
    var options: UIView.AnimationOptions {
        switch self {
        case .none: []
        case .flipFromLeft: .transitionFlipFromLeft
        case .flipFromRight: .transitionFlipFromRight
        case .curlUp: .transitionCurlUp
        case .curlDown: .transitionCurlDown
        }
    }
}

extension CATransition {
    /// The transition UIKit runs for the transition option in `options` (bits 20–23), or
    /// nil when there is none.
    @MainActor
    convenience init?(_ options: UIView.AnimationOptions) {
        let kinds: [UInt: (CATransitionType, CATransitionSubtype?)] = [
            1: (.oglFlip, .fromLeft), 2: (.oglFlip, .fromRight), 3: (.pageCurl, nil), 4: (.pageUnCurl, nil),
            5: (.fade, nil), 6: (.oglFlip, .fromTop), 7: (.oglFlip, .fromBottom),
        ]
        guard let (type, subtype) = kinds[options.rawValue >> 20 & 0xF] else { return nil }
        self.init()
        self.type = type
        self.subtype = subtype
    }
}
