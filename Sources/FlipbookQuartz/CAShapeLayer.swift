import Foundation

/// How the inside of a path is decided when it is filled (Core Animation's string constants).
public struct CAShapeLayerFillRule: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Inside where the path winds a non-zero number of times around the point (the default).
    public static let nonZero = Self(rawValue: "non-zero")
    /// Inside where a ray from the point crosses the path an odd number of times.
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// The shape at the open ends of a stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Square, ending exactly at the end point (the default).
    public static let butt = Self(rawValue: "butt")
    public static let round = Self(rawValue: "round")
    /// Square, extending half the line width beyond the end point.
    public static let square = Self(rawValue: "square")
}

/// The shape where two segments of a stroke meet.
public struct CAShapeLayerLineJoin: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Pointed, bevelled instead beyond `miterLimit` (the default).
    public static let miter = Self(rawValue: "miter")
    public static let round = Self(rawValue: "round")
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path, filled and then stroked, in its own coordinate space (G7).
///
/// The path is drawn in the layer's bounds space above the background and below the
/// sublayers; it is not scaled to the bounds and is not clipped to them unless
/// `masksToBounds` is set. `strokeStart`/`strokeEnd` trim the stroke (never the fill) to
/// fractions of the path's total arc length. Animatable: `path` (between paths of the
/// same structure, point by point; others switch half-way), `fillColor`, `strokeColor`,
/// `lineWidth`, `miterLimit`, `lineDashPhase`, `strokeStart`, `strokeEnd`.
open class CAShapeLayer: CALayer {
    /// The shape; a `CGMutablePath` is kept as a copy, so changing it later shows nothing
    /// until it is assigned again, as Core Animation copies the path it is given.
    public var path: CGPath? {
        didSet {
            if path is CGMutablePath { path = path?.frozen }
            valueDidChange(forKey: "path", from: .path(oldValue))
        }
    }
    /// Default opaque black; nil fills nothing.
    public var fillColor: CGColor? = .black { didSet { valueDidChange(forKey: "fillColor", from: .color(oldValue)) } }
    public var fillRule: CAShapeLayerFillRule = .nonZero
    /// Default nil: no stroke.
    public var strokeColor: CGColor? { didSet { valueDidChange(forKey: "strokeColor", from: .color(oldValue)) } }
    /// Where the stroke begins, as a fraction 0…1 of the path's length; default 0.
    public var strokeStart: CGFloat = 0 { didSet { valueDidChange(forKey: "strokeStart", from: .number(oldValue)) } }
    /// Where the stroke ends, as a fraction 0…1 of the path's length; default 1.
    public var strokeEnd: CGFloat = 1 { didSet { valueDidChange(forKey: "strokeEnd", from: .number(oldValue)) } }
    /// In points; default 1.
    public var lineWidth: CGFloat = 1 { didSet { valueDidChange(forKey: "lineWidth", from: .number(oldValue)) } }
    /// The ratio of a miter's length to the line width beyond which it is bevelled; default 10.
    public var miterLimit: CGFloat = 10 { didSet { valueDidChange(forKey: "miterLimit", from: .number(oldValue)) } }
    public var lineCap: CAShapeLayerLineCap = .butt
    public var lineJoin: CAShapeLayerLineJoin = .miter
    /// Alternating lengths of painted and unpainted stroke, in points, starting painted;
    /// nil or empty draws a solid line. Not animatable (animate `lineDashPhase`).
    public var lineDashPattern: [NSNumber]?
    /// How far into the dash pattern the stroke starts, in points; default 0.
    public var lineDashPhase: CGFloat = 0 { didSet { valueDidChange(forKey: "lineDashPhase", from: .number(oldValue)) } }

    public required init() { super.init() }

    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        guard let other = layer as? CAShapeLayer else { return }
        path = other.path
        fillColor = other.fillColor
        fillRule = other.fillRule
        strokeColor = other.strokeColor
        strokeStart = other.strokeStart
        strokeEnd = other.strokeEnd
        lineWidth = other.lineWidth
        miterLimit = other.miterLimit
        lineCap = other.lineCap
        lineJoin = other.lineJoin
        lineDashPattern = other.lineDashPattern
        lineDashPhase = other.lineDashPhase
    }

    private static let shapeProperties: [String: AnimatableProperty] = [
        "path": .stored(\CAShapeLayer.path, kind: .path, wrap: { .path($0) }) {
            if case .path(let path) = $0 { .some(path) } else { nil }
        },
        "fillColor": .color(\CAShapeLayer.fillColor),
        "strokeColor": .color(\CAShapeLayer.strokeColor),
        "strokeStart": .number(\CAShapeLayer.strokeStart),
        "strokeEnd": .number(\CAShapeLayer.strokeEnd),
        "lineWidth": .number(\CAShapeLayer.lineWidth),
        "miterLimit": .number(\CAShapeLayer.miterLimit),
        "lineDashPhase": .number(\CAShapeLayer.lineDashPhase),
    ]

    /// The animatable properties of a shape layer, then CALayer's.
    open override class func animatableProperty(forKey key: String) -> AnimatableProperty? {
        shapeProperties[key] ?? super.animatableProperty(forKey: key)
    }

    /// The animatable keys a shape layer adds to CALayer's, for listing and suggestions.
    public static var shapeKeyPaths: [String] { shapeProperties.keys.sorted() }

    open override func renderContent() -> LayerContent? {
        guard let path, !path.isEmpty else { return nil }
        return .shape(ShapeContent(
            path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
            lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            lineDashPattern: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) }, lineDashPhase: lineDashPhase,
            strokeStart: strokeStart, strokeEnd: strokeEnd))
    }
}
