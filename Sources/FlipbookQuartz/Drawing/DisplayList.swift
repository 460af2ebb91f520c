import Foundation

/// What a layer's `draw(in:)` drew: the calls made on its `CGContext`, in order, as an
/// immutable value the compositor replays with Cairo on any thread (G8).
///
/// Coordinates are the layer's bounds coordinates when it was drawn (`bounds`); a layer
/// whose bounds later change size without redrawing shows the drawing stretched to its
/// new bounds, as Core Animation stretches a backing store.
public struct DisplayList: Sendable, Hashable {
    /// The layer's bounds when it drew: the space the operations are in.
    public let bounds: CGRect
    public let operations: [DrawingOperation]

    public init(bounds: CGRect, operations: [DrawingOperation]) {
        self.bounds = bounds
        self.operations = operations
    }

    /// Whether replaying the list can put anything on screen.
    public var drawsSomething: Bool {
        operations.contains { operation in
            switch operation {
            case .fillPath, .strokePath, .drawLinearGradient, .drawRadialGradient, .drawText, .drawTextBlock,
                 .drawLayer: return true
            default: return false
            }
        }
    }
}

/// One recorded call of `CGContext`, with Core Graphics' meaning. State (colours, line
/// style, alpha, transform, clip) is saved and restored by `saveGState`/`restoreGState`;
/// the current path is not part of that state, and fills, strokes and clips consume it.
public enum DrawingOperation: Sendable, Hashable {
    case saveGState
    case restoreGState
    /// Concatenates a transform onto the current transform.
    case concatenate(CGAffineTransform)

    // Path building, in the current user space.
    case beginPath
    case move(to: CGPoint)
    case addLine(to: CGPoint)
    case addCurve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case addQuadCurve(to: CGPoint, control: CGPoint)
    /// An arc as `CGPath.addArc` draws it (joined to the current point by a line).
    case addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
    /// A path added as new subpaths (rectangles, ellipses, `CGPath`s and `UIBezierPath`s).
    case addPath(CGPath)
    case closePath

    // Painting the current path.
    case fillPath(CGPathFillRule)
    case strokePath
    /// Intersects the clip with the current path.
    case clip(CGPathFillRule)

    // Graphics state.
    case setFillColor(CGColor)
    case setStrokeColor(CGColor)
    /// Multiplies every colour drawn (0…1).
    case setAlpha(CGFloat)
    case setLineWidth(CGFloat)
    case setLineCap(CGLineCap)
    case setLineJoin(CGLineJoin)
    case setMiterLimit(CGFloat)
    /// Dash lengths (empty: solid) and the phase into them the stroke starts at.
    case setLineDash(phase: CGFloat, lengths: [CGFloat])

    // Painting the clip area.
    case drawLinearGradient(CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions)
    case drawRadialGradient(CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                            endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions)
    /// Text laid out by Pango with its top-left at `point`.
    case drawText(DrawnText)
    /// Text laid out by Pango as a label's is, from `origin`: in a box of `size` (lines
    /// broken to its width, aligned in it, clipped to it), or with no box (nil) one line
    /// per paragraph. What `String.draw(in:withAttributes:)` draws.
    case drawTextBlock(TextContent, origin: CGPoint, size: CGSize?)
    /// A layer subtree as it showed, its own space (bounds size) stretched into the rect:
    /// `CALayer.render(in:)`, `UIView.drawHierarchy(in:afterScreenUpdates:)`.
    case drawLayer(LayerSnapshot, in: CGRect)
}

/// A string drawn by `CGContext.drawText`, with what the text engine needs.
public struct DrawnText: Sendable, Hashable {
    public var string: String
    /// The top-left of the text's layout box, in user space.
    public var point: CGPoint
    /// Font size in points.
    public var fontSize: CGFloat
    /// A font family; nil for the default, the system font (Inter).
    public var fontFamily: String?
    /// Bold when true.
    public var isBold: Bool
    public var color: CGColor

    public init(string: String, point: CGPoint, fontSize: CGFloat, fontFamily: String? = nil,
                isBold: Bool = false, color: CGColor) {
        (self.string, self.point, self.fontSize, self.fontFamily, self.isBold, self.color)
            = (string, point, fontSize, fontFamily, isBold, color)
    }
}
