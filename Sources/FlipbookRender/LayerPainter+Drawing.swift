internal import CCairo
internal import CPango
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Replays what a layer's `draw(in:)` recorded (G8), clipped to the layer's bounds as
    /// a backing store is, and stretched from the bounds it was drawn at to the bounds
    /// the layer has now.
    func drawDisplayList(_ list: DisplayList, of layer: RenderLayer, alpha: CGFloat) throws {
        let size = layer.bounds.size, drawn = list.bounds.size
        guard size.width > 0, size.height > 0, drawn.width > 0, drawn.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        addRoundedRect(cr, CGRect(origin: .zero, size: size), corners: layer.masksToBounds ? layer.corners : .square)
        cairo_clip(cr)
        cairo_scale(cr, size.width / drawn.width, size.height / drawn.height)
        cairo_translate(cr, -list.bounds.minX, -list.bounds.minY)
        cairo_new_path(cr)
        try DisplayListReplay.replay(list, on: cr, alpha: alpha)
    }
}

/// Core Graphics' graphics state that Cairo does not keep as Core Graphics does (separate
/// fill and stroke colours, a global alpha), kept beside Cairo's own save/restore.
private struct GraphicsState {
    var fillColor = CGColor.black
    var strokeColor = CGColor.black
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineCap = CGLineCap.butt
    var lineJoin = CGLineJoin.miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []
}

/// Plays a display list's operations on a Cairo context: the CTM, clip and current path
/// live in Cairo; colours and line style in `GraphicsState`, applied at each paint.
struct DisplayListReplay {
    let cr: OpaquePointer
    /// The layer's opacity share applied to every colour.
    let alpha: CGFloat
    private var state = GraphicsState()
    private var saved: [GraphicsState] = []

    init(cr: OpaquePointer, alpha: CGFloat) {
        self.cr = cr
        self.alpha = alpha
    }

    /// Plays every operation of `list` on `cr`, in its current user space.
    static func replay(_ list: DisplayList, on cr: OpaquePointer, alpha: CGFloat) throws {
        var replay = DisplayListReplay(cr: cr, alpha: alpha)
        for operation in list.operations { try replay.perform(operation) }
    }

