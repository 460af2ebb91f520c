import Foundation

/// What a `CAShapeLayer` draws (G7), in the layer's bounds space: the path filled, then
/// its trimmed stroke.
public struct ShapeContent: Sendable, Hashable {
    public var path: CGPath
    /// nil fills nothing.
    public var fillColor: CGColor?
    public var fillRule: CAShapeLayerFillRule
    /// nil strokes nothing.
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat
    public var lineCap: CAShapeLayerLineCap
    public var lineJoin: CAShapeLayerLineJoin
    public var miterLimit: CGFloat
    /// Painted and unpainted lengths in points; empty for a solid line.
    public var lineDashPattern: [CGFloat]
    public var lineDashPhase: CGFloat
    public var strokeStart: CGFloat
    public var strokeEnd: CGFloat

    public init(path: CGPath, fillColor: CGColor? = .black, fillRule: CAShapeLayerFillRule = .nonZero,
                strokeColor: CGColor? = nil, lineWidth: CGFloat = 1, lineCap: CAShapeLayerLineCap = .butt,
                lineJoin: CAShapeLayerLineJoin = .miter, miterLimit: CGFloat = 10,
                lineDashPattern: [CGFloat] = [], lineDashPhase: CGFloat = 0,
                strokeStart: CGFloat = 0, strokeEnd: CGFloat = 1) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    /// Whether a stroke shows: a colour, a positive width and a kept part of the path.
    public var drawsStroke: Bool {
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0 else { return false }
        return min(max(strokeEnd, 0), 1) > min(max(strokeStart, 0), 1)
    }

    /// The dash pattern as drawn: empty (solid) when it has no painted or no positive
    /// total length, or a negative entry, as Core Graphics then draws a solid line.
    public var effectiveDashPattern: [CGFloat] {
        guard !lineDashPattern.isEmpty, lineDashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
              lineDashPattern.reduce(0, +) > 0 else { return [] }
        return lineDashPattern
    }

    /// The parts of the path the stroke draws: `strokeStart…strokeEnd` of its arc length.
    public var strokePieces: [CGPath.TrimmedPiece] {
        path.trimmed(from: Double(strokeStart), to: Double(strokeEnd))
    }
}
