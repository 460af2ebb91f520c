import Foundation

/// UIKit's stack of current graphics contexts, which `draw(_:)`, `UIColor.setFill()` and
/// `UIBezierPath.fill()` draw into.
@MainActor
private var graphicsContexts: [CGContext] = []

/// The context `draw(_:)` is drawing into; nil outside drawing.
@preconcurrency @MainActor
public func UIGraphicsGetCurrentContext() -> CGContext? { graphicsContexts.last }

/// Makes `context` the current one until the matching `UIGraphicsPopContext()`.
@preconcurrency @MainActor
public func UIGraphicsPushContext(_ context: CGContext) { graphicsContexts.append(context) }

/// Restores the context current before the last `UIGraphicsPushContext(_:)`.
@preconcurrency @MainActor
public func UIGraphicsPopContext() { _ = graphicsContexts.popLast() }

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    @MainActor public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the fill colour of the current context.
    @MainActor public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes this the stroke colour of the current context.
    @MainActor public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIBezierPath {
    /// Fills the path with the current context's fill colour.
    @MainActor public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath()
        context.restoreGState()
    }

    /// Strokes the path with the current context's stroke colour and this path's `lineWidth`.
    @MainActor public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    @MainActor public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip()
    }
}
