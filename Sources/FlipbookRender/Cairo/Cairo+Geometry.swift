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

/// Adds a rectangle with circular corners of `radius` (clamped to half the shorter side).
func addRoundedRect(_ cr: OpaquePointer, _ rect: CGRect, radius: CGFloat) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    guard r > 0 else {
        return cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    }
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
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
