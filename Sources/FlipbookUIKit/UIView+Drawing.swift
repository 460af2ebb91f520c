import Foundation

/// Custom drawing goes through the layer, as in UIKit: the layer's display pass
/// (`CALayer+Display.swift`) asks its delegate, the view, to draw, and the view runs
/// `draw(_:)` with the layer's context as the current UIKit graphics context.
extension UIView {
    /// Marks the view's content as needing to be redrawn: `draw(_:)` runs once at the end
    /// of the turn.
    public func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks `rect` as needing to be redrawn (the whole view is redrawn).
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// The layer delegate's drawing call: a view draws its layer by `draw(_:)`.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        guard layer === self.layer else { return }
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        traitCollection.performAsCurrent { draw(bounds) }
    }

}
