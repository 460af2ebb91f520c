import Foundation

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

    /// Recomputes the style this view inherits and, where it changed, re-resolves the
    /// dynamic colours of the view and of the subviews that inherit it.
    func updateTraits() {
        let style = overrideUserInterfaceStyle != .unspecified
            ? overrideUserInterfaceStyle : superview?.inheritedStyle ?? .unspecified
        guard style != inheritedStyle else { return }
        let previous = traitCollection
        inheritedStyle = style
        UIView.performWithoutAnimation {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            resolveDynamicColors()
            CATransaction.commit()
        }
        traitCollection.performAsCurrent { traitCollectionDidChange(previous) }
        for subview in subviews { subview.updateTraits() }
    }
}
