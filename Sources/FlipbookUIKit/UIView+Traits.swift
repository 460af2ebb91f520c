import Foundation

/// Where a view is: its window and its traits, kept up to date as it moves, and found
/// views (`viewWithTag(_:)`).
///
/// Light and dark appearance (iOS 13): a view's traits come from its
/// `overrideUserInterfaceStyle`, else from its superview's. Dynamic colours given to a
/// view (`backgroundColor`, a label's `textColor`) are resolved for them, and resolved
/// again, without animating, when they change: when the view moves into a superview of
/// another appearance or an override changes.
extension UIView {
    /// The traits this view's dynamic colours resolve with.
    public var traitCollection: UITraitCollection {
        UITraitCollection(userInterfaceStyle: inheritedStyle)
    }

    /// Tells the view, before it moves to `newSuperview`, and its subtree, when the window
    /// changes, that they are about to move.
    func willMove(from oldWindow: UIWindow?, toSuperview newSuperview: UIView?, window newWindow: UIWindow?) {
        willMove(toSuperview: newSuperview)
        if oldWindow !== newWindow { forEachInSubtree { $0.willMove(toWindow: newWindow) } }
    }

    /// After a move: updates the window and traits of the view's subtree and tells it.
    /// A view that has left its window (for none, or another) loses the animations of its
    /// layer tree first (CA9).
    func didMove() {
        if let oldWindow = window, !(self is UIWindow), superview?.window !== oldWindow {
            layer.removeAnimationsInSubtree(where: Self.goesWithWindow)
        }
        hierarchyChanged()
        didMoveToSuperview()
    }

    /// Whether an animation goes when its view leaves the window (CA9): all but those
    /// kept on completion and those a `UIViewPropertyAnimator` drives.
    private static func goesWithWindow(_ animation: CAAnimation) -> Bool {
        animation.isRemovedOnCompletion && !(animation is CADrivenAnimation)
    }

    /// Recomputes the window and the style this view inherits and, where they changed,
    /// for its subviews: re-resolves the dynamic colours of those whose style changed
    /// (without animating) and calls `traitCollectionDidChange(_:)` and `didMoveToWindow()`.
    func hierarchyChanged() {
        let newWindow = (self as? UIWindow) ?? superview?.window
        let style = overrideUserInterfaceStyle != .unspecified
            ? overrideUserInterfaceStyle : superview?.inheritedStyle ?? .unspecified
        let windowChanged = newWindow !== window, styleChanged = style != inheritedStyle
        guard windowChanged || styleChanged else { return }
        window = newWindow
        if styleChanged {
            let previous = traitCollection
            inheritedStyle = style
            UIView.performWithoutAnimation {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                resolveDynamicColors()
                CATransaction.commit()
            }
            // What `draw(_:)` drew used the old traits' colours (a view draws with `current`).
            setNeedsDisplay()
            traitCollection.performAsCurrent { traitCollectionDidChange(previous) }
        }
        if windowChanged { didMoveToWindow() }
        for subview in subviews { subview.hierarchyChanged() }
    }

    /// Calls `body` on the view, then on its subviews' subtrees in order.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }

    /// The view, or the first view under it in depth-first order, whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Ends editing in the view's tree (resigns its first responder). Nothing edits text
    /// in a recording, so there is nothing to end: returns true.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool { true }
}
