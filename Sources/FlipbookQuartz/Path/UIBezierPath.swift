import Foundation

/// A mutable path object with UIKit's names, wrapping a `CGPath`.
///
/// Like Apple's, it is a mutable reference type and not `Sendable`; hand `cgPath` (an
/// immutable copy) across threads instead. `clockwise` in arcs means clockwise on UIKit's y-down
/// screen (towards increasing angles), the opposite of `CGPath.addArc`'s flag.
public final class UIBezierPath {
    /// The path being built.
    private var path: CGMutablePath

    /// The path's contents: an immutable copy, which later changes to this path do not
    /// reach; setting it replaces them with a copy of the path given.
    public var cgPath: CGPath {
        get { path.frozen }
        set { path = CGMutablePath(elements: newValue.elements) }
    }
    /// The stroke width in points; 1 by default.
    public var lineWidth: CGFloat = 1

    /// Creates an empty path.
    public init() {
        path = CGMutablePath()
    }

    /// Creates a path holding a copy of `cgPath`.
    public init(cgPath: CGPath) {
        path = CGMutablePath(elements: cgPath.elements)
    }

    /// Creates a closed rectangle starting at its origin, clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init(cgPath: CGPath(rect: rect))
    }

    /// Creates a closed ellipse inscribed in `rect`, starting at its right-hand middle and
    /// running clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init(cgPath: CGPath(ellipseIn: rect))
    }

    /// Creates a rectangle with circular corners of `cornerRadius`, clamped to half the
    /// shorter side.
    ///
    /// UIKit draws "continuous" corners that blend into the edges; these are plain
    /// circular arcs, which differ from UIKit's by under a point at usual sizes.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        let r = rect.standardized
        let radius = min(cornerRadius, r.width / 2, r.height / 2)
        self.init(cgPath: CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius))
    }

    /// Creates an arc of a circle; `clockwise` is clockwise on screen.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// The bounding rectangle of the path, control points included; `.null` when empty.
    public var bounds: CGRect { path.boundingBox }

    /// The point the next segment starts from; `.zero` when empty.
    public var currentPoint: CGPoint { path.currentPoint }

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        path.move(to: point)
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    /// Adds a cubic Bézier from the current point to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier from the current point to `endPoint`.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc of a circle, joined to the current point by a line; `clockwise` is
    /// clockwise on screen (towards increasing angles).
    public func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Appends the contents of `path`.
    public func append(_ path: UIBezierPath) {
        self.path.addPath(path.path)
    }

    /// Closes the current subpath with a straight line back to its start.
    public func close() {
        path.closeSubpath()
    }

    /// Maps every point of the path by `transform`.
    public func apply(_ transform: CGAffineTransform) {
        path = CGMutablePath(elements: path.applying(transform).elements)
    }
}
