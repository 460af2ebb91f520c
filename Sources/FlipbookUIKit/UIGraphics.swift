import Foundation

/// A thread's stack of current graphics contexts, which `draw(_:)`, `UIColor.setFill()` and
/// `UIBezierPath.fill()` draw into. UIKit keeps one per thread, and its functions "may be
/// called from any thread of your app": so they are not on the main actor, here as there.
private final class GraphicsContextStack {
    var contexts: [CGContext] = []

    private static let key = "FlipbookUIKit.GraphicsContextStack"

    /// The calling thread's stack, made on first use.
    static var current: GraphicsContextStack {
        let storage = Thread.current.threadDictionary
        if let stack = storage[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        storage[key] = stack
        return stack
    }
}

/// The context the calling thread is drawing into (a view's `draw(_:)`, an image
/// renderer's actions); nil outside drawing.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current.contexts.last }

/// Makes `context` the calling thread's current one until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.current.contexts.append(context) }

/// Restores the context current on the calling thread before its last `UIGraphicsPushContext(_:)`.
public func UIGraphicsPopContext() { _ = GraphicsContextStack.current.contexts.popLast() }

extension UIColor {
    /// Makes this the fill and stroke colour of the current context.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes this the fill colour of the current context.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes this the stroke colour of the current context.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIBezierPath {
    /// Fills the path with the current context's fill colour.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath()
        context.restoreGState()
    }

    /// Strokes the path with the current context's stroke colour and this path's `lineWidth`.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip()
    }
}
