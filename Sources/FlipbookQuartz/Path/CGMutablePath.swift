import Foundation

/// Core Graphics' mutable path: a `CGPath` that its `add…` methods change in place, as
/// iOS code builds paths (`let path = CGMutablePath(); path.move(to: p)`).
///
/// Every `add…` and `move` method takes an optional `transform` applied to its points, as
/// Apple's do. Not safe to change from two threads at once, as on iOS: the `Sendable` it
/// inherits from `CGPath` is unchecked here, and layers keep a `frozen` copy.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Creates an empty path.
    public init() {
        super.init(elements: [])
    }

    override init(elements: [Element]) {
        super.init(elements: elements)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// Adds a straight line from the current point to `point`.
    ///
    /// Like Apple's, does nothing when the path is empty (there is no current point).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard !isEmpty else { return }
        elements.append(.addLineTo(point.applying(transform)))
    }

    /// Adds a line to each point: a move to the first point, then lines to the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() {
            addLine(to: point, transform: transform)
        }
    }

    /// Adds a quadratic Bézier from the current point to `end`; nothing when empty.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard !isEmpty else { return }
        elements.append(.addQuadCurveTo(end.applying(transform), control: control.applying(transform)))
    }

    /// Adds a cubic Bézier from the current point to `end`; nothing when empty.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        guard !isEmpty else { return }
        elements.append(.addCurveTo(
            end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform)))
    }

    /// Adds a closed rectangle starting at its minimum corner, clockwise on a y-down screen.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
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
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addRoundedCorners(in: r, radiusX: r.width / 2, radiusY: r.height / 2, fromRightSide: true, transform: transform)
    }

    /// Adds a closed rectangle whose corners are quarter ellipses of radii
    /// (`cornerWidth`, `cornerHeight`), each clamped to half the side.
    ///
    /// Starts at the end of the top-left corner and runs clockwise on a y-down screen.
    /// A non-positive corner size adds a plain rectangle.
    public func addRoundedRect(
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
    public func addArc(
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
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.applying(transform).elements
    }

    /// Closes the current subpath with a straight line back to its start.
    public func closeSubpath() {
        guard !isEmpty else { return }
        elements.append(.closeSubpath)
    }

    /// Adds a closed subpath of four edges joined by quarter-ellipse corners of radii
    /// (`rx`, `ry`), clockwise on a y-down screen from the end of the top-left corner,
    /// or from the middle of the right-hand side for a full ellipse.
    private func addRoundedCorners(
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

extension CGMutablePath {
    /// Appends one element through the public builders.
    func append(element: Element) {
        switch element {
        case .moveTo(let p): move(to: p)
        case .addLineTo(let p): addLine(to: p)
        case .addQuadCurveTo(let p, let c): addQuadCurve(to: p, control: c)
        case .addCurveTo(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }
}
