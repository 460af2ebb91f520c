import Foundation

/// Layout goes through the layer: a view needs layout when its layer does, and the
/// layer's layout pass (`CALayer+Layout.swift`) calls `layoutSubviews()` through the
/// delegate, parents before children.
extension UIView {
    /// Marks the view as needing layout: `layoutSubviews()` runs at the end of the turn.
    public func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out now whatever needs it, from the topmost superview that needs layout down.
    public func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// The layer delegate's layout call: a view lays out its layer by `layoutSubviews()`.
    public func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        traitCollection.performAsCurrent {
            viewController?.viewWillLayoutSubviews()
            applyConstraintLayout()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
    }
}