    mutating func perform(_ operation: DrawingOperation) throws {
        switch operation {
        case .saveGState:
            cairo_save(cr)
            saved.append(state)
        case .restoreGState:
            guard let previous = saved.popLast() else { return }
            cairo_restore(cr)
            state = previous
        case .concatenate(let transform):
            guard transform.isInvertible else { return }
            cairo_transform(cr, [transform.cairoMatrix])
        case .beginPath:
            cairo_new_path(cr)
        case .move(let point):
            cairo_move_to(cr, point.x, point.y)
        case .addLine(let point):
            lineOrMove(to: point)
        case .addCurve(let end, let control1, let control2):
            if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, control1.x, control1.y) }
            cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
        case .addQuadCurve(let end, let control):
            var x = 0.0, y = 0.0
            if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, control.x, control.y) }
            cairo_get_current_point(cr, &x, &y)
            let start = CGPoint(x: x, y: y)
            let c1 = CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
            let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
        case .addArc(let center, let radius, let startAngle, let endAngle, let clockwise):
            let arc = CGMutablePath()
            arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
            for element in arc.elements {
                switch element {
                case .moveTo(let point): lineOrMove(to: point)
                case .addCurveTo(let end, let control1, let control2):
                    cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
                default: break
                }
            }
        case .addPath(let path):
            addPath(cr, path)
        case .closePath:
            cairo_close_path(cr)
        case .fillPath(let rule):
            setFillRule(rule)
            setSource(state.fillColor)
            cairo_fill(cr)
        case .strokePath:
            applyLineStyle()
            setSource(state.strokeColor)
            cairo_stroke(cr)
        case .clip(let rule):
            setFillRule(rule)
            cairo_clip(cr)
        case .setFillColor(let color): state.fillColor = color
        case .setStrokeColor(let color): state.strokeColor = color
        case .setAlpha(let value): state.alpha = value
        case .setLineWidth(let width): state.lineWidth = width
        case .setLineCap(let cap): state.lineCap = cap
        case .setLineJoin(let join): state.lineJoin = join
        case .setMiterLimit(let limit): state.miterLimit = limit
        case .setLineDash(let phase, let lengths):
            state.dashPhase = phase
            state.dashLengths = lengths
        case .drawLinearGradient(let gradient, let start, let end, let options):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
            try paint(gradient, pattern: pattern, options: options)
        case .drawRadialGradient(let gradient, let startCenter, let startRadius, let endCenter, let endRadius, let options):
            let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                      endCenter.x, endCenter.y, endRadius)!
            try paint(gradient, pattern: pattern, options: options)
        case .drawText(let text):
            try draw(text)
        case .drawTextBlock(let text, let origin, let size):
            // With no box, room enough for any line; unwrapped, left-aligned text starts at the origin.
            let box = size ?? CGSize(width: Self.unboundedSide, height: Self.unboundedSide)
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_new_path(cr)
            cairo_translate(cr, origin.x, origin.y)
            try TextLayout.draw(text, in: box, alpha: state.alpha * alpha, on: cr)
        case .drawLayer(let snapshot, let rect):
            try draw(snapshot, in: rect)
        }
    }

    /// Draws a snapshot's layer in its own space stretched into `rect`, faded by the
    /// context's alpha (through a group when it is below 1).
    private func draw(_ snapshot: LayerSnapshot, in rect: CGRect) throws {
        let size = snapshot.size
        guard size.width > 0, size.height > 0, rect.width != 0, rect.height != 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / size.width, rect.height / size.height)
        let painter = LayerPainter(cr: cr)
        let opacity = state.alpha * alpha
        guard opacity < 1 else { return try painter.drawInOwnSpace(snapshot.layer) }
        let pattern = try painter.group { try painter.drawInOwnSpace(snapshot.layer) }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, opacity)
    }

    /// The side of the box text drawn at a point is laid out in, in points.
    private static let unboundedSide: CGFloat = 1_000_000

    private func lineOrMove(to point: CGPoint) {
        if cairo_has_current_point(cr) != 0 {
            cairo_line_to(cr, point.x, point.y)
        } else {
            cairo_move_to(cr, point.x, point.y)
        }
    }

    private func setFillRule(_ rule: CGPathFillRule) {
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    private func setSource(_ color: CGColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * state.alpha * alpha)
    }

    private func applyLineStyle() {
        cairo_set_line_width(cr, state.lineWidth)
        switch state.lineCap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch state.lineJoin {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(cr, state.miterLimit)
        // Cairo rejects negative or all-zero dashes; Core Graphics strokes those solid.
        let dashes = state.dashLengths.map { Double(max($0, 0)) }
        if dashes.contains(where: { $0 > 0 }) {
            cairo_set_dash(cr, dashes, Int32(dashes.count), state.dashPhase)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// Paints the clip area with a gradient pattern (taking ownership of `pattern`); the
    /// current path is left as it was, as Core Graphics leaves it.
    private func paint(_ gradient: CGGradient, pattern: OpaquePointer, options: CGGradientDrawingOptions) throws {
        defer { cairo_pattern_destroy(pattern) }
        try check(cairo_pattern_status(pattern), "creating a gradient pattern")
        let stops = gradient.stops
        // Cairo extends both ends alike; a gradient extended at one end only gets an
        // extra stop at the other end fading to clear, nearly Core Graphics' look.
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        for (index, stop) in stops.enumerated() {
            let color = stop.color
            if index == 0, !before, after, stop.location > 0 {
                cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0)
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, 0, 0, 0, 0)
            }
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, color.red, color.green, color.blue,
                                              color.alpha * state.alpha * alpha)
            if index == stops.count - 1, before, !after, stop.location < 1 {
                cairo_pattern_add_color_stop_rgba(pattern, stop.location, 0, 0, 0, 0)
                cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
            }
        }
        cairo_save(cr)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Lays `text` out with Pango (grayscale antialiasing, hinting off) and draws it
    /// with its layout box's top-left at the text's point.
    private func draw(_ text: DrawnText) throws {
        guard !text.string.isEmpty, text.fontSize > 0 else { return }
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        try TextLayout.prepare(pango_layout_get_context(layout))
        pango_layout_context_changed(layout)
        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, text.fontFamily ?? UIFont.systemFamilyName)
        pango_font_description_set_weight(font, text.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        TextLayout.setSize(text.fontSize, of: font)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text.string, -1)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        setSource(text.color)
        cairo_move_to(cr, text.point.x, text.point.y)
        pango_cairo_show_layout(cr, layout)
        try check(cairo_status(cr), "drawing text")
    }
}
