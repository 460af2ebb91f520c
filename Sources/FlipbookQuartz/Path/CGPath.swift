import Foundation

/// A vector path made of subpaths of lines and Bézier curves, with Core Graphics' names.
///
/// As Apple's, `CGPath` is an immutable reference type and `CGMutablePath` its mutable
/// subclass (`let path = CGMutablePath(); path.addLine(to: p)`), so `layer.path = path`
/// takes a mutable path. Paths are equal when their elements are. What layers, animations
/// and drawings keep is a `frozen` copy: changing a mutable path after assigning it changes
/// nothing shown. `Sendable` as an immutable path is; a `CGMutablePath` is not safe to
/// change from two threads, as on iOS. Angles are radians measured from the +x axis
/// towards +y.
public class CGPath: @unchecked Sendable, Hashable {
    /// One drawing command of a path.
    public enum Element: Sendable, Hashable {
        case moveTo(CGPoint)
        case addLineTo(CGPoint)
        case addQuadCurveTo(CGPoint, control: CGPoint)
        case addCurveTo(CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The path's commands in order; only a `CGMutablePath`'s change.
    public internal(set) var elements: [Element]

    /// The kappa of a quarter-circle cubic Bézier: control points lie this fraction of
    /// the radius along the tangents.
    static let kappa: CGFloat = 0.5522847498

    /// A path of `elements`.
    init(elements: [Element]) {
        self.elements = elements
    }

    /// Creates a path holding one closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }

    /// Creates a path holding one closed ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }

    /// Creates a path holding one closed rectangle with elliptical corners.
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                  transform: transform?.pointee ?? .identity)
    }

    /// A rectangle path; `transform` given as a value (Flipbook's spelling, also the default).
    public convenience init(rect: CGRect, transform: CGAffineTransform = .identity) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform)
        self.init(elements: path.elements)
    }

    /// An ellipse path; `transform` given as a value (Flipbook's spelling, also the default).
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform)
        self.init(elements: path.elements)
    }

    /// A rounded-rectangle path; `transform` given as a value (Flipbook's spelling, also the default).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
        self.init(elements: path.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from: after `closeSubpath` the subpath's start,
    /// and `.zero` for an empty path (as Apple returns).
    public var currentPoint: CGPoint {
        var subpathStart = CGPoint.zero
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .moveTo(let point):
                (subpathStart, current) = (point, point)
            case .addLineTo(let point), .addQuadCurveTo(let point, _), .addCurveTo(let point, _, _):
                current = point
            case .closeSubpath:
                current = subpathStart
            }
        }
        return current
    }

    // MARK: Measuring and transforming

    /// The smallest rectangle containing every point of the path, control points included
    /// (Apple's `boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        CGRect(boundingPoints: elements.flatMap { element -> [CGPoint] in
            switch element {
            case .moveTo(let point), .addLineTo(let point): [point]
            case .addQuadCurveTo(let point, let control): [point, control]
            case .addCurveTo(let point, let control1, let control2): [point, control1, control2]
            case .closeSubpath: []
            }
        })
    }

    /// The smallest rectangle containing the path as drawn, using the curves' extrema
    /// rather than their control points; `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var (current, subpathStart) = (CGPoint.zero, CGPoint.zero)
        for element in elements {
            switch element {
            case .moveTo(let point):
                points.append(point)
                (current, subpathStart) = (point, point)
            case .addLineTo(let point):
                points.append(point)
                current = point
            case .addQuadCurveTo(let point, let control):
                let lift = { (end: CGPoint) in
                    CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
                }
                points += CGPath.cubicExtremes(current, lift(current), lift(point), point)
                current = point
            case .addCurveTo(let point, let control1, let control2):
                points += CGPath.cubicExtremes(current, control1, control2, point)
                current = point
            case .closeSubpath:
                current = subpathStart
            }
        }
        return CGRect(boundingPoints: points)
    }

    /// Returns a copy with every point mapped by `transform`.
    public func applying(_ transform: CGAffineTransform) -> CGPath {
        CGPath(elements: elements.map { element in
            switch element {
            case .moveTo(let point):
                .moveTo(point.applying(transform))
            case .addLineTo(let point):
                .addLineTo(point.applying(transform))
            case .addQuadCurveTo(let point, let control):
                .addQuadCurveTo(point.applying(transform), control: control.applying(transform))
            case .addCurveTo(let point, let control1, let control2):
                .addCurveTo(
                    point.applying(transform),
                    control1: control1.applying(transform), control2: control2.applying(transform))
            case .closeSubpath:
                .closeSubpath
            }
        })
    }

    /// An immutable copy; Apple's may be nil when out of memory, this never is.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// An immutable copy with every point mapped by `transform` (nil: none).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        applying(transform?.pointee ?? .identity)
    }

    /// A mutable copy, which later changes to this path do not reach.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A mutable copy with every point mapped by `transform` (nil: none).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(elements: applying(transform?.pointee ?? .identity).elements)
    }

    /// The path as a value no one changes: itself, or a copy of a mutable path. What layers,
    /// animations and drawings keep, so changing a `CGMutablePath` after handing it over
    /// changes nothing they show (and the render threads read nothing that changes).
    public var frozen: CGPath { self is CGMutablePath ? CGPath(elements: elements) : self }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs === rhs || lhs.elements == rhs.elements }
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }

    /// The points of the cubic p0…p3 where x or y is extreme, ending with p3.
    private static func cubicExtremes(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
        func roots(_ v0: CGFloat, _ v1: CGFloat, _ v2: CGFloat, _ v3: CGFloat) -> [CGFloat] {
            // The derivative / 3 is a·t² + b·t + c.
            let a = -v0 + 3 * v1 - 3 * v2 + v3
            let b = 2 * (v0 - 2 * v1 + v2)
            let c = v1 - v0
            if abs(a) < 1e-12 {
                return abs(b) < 1e-12 ? [] : [-c / b]
            }
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { return [] }
            let root = discriminant.squareRoot()
            return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
        }
        func point(at t: CGFloat) -> CGPoint {
            let u = 1 - t
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return CGPoint(
                x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        }
        let ts = roots(p0.x, p1.x, p2.x, p3.x) + roots(p0.y, p1.y, p2.y, p3.y)
        return ts.filter { $0 > 0 && $0 < 1 }.map(point(at:)) + [p3]
    }
}
