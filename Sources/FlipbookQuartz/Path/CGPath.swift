import Foundation

/// A vector path made of subpaths of lines and Bézier curves, with Core Graphics' names.
///
/// A value type: `CGMutablePath` is an alias, so mutate a `var`
/// (`var path = CGMutablePath(); path.addLine(to: p)`), where iOS code may write `let`. Every `add…`
/// and `move` method takes an optional `transform` applied to its points, as Apple's do.
/// Angles are radians measured from the +x axis towards +y.
public struct CGPath: Sendable, Hashable {
    /// One drawing command of a path.
    public enum Element: Sendable, Hashable {
        case moveTo(CGPoint)
        case addLineTo(CGPoint)
        case addQuadCurveTo(CGPoint, control: CGPoint)
        case addCurveTo(CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The path's commands in order.
    public private(set) var elements: [Element]

    /// The kappa of a quarter-circle cubic Bézier: control points lie this fraction of
    /// the radius along the tangents.
    static let kappa: CGFloat = 0.5522847498

    /// Creates an empty path.
    public init() {
        elements = []
    }

    /// Creates a path holding one closed rectangle.
    public init(rect: CGRect, transform: CGAffineTransform? = nil) {
        self.init()
        addRect(rect, transform: transform ?? .identity)
    }

    /// Creates a path holding one closed ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect, transform: CGAffineTransform? = nil) {
        self.init()
        addEllipse(in: rect, transform: transform ?? .identity)
    }

