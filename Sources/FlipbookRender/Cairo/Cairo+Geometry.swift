internal import CCairo
import FlipbookQuartz
import Foundation

extension CGAffineTransform {
    init(_ m: cairo_matrix_t) {
        self.init(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }

    /// Whether the transform can be inverted: Cairo rejects singular matrices.
    var isInvertible: Bool {
        let determinant = a * d - b * c
        return determinant.isFinite && abs(determinant) > 1e-12
    }
}

/// Paints with `color` from here on.
func setSource(_ cr: OpaquePointer, _ color: CGColor) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
}

/// Adds `rect` with the corners `corners` chooses rounded by its radius (clamped to half
/// the shorter side) and curve; the others square. Clockwise from the top-right corner, as
/// the plain rounded rectangle has always been drawn, so its pixels do not change.
///
/// A continuous corner is drawn as the approximation of FACTS §10: three cubic Béziers
/// leaving each edge 1.528665 × radius from the corner. Where the rectangle has no room
/// for that (more than half a side), the corner is drawn circular.
func addRoundedRect(_ cr: OpaquePointer, _ rect: CGRect, corners: CornerRounding) {
    let r = min(corners.radius, rect.width / 2, rect.height / 2)
    guard r > 0, !corners.corners.isEmpty else {
        return cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }
    let halfSide = min(rect.width, rect.height) / 2
    let continuous = corners.curve == .continuous && r * CornerRounding.continuousExtent <= halfSide
    // Each corner: the bounds' corner, the direction the path arrives in and leaves by,
    // and the angle where its quarter circle starts.
    let walk: [(CACornerMask, CGPoint, CGVector, CGVector, Double)] = [
        (.layerMaxXMinYCorner, CGPoint(x: rect.maxX, y: rect.minY), CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: 1), -.pi / 2),
        (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX, y: rect.maxY), CGVector(dx: 0, dy: 1), CGVector(dx: -1, dy: 0), 0),
        (.layerMinXMaxYCorner, CGPoint(x: rect.minX, y: rect.maxY), CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: -1), .pi / 2),
        (.layerMinXMinYCorner, CGPoint(x: rect.minX, y: rect.minY), CGVector(dx: 0, dy: -1), CGVector(dx: 1, dy: 0), .pi),
    ]
    cairo_new_sub_path(cr)
    for (corner, point, arriving, leaving, startAngle) in walk {
        guard corners.corners.contains(corner) else {
            cairo_line_to(cr, point.x, point.y)
            continue
        }
        if continuous {
            addContinuousCorner(cr, at: point, arriving: arriving, leaving: leaving, radius: r)
        } else {
            let centre = CGPoint(x: point.x - r * (arriving.dx - leaving.dx), y: point.y - r * (arriving.dy - leaving.dy))
            cairo_arc(cr, centre.x, centre.y, r, startAngle, startAngle + .pi / 2)
        }
    }
    cairo_close_path(cr)
}

/// The continuous corner at `corner`, from the edge the path arrives along to the one it
/// leaves by: the points of FACTS §10, as (back along the arriving edge, on along the
/// leaving edge) in radii.
private func addContinuousCorner(_ cr: OpaquePointer, at corner: CGPoint, arriving: CGVector, leaving: CGVector,
                                 radius r: CGFloat) {
    func point(_ back: CGFloat, _ on: CGFloat) -> (Double, Double) {
        (corner.x + r * (on * leaving.dx - back * arriving.dx), corner.y + r * (on * leaving.dy - back * arriving.dy))
    }
    func line(_ back: CGFloat, _ on: CGFloat) {
        let p = point(back, on)
        cairo_line_to(cr, p.0, p.1)
    }
    func curve(_ c1: (CGFloat, CGFloat), _ c2: (CGFloat, CGFloat), _ end: (CGFloat, CGFloat)) {
        let (a, b, p) = (point(c1.0, c1.1), point(c2.0, c2.1), point(end.0, end.1))
        cairo_curve_to(cr, a.0, a.1, b.0, b.1, p.0, p.1)
    }
    let extent = CornerRounding.continuousExtent
    line(extent, 0)
    curve((1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600))
    line(0.63149399, 0.07491100)
    curve((0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399))
    line(0.06549600, 0.66993427)
    curve((0, 0.86840689), (0, 1.08849323), (0, extent))
}

/// Adds the elements of `path` to the context's current path.
func addPath(_ cr: OpaquePointer, _ path: CGPath) {
    var current = CGPoint.zero, subpathStart = CGPoint.zero
    for element in path.elements {
        switch element {
        case .moveTo(let p):
            cairo_move_to(cr, p.x, p.y); current = p; subpathStart = p
        case .addLineTo(let p):
            cairo_line_to(cr, p.x, p.y); current = p
        case .addQuadCurveTo(let p, let c):
            let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
            let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
        case .addCurveTo(let p, let c1, let c2):
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y); current = p
        case .closeSubpath:
            cairo_close_path(cr); current = subpathStart
        }
    }
}
