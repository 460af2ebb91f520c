internal import CCairo
internal import CPango
import FlipbookQuartz
import Foundation

/// A Pango layout of a `TextContent` for a Cairo context, owning its Pango objects.
///
/// Glyphs are laid out deterministically: grayscale antialiasing, no hinting of outlines
/// or metrics, unrounded glyph positions, so the same text gives the same pixels on every
/// run and at every canvas scale the same layout.
final class TextLayout {
    private let layout: OpaquePointer

    /// Lays `text` out for `cr`'s current transform, in boxes `width` points wide.
    /// - Throws: `RenderError` when Cairo cannot make the font options.
    init(_ text: TextContent, width: CGFloat, for cr: OpaquePointer) throws {
        let context = pango_cairo_create_context(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        try check(cairo_font_options_status(options), "cairo_font_options_create")
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        layout = pango_layout_new(context)!

        let font = FontDescription(text.font)
        pango_layout_set_font_description(layout, font.description)
        pango_layout_set_text(layout, text.string, -1)
        switch text.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        case .left, .natural: break
        }
        let pangoWidth = Self.pangoUnits(width)
        switch text.wrapping {
        case .none:
            // Pango breaks lines whenever it has a width, unless it ellipsizes instead.
            if text.truncation != .none { pango_layout_set_width(layout, pangoWidth) }
            pango_layout_set_ellipsize(layout, Self.ellipsizeMode(text.truncation))
        case .words, .characters:
            pango_layout_set_width(layout, pangoWidth)
            pango_layout_set_wrap(layout, text.wrapping == .words ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Whether lines have a width to align and break in; without one, the caller places
    /// the block by `logicalRect`.
    var hasWidth: Bool { pango_layout_get_width(layout) >= 0 }

    /// Shows at most `lines` lines per paragraph, ellipsizing the last as `truncation` says.
    func limit(toLines lines: Int, truncation: TextContent.Truncation) {
        pango_layout_set_ellipsize(layout, Self.ellipsizeMode(truncation))
        pango_layout_set_height(layout, -Int32(max(lines, 1)))
    }

    /// The bottom edge of each line's logical box, top to bottom, in points from the
    /// layout's top.
    var lineBottoms: [CGFloat] {
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        var bottoms: [CGFloat] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            bottoms.append(Self.points(logical.y + logical.height))
        } while pango_layout_iter_next_line(iterator) != 0
        return bottoms
    }

    /// The logical box of the whole layout, in points.
    var logicalRect: CGRect {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGRect(x: Self.points(logical.x), y: Self.points(logical.y),
                      width: Self.points(logical.width), height: Self.points(logical.height))
    }

    /// Draws the layout with its top-left corner at `origin`, in the current source.
    func show(at origin: CGPoint, on cr: OpaquePointer) throws {
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout)
        try check(cairo_status(cr), "pango_cairo_show_layout")
    }

    private static func points(_ pangoUnits: Int32) -> CGFloat { CGFloat(pangoUnits) / CGFloat(PANGO_SCALE) }

    /// A width in Pango's units (1/1024 pt, in an Int32): a box wider than Pango can count
    /// (a label 10⁹ points wide) is as wide as it can; a negative one, or NaN, is empty.
    private static func pangoUnits(_ width: CGFloat) -> Int32 {
        let units = (width * CGFloat(PANGO_SCALE)).rounded(.down)
        return units > 0 ? Int32(min(units, CGFloat(Int32.max))) : 0
    }

    private static func ellipsizeMode(_ truncation: TextContent.Truncation) -> PangoEllipsizeMode {
        switch truncation {
        case .none: PANGO_ELLIPSIZE_NONE
        case .head: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .tail: PANGO_ELLIPSIZE_END
        }
    }
}

/// A Pango font description of a `UIFont`, freed with the object.
private final class FontDescription {
    let description: OpaquePointer

    init(_ font: UIFont) {
        description = pango_font_description_new()!
        pango_font_description_set_family(description, font.familyName)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.weightClass)))
        // Absolute: user-space units (points), not typographic points at a resolution.
        pango_font_description_set_absolute_size(description, Double(font.pointSize) * Double(PANGO_SCALE))
    }

    deinit { pango_font_description_free(description) }
}