    /// Creates a path holding one closed rectangle with elliptical corners.
    public init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: CGAffineTransform? = nil
    ) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform ?? .identity)
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

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// Adds a straight line from the current point to `point`.
    ///
    /// Like Apple's, does nothing when the path is empty (there is no current point).
    public mutating func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard !isEmpty else { return }
        elements.append(.addLineTo(point.applying(transform)))
    }

    /// Adds a line to each point: a move to the first point, then lines to the rest.
    public mutating func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() {
            addLine(to: point, transform: transform)
        }
    }

    /// Adds a quadratic Bézier from the current point to `end`; nothing when empty.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard !isEmpty else { return }
        elements.append(.addQuadCurveTo(end.applying(transform), control: control.applying(transform)))
    }

    /// Adds a cubic Bézier from the current point to `end`; nothing when empty.
    public mutating func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        guard !isEmpty else { return }
        elements.append(.addCurveTo(
            end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }

    /// Adds a closed rectangle starting at its minimum corner, clockwise on a y-down screen.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(
            between: [
                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
            ],
            transform: transform)
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect` as four cubic Béziers.
    ///
    /// Starts at the right-hand middle point and runs clockwise on a y-down screen
    /// (towards larger y first), as `UIBezierPath(ovalIn:)` does.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addRoundedCorners(in: r, radiusX: r.width / 2, radiusY: r.height / 2, fromRightSide: true, transform: transform)
    }

    /// Adds a closed rectangle whose corners are quarter ellipses of radii
    /// (`cornerWidth`, `cornerHeight`), each clamped to half the side.
    ///
    /// Starts at the end of the top-left corner and runs clockwise on a y-down screen.
    /// A non-positive corner size adds a plain rectangle.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        guard cornerWidth > 0, cornerHeight > 0 else {
            addRect(r, transform: transform)
            return
        }
        let (rx, ry) = (min(cornerWidth, r.width / 2), min(cornerHeight, r.height / 2))
        addRoundedCorners(in: r, radiusX: rx, radiusY: ry, fromRightSide: false, transform: transform)
    }

    /// Adds an arc of a circle, approximated by cubic Béziers of at most 90° each.
    ///
    /// The arc starts at `startAngle` (with a line from the current point, or a move
    /// when the path is empty). Core Graphics' `clockwise` is clockwise in its default
    /// y-up space, so `clockwise: true` sweeps towards *decreasing* angles; in UIKit's
    /// y-down space that looks anticlockwise, which is why `UIBezierPath`'s `clockwise`
    /// means the opposite. A sweep of 2π or more draws one full circle.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let fullTurn = 2 * CGFloat.pi
        var magnitude = clockwise ? startAngle - endAngle : endAngle - startAngle
        if magnitude >= fullTurn {
            magnitude = fullTurn
        } else {
            magnitude = magnitude.truncatingRemainder(dividingBy: fullTurn)
            if magnitude < 0 { magnitude += fullTurn }
            // Whole turns the other way (0 to 2π drawn the other way round) are a whole
            // circle in Core Graphics, as UIBezierPath(arcCenter:…, clockwise: false) shows.
            if magnitude == 0, startAngle != endAngle { magnitude = fullTurn }
        }
        let sweep = clockwise ? -magnitude : magnitude
        func point(at angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = point(at: startAngle)
        if isEmpty {
            move(to: start, transform: transform)
        } else {
            addLine(to: start, transform: transform)
        }
        guard sweep != 0 else { return }
        let segments = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(segments)
        let handle = 4 / 3 * tan(step / 4) * radius
        for index in 0..<segments {
            let (from, to) = (startAngle + step * CGFloat(index), startAngle + step * CGFloat(index + 1))
            let (p0, p1) = (point(at: from), point(at: to))
            addCurve(
                to: p1,
                control1: CGPoint(x: p0.x - handle * sin(from), y: p0.y + handle * cos(from)),
                control2: CGPoint(x: p1.x + handle * sin(to), y: p1.y - handle * cos(to)),
                transform: transform)
        }
    }

    /// Appends all of `path`'s elements, mapped by `transform`.
    public mutating func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.applying(transform).elements
    }

    /// Closes the current subpath with a straight line back to its start.
    public mutating func closeSubpath() {
        guard !isEmpty else { return }
        elements.append(.closeSubpath)
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
        var copy = self
        copy.elements = elements.map { element in
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
        }
        return copy
    }

    /// Returns a copy with every point mapped by `transform` (Apple's spelling of `applying`).
    public func copy(using transform: CGAffineTransform) -> CGPath {
        applying(transform)
    }

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

    /// Adds a closed subpath of four edges joined by quarter-ellipse corners of radii
    /// (`rx`, `ry`), clockwise on a y-down screen from the end of the top-left corner,
    /// or from the middle of the right-hand side for a full ellipse.
    private mutating func addRoundedCorners(
        in r: CGRect, radiusX rx: CGFloat, radiusY ry: CGFloat, fromRightSide: Bool,
        transform: CGAffineTransform
    ) {
        let (kx, ky) = (rx * CGPath.kappa, ry * CGPath.kappa)
        let (hasHorizontalEdges, hasVerticalEdges) = (r.width > 2 * rx, r.height > 2 * ry)
        typealias Corner = (entry: CGPoint, hasEdge: Bool, control1: CGPoint, control2: CGPoint, exit: CGPoint)
        let topRight: Corner = (
            CGPoint(x: r.maxX - rx, y: r.minY), hasHorizontalEdges,
            CGPoint(x: r.maxX - rx + kx, y: r.minY), CGPoint(x: r.maxX, y: r.minY + ry - ky),
            CGPoint(x: r.maxX, y: r.minY + ry))
        let bottomRight: Corner = (
            CGPoint(x: r.maxX, y: r.maxY - ry), hasVerticalEdges,
            CGPoint(x: r.maxX, y: r.maxY - ry + ky), CGPoint(x: r.maxX - rx + kx, y: r.maxY),
            CGPoint(x: r.maxX - rx, y: r.maxY))
        let bottomLeft: Corner = (
            CGPoint(x: r.minX + rx, y: r.maxY), hasHorizontalEdges,
            CGPoint(x: r.minX + rx - kx, y: r.maxY), CGPoint(x: r.minX, y: r.maxY - ry + ky),
            CGPoint(x: r.minX, y: r.maxY - ry))
        let topLeft: Corner = (
            CGPoint(x: r.minX, y: r.minY + ry), hasVerticalEdges,
            CGPoint(x: r.minX, y: r.minY + ry - ky), CGPoint(x: r.minX + rx - kx, y: r.minY),
            CGPoint(x: r.minX + rx, y: r.minY))
        let corners = fromRightSide
            ? [bottomRight, bottomLeft, topLeft, topRight]
            : [topRight, bottomRight, bottomLeft, topLeft]
        move(to: corners.last!.exit, transform: transform)
        for corner in corners {
            if corner.hasEdge {
                addLine(to: corner.entry, transform: transform)
            }
            addCurve(to: corner.exit, control1: corner.control1, control2: corner.control2, transform: transform)
        }
        closeSubpath()
    }
}

/// Core Graphics' mutable path. Here a path is a value, so this is `CGPath` itself: declare
/// it with `var` (iOS code's `let path = CGMutablePath()` needs that one change).
public typealias CGMutablePath = CGPath
