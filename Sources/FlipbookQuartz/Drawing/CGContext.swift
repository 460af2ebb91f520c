import Foundation

/// A Core Graphics drawing context that records: each call becomes a `DrawingOperation`,
/// and `makeDisplayList()` returns them as an immutable `DisplayList` the compositor
/// replays with Cairo (G8). Only the renderer touches C (STYLE 2).
///
/// A layer hands one to `draw(in:)` (and a view's `draw(_:)` finds it through
/// `UIGraphicsGetCurrentContext()`), in the layer's bounds coordinates: y grows down,
/// as in UIKit. The names and defaults are Core Graphics': fill and stroke black, line
/// width 1, butt caps, miter joins, miter limit 10, alpha 1. Text, which Core Graphics
/// draws through Core Text, is `drawText(_:at:fontSize:…)`, laid out by Pango.
public final class CGContext {
    /// The layer bounds the drawing is for.
    public let bounds: CGRect
    private var operations: [DrawingOperation] = []
    private var transforms: [CGAffineTransform] = [.identity]

    /// Creates a context recording a drawing of a layer with `bounds`.
    public init(bounds: CGRect) {
        self.bounds = bounds
    }

    /// The operations recorded so far, as a value.
    public func makeDisplayList() -> DisplayList {
        DisplayList(bounds: bounds, operations: operations)
    }

    private func record(_ operation: DrawingOperation) {
        operations.append(operation)
    }

    // MARK: Graphics state

    /// Pushes the graphics state (transform, clip, colours, line style, alpha).
    public func saveGState() {
        record(.saveGState)
        transforms.append(ctm)
    }

    /// Pops the graphics state saved by the matching `saveGState()`; unmatched calls are ignored.
    public func restoreGState() {
        guard transforms.count > 1 else { return }
        record(.restoreGState)
        transforms.removeLast()
    }

    /// The current transformation from user space to the layer's bounds space.
    public var ctm: CGAffineTransform { transforms[transforms.count - 1] }

    /// Applies `transform` to user space (later drawing is transformed by it first).
    public func concatenate(_ transform: CGAffineTransform) {
        record(.concatenate(transform))
        transforms[transforms.count - 1] = transform.concatenating(ctm)
    }

    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (clockwise on screen, y down).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    public func setFillColor(_ color: CGColor) { record(.setFillColor(color)) }
    public func setStrokeColor(_ color: CGColor) { record(.setStrokeColor(color)) }
    /// Multiplies the alpha of everything drawn afterwards; clamped to 0…1.
    public func setAlpha(_ alpha: CGFloat) { record(.setAlpha(min(max(alpha, 0), 1))) }
    /// Line width in user-space units at the time of the stroke.
    public func setLineWidth(_ width: CGFloat) { record(.setLineWidth(max(width, 0))) }
    public func setLineCap(_ cap: CGLineCap) { record(.setLineCap(cap)) }
    public func setLineJoin(_ join: CGLineJoin) { record(.setLineJoin(join)) }
    public func setMiterLimit(_ limit: CGFloat) { record(.setMiterLimit(limit)) }
    /// Dashes strokes by `lengths` (on, off, on, …) starting `phase` into the pattern;
    /// empty `lengths` strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        record(.setLineDash(phase: phase, lengths: lengths))
    }

    // MARK: Paths

    /// Discards the current path.
    public func beginPath() { record(.beginPath) }
    public func move(to point: CGPoint) { record(.move(to: point)) }
    public func addLine(to point: CGPoint) { record(.addLine(to: point)) }

    /// A move to the first point, then lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        record(.addCurve(to: end, control1: control1, control2: control2))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        record(.addQuadCurve(to: end, control: control))
    }

    /// An arc joined to the current point by a line; `clockwise` as `CGPath.addArc`
    /// (Core Graphics' y-up sense: `true` sweeps towards decreasing angles).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        record(.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise))
    }

    public func addRect(_ rect: CGRect) { addPath(CGPath(rect: rect)) }
    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }
    public func addEllipse(in rect: CGRect) { addPath(CGPath(ellipseIn: rect)) }
    /// Adds `path`'s subpaths to the current path.
    public func addPath(_ path: CGPath) { record(.addPath(path.frozen)) }
    public func closePath() { record(.closePath) }

    // MARK: Painting

    /// Fills the current path with the fill colour and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) { record(.fillPath(rule)) }
    /// Strokes the current path with the stroke colour and line style and clears the path.
    public func strokePath() { record(.strokePath) }

    /// Fills `rect`; the current path is replaced.
    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes `rect` with line width `width`, leaving the line width as it was.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes separate segments between pairs of points (0–1, 2–3, …).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        for index in stride(from: 0, to: points.count - 1, by: 2) {
            move(to: points[index])
            addLine(to: points[index + 1])
        }
        strokePath()
    }

    /// Intersects the clip with the current path and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) { record(.clip(rule)) }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    /// Paints the clip area with `gradient` along the line from `start` to `end`; outside
    /// them only as `options` say.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        record(.drawLinearGradient(gradient, start: start, end: end, options: options))
    }

    /// Paints the clip area with `gradient` between two circles.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        record(.drawRadialGradient(gradient, startCenter: startCenter, startRadius: max(startRadius, 0),
                                   endCenter: endCenter, endRadius: max(endRadius, 0), options: options))
    }

    /// Draws `string` on one line with the top-left of its layout box at `point`, through
    /// Pango with grayscale antialiasing and hinting off; the font is the system font (Inter) unless
    /// `fontFamily` names another. Core Graphics draws text through Core Text; this is
    /// the equivalent of `NSString.draw(at:withAttributes:)`.
    public func drawText(_ string: String, at point: CGPoint, fontSize: CGFloat = 17, color: CGColor = .black,
                         fontFamily: String? = nil, bold: Bool = false) {
        record(.drawText(DrawnText(string: string, point: point, fontSize: max(fontSize, 0),
                                   fontFamily: fontFamily, isBold: bold, color: color)))
    }

    /// Draws `text` laid out as a label's text is, with the top-left of its box at
    /// `origin`: in a box of `size` (broken to its width, aligned in it, clipped to it),
    /// or with no box one line per paragraph. `String.draw(in:withAttributes:)` draws
    /// through it.
    public func drawText(_ text: TextContent, at origin: CGPoint, in size: CGSize?) {
        record(.drawTextBlock(text, origin: origin, size: size.map { CGSize(width: max($0.width, 0), height: max($0.height, 0)) }))
    }

    /// Draws a layer subtree as it showed when `snapshot` was taken, its bounds stretched
    /// into `rect`, as `draw(_:in:)` draws an image.
    public func draw(_ snapshot: LayerSnapshot, in rect: CGRect) {
        record(.drawLayer(snapshot, in: rect))
    }
}
