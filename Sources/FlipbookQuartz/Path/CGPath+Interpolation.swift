import Foundation

/// Paths as animation values: `CAShapeLayer.path` animates between paths of the same
/// structure point by point (G7).
extension CGPath {
    /// Every point of the path in element order: each element's end point after its
    /// control points (`closeSubpath` has none).
    public var points: [CGPoint] {
        elements.flatMap { element -> [CGPoint] in
            switch element {
            case .moveTo(let p), .addLineTo(let p): [p]
            case .addQuadCurveTo(let p, let c): [c, p]
            case .addCurveTo(let p, let c1, let c2): [c1, c2, p]
            case .closeSubpath: []
            }
        }
    }

    /// Whether `other` has the same elements in the same order, whatever their points:
    /// the paths that interpolate.
    public func hasSameStructure(as other: CGPath) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { a, b in
            switch (a, b) {
            case (.moveTo, .moveTo), (.addLineTo, .addLineTo), (.addQuadCurveTo, .addQuadCurveTo),
                 (.addCurveTo, .addCurveTo), (.closeSubpath, .closeSubpath): true
            default: false
            }
        }
    }

    /// The path a fraction `t` of the way to `other`, each point moving in a straight
    /// line (t may leave 0…1); nil when the structures differ.
    public func interpolated(to other: CGPath, fraction t: Double) -> CGPath? {
        guard hasSameStructure(as: other) else { return nil }
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        return CGPath(elements: zip(elements, other.elements).map { a, b in Self.mixed(a, b, mix) })
    }

    private static func mixed(_ a: Element, _ b: Element, _ mix: (CGPoint, CGPoint) -> CGPoint) -> Element {
        switch (a, b) {
        case (.moveTo(let p), .moveTo(let q)): .moveTo(mix(p, q))
        case (.addLineTo(let p), .addLineTo(let q)): .addLineTo(mix(p, q))
        case (.addQuadCurveTo(let p, let c), .addQuadCurveTo(let q, let d)):
            .addQuadCurveTo(mix(p, q), control: mix(c, d))
        case (.addCurveTo(let p, let c1, let c2), .addCurveTo(let q, let d1, let d2)):
            .addCurveTo(mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
        default: a
        }
    }
}
