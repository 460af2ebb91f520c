internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a shape layer's path (G7) in its bounds space: the fill with the fill rule,
    /// then the stroke trimmed to `strokeStart…strokeEnd`, with its width, caps, joins and
    /// dashes. A dashed stroke keeps its dashes where the untrimmed path has them, so
    /// trimming does not slide them: each piece starts that far into the pattern.
    func drawShape(_ shape: ShapeContent, of layer: RenderLayer, alpha: CGFloat) throws {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if layer.masksToBounds {
            addRoundedRect(cr, CGRect(origin: .zero, size: layer.bounds.size), corners: layer.corners)
            cairo_clip(cr)
        }
        cairo_translate(cr, -layer.bounds.minX, -layer.bounds.minY)
        if let fill = shape.fillColor, fill.alpha > 0 {
            cairo_new_path(cr)
            addPath(cr, shape.path)
            cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha * alpha)
            cairo_fill(cr)
        }
        if shape.drawsStroke, let stroke = shape.strokeColor {
            setStrokeStyle(of: shape)
            cairo_set_source_rgba(cr, stroke.red, stroke.green, stroke.blue, stroke.alpha * alpha)
            let dashes = shape.effectiveDashPattern
            let pieces = shape.strokePieces
            if dashes.isEmpty {
                cairo_new_path(cr)
                for piece in pieces { addPath(cr, piece.path) }
                cairo_stroke(cr)
            } else {
                for piece in pieces {
                    let offset = Self.dashOffset(phase: shape.lineDashPhase + CGFloat(piece.distanceIntoSubpath),
                                                 pattern: dashes)
                    cairo_set_dash(cr, dashes.map(Double.init), Int32(dashes.count), offset)
                    cairo_new_path(cr)
                    addPath(cr, piece.path)
                    cairo_stroke(cr)
                }
            }
        }
        try check(cairo_status(cr), "drawing a shape layer")
    }

    private func setStrokeStyle(of shape: ShapeContent) {
        cairo_set_line_width(cr, shape.lineWidth)
        cairo_set_miter_limit(cr, max(shape.miterLimit, 1))
        switch shape.lineCap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        default: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        switch shape.lineJoin {
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        default: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
    }

    /// `phase` brought into one period of the pattern (twice its sum for an odd count, as
    /// the pattern then repeats with painted and unpainted swapped), never negative.
    static func dashOffset(phase: CGFloat, pattern: [CGFloat]) -> CGFloat {
        let period = pattern.reduce(0, +) * (pattern.count.isMultiple(of: 2) ? 1 : 2)
        guard period > 0, phase.isFinite else { return 0 }
        let offset = phase.truncatingRemainder(dividingBy: period)
        return offset < 0 ? offset + period : offset
    }
}
