internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Fills a gradient layer's bounds with its gradient (G7); clipped to the rounded
    /// bounds when the layer masks to them.
    ///
    /// Axial and radial gradients are Cairo patterns that pad (the end colours extend).
    /// A radial gradient is an ellipse centred on `startPoint` with radii
    /// |endPoint − startPoint| along x and y (in points); when one radius is 0 the other
    /// serves for both, and when both are, the last colour fills everything. A conic
    /// gradient is a Cairo mesh of thin sectors around `startPoint`, angle 0 pointing at
    /// `endPoint` and growing clockwise on screen (towards +y); each sector is a patch
    /// from the centre to an arc beyond the bounds, its colour linear in the angle.
    func drawGradient(_ gradient: GradientContent, of layer: RenderLayer, alpha: CGFloat) throws {
        let size = layer.bounds.size
        let stops = gradient.stops
        guard size.width > 0, size.height > 0, let last = stops.last else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let rect = CGRect(origin: .zero, size: size)
        if layer.masksToBounds {
            addRoundedRect(cr, rect, corners: layer.corners)
        } else {
            cairo_rectangle(cr, 0, 0, size.width, size.height)
        }
        let start = CGPoint(x: gradient.startPoint.x * size.width, y: gradient.startPoint.y * size.height)
        let end = CGPoint(x: gradient.endPoint.x * size.width, y: gradient.endPoint.y * size.height)
        let pattern: CairoPattern
        switch gradient.type {
        case _ where stops.count == 1:
            pattern = try CairoPattern(cairo_pattern_create_rgba(last.color.red, last.color.green, last.color.blue,
                                                                  last.color.alpha * alpha))
        case .radial:
            pattern = try radialPattern(stops, center: start, end: end, alpha: alpha)
        case .conic:
            pattern = try conicPattern(gradient, center: start, end: end, covering: rect, alpha: alpha)
        default:
            pattern = try CairoPattern(cairo_pattern_create_linear(start.x, start.y, end.x, end.y))
            pattern.addStops(stops, alpha: alpha)
        }
        cairo_set_source(cr, pattern.pointer)
        cairo_fill(cr)
        try check(cairo_status(cr), "drawing a gradient layer")
    }

    private func radialPattern(_ stops: [GradientContent.Stop], center: CGPoint, end: CGPoint,
                               alpha: CGFloat) throws -> CairoPattern {
        var (rx, ry) = (abs(end.x - center.x), abs(end.y - center.y))
        if rx == 0 { rx = ry }
        if ry == 0 { ry = rx }
        guard rx > 0 else {
            let color = stops.last!.color
            return try CairoPattern(cairo_pattern_create_rgba(color.red, color.green, color.blue, color.alpha * alpha))
        }
        let pattern = try CairoPattern(cairo_pattern_create_radial(0, 0, 0, 0, 0, 1))
        pattern.addStops(stops, alpha: alpha)
        // The pattern's matrix maps user space to pattern space: the ellipse to the unit circle.
        var matrix = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -center.x / rx, y0: -center.y / ry)
        cairo_pattern_set_matrix(pattern.pointer, &matrix)
        return pattern
    }

    /// The widest sector of a conic mesh, so each arc's Bézier parameter stays close to
    /// linear in the angle.
    private static let conicSectorAngle = CGFloat.pi / 32

    private func conicPattern(_ gradient: GradientContent, center: CGPoint, end: CGPoint, covering rect: CGRect,
                              alpha: CGFloat) throws -> CairoPattern {
        let pattern = try CairoPattern(cairo_pattern_create_mesh())
        let startAngle = atan2(end.y - center.y, end.x - center.x)
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
        let radius = corners.map { hypot($0.x - center.x, $0.y - center.y) }.max()! + 2
        // Sector boundaries as fractions of the turn: every stop, and enough between them.
        let breaks = ([0, 1] + gradient.stops.map(\.location)).filter { (0...1).contains($0) }
        let sorted = Array(Set(breaks)).sorted()
        var fractions: [CGFloat] = [sorted[0]]
        for next in sorted.dropFirst() {
            let from = fractions.last!
            let pieces = max(1, Int(((next - from) * 2 * .pi / Self.conicSectorAngle).rounded(.up)))
            for k in 1...pieces { fractions.append(from + (next - from) * CGFloat(k) / CGFloat(pieces)) }
        }
        func point(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        for (f0, f1) in zip(fractions, fractions.dropFirst()) where f1 > f0 {
            let (a0, a1) = (startAngle + f0 * 2 * .pi, startAngle + f1 * 2 * .pi)
            let handle = 4 / 3 * tan((a1 - a0) / 4) * radius
            let (p0, p1) = (point(a0), point(a1))
            let (c0, c1) = (gradient.color(at: f0), gradient.color(at: f1))
            cairo_mesh_pattern_begin_patch(pattern.pointer)
            cairo_mesh_pattern_move_to(pattern.pointer, center.x, center.y)
            cairo_mesh_pattern_line_to(pattern.pointer, p0.x, p0.y)
            cairo_mesh_pattern_curve_to(pattern.pointer, p0.x - handle * sin(a0), p0.y + handle * cos(a0),
                                        p1.x + handle * sin(a1), p1.y - handle * cos(a1), p1.x, p1.y)
            cairo_mesh_pattern_line_to(pattern.pointer, center.x, center.y)
            for (corner, color) in [(0, c0), (1, c0), (2, c1), (3, c1)] {
                cairo_mesh_pattern_set_corner_color_rgba(pattern.pointer, UInt32(corner), color.red, color.green,
                                                         color.blue, color.alpha * alpha)
            }
            cairo_mesh_pattern_end_patch(pattern.pointer)
        }
        try check(cairo_pattern_status(pattern.pointer), "building a conic gradient")
        return pattern
    }
}

/// Owns a Cairo pattern: checked when created, destroyed with the wrapper (STYLE 2).
final class CairoPattern {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer?) throws {
        guard let pointer else { throw RenderError(operation: "creating a pattern", message: "no memory") }
        self.pointer = pointer
        do {
            try check(cairo_pattern_status(pointer), "creating a pattern")
        } catch {
            cairo_pattern_destroy(pointer)
            throw error
        }
        cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
    }

    deinit { cairo_pattern_destroy(pointer) }

    /// Adds the gradient's colour stops, each colour's alpha multiplied by `alpha`.
    func addStops(_ stops: [GradientContent.Stop], alpha: CGFloat) {
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pointer, stop.location, c.red, c.green, c.blue, c.alpha * alpha)
        }
    }
}
