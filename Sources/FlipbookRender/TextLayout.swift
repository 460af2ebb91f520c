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

    /// Lays `text` out for `cr`'s current transform, in boxes `width` points wide; runs
    /// with a colour of their own draw at its alpha times `alpha`.
    /// - Throws: `RenderError` when Cairo cannot make the font options.
    init(_ text: TextContent, width: CGFloat, for cr: OpaquePointer, alpha: CGFloat = 1) throws {
        let context = pango_cairo_create_context(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        try Self.prepare(context)
        layout = pango_layout_new(context)!

        let font = FontDescription(text.font)
        pango_layout_set_font_description(layout, font.description)
        pango_layout_set_text(layout, text.string, -1)
        Self.setAttributes(of: text, alpha: alpha, on: layout)
        if text.lineSpacing > 0 { pango_layout_set_spacing(layout, Self.pangoUnits(text.lineSpacing)) }
        switch text.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        case .left, .natural: break
        }
        let pangoWidth = Self.pangoUnits(max(width, 0))
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

    /// The language text is laid out in, whatever the machine's locale (`FontFamilies.pinLanguage()`).
    static let pinnedLanguage = "en-us"

    /// Sets `context` to lay out as every text here is: grayscale antialiasing, no hinting
    /// of outlines or metrics, unrounded glyph positions, and one language, US English,
    /// whatever `LANG` says: Pango picks fonts and glyph forms by language (Han characters
    /// take Chinese forms under zh_CN, Japanese ones under ja_JP), and a frame must be the
    /// same on every machine. iOS with English first draws them the same way.
    static func prepare(_ context: OpaquePointer) throws {
        pango_context_set_language(context, pango_language_from_string(pinnedLanguage))
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        try check(cairo_font_options_status(options), "cairo_font_options_create")
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Whether lines have a width to align and break in; without one, the caller places
    /// the block by `logicalRect`.
    var hasWidth: Bool { pango_layout_get_width(layout) >= 0 }

    /// Shows at most `lines` lines per paragraph, ellipsizing the last as `truncation` says.
    func limit(toLines lines: Int, truncation: TextContent.Truncation) {
        pango_layout_set_ellipsize(layout, Self.ellipsizeMode(truncation))
        pango_layout_set_height(layout, -Int32(clamping: max(lines, 1)))
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
            // In points before adding: the sum of two Pango extents can pass Int32.max.
            bottoms.append(Self.points(logical.y) + Self.points(logical.height))
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

    /// `points` in Pango units, rounded down and clamped to what Pango's 32 bits hold
    /// (about 2 million points); NaN is 0.
    static func pangoUnits(_ points: CGFloat) -> Int32 {
        let units = (points * CGFloat(PANGO_SCALE)).rounded(.down)
        guard !units.isNaN else { return 0 }
        return Int32(min(max(units, CGFloat(Int32.min)), CGFloat(Int32.max)))
    }

    /// Sets the text's Pango attributes: tabular figures (OpenType "tnum") for a font that
    /// uses them, no hyphens where a word breaks, and each run's font, colour, letter spacing, underline and strikethrough
    /// over its bytes.
    private static func setAttributes(of text: TextContent, alpha: CGFloat, on layout: OpaquePointer) {
        let attributes = pango_attr_list_new()!
        defer { pango_attr_list_unref(attributes) }
        if text.font.usesTabularDigits { pango_attr_list_insert(attributes, pango_attr_font_features_new("tnum")) }
        // A word broken over two lines gets no hyphen, as in UIKit (a paragraph style's
        // hyphenationFactor is 0 unless set); Pango would add one.
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        for run in text.runs {
            var made: [UnsafeMutablePointer<PangoAttribute>] = []
            if let font = run.font {
                made.append(pango_attr_font_desc_new(FontDescription(font).description))
                if font.usesTabularDigits { made.append(pango_attr_font_features_new("tnum")) }
            }
            if let color = run.color {
                func channel(_ c: CGFloat) -> UInt16 { UInt16((min(max(c, 0), 1) * 65535).rounded()) }
                made.append(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
                // Pango reads an alpha of 0 as none given (opaque): the least it can draw instead.
                made.append(pango_attr_foreground_alpha_new(max(channel(color.alpha * alpha), 1)))
            }
            if let kern = run.kern { made.append(pango_attr_letter_spacing_new(Int32(clamping: Int(pangoUnits(kern))))) }
            if run.isUnderlined { made.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
            if run.isStruckThrough { made.append(pango_attr_strikethrough_new(1)) }
            for attribute in made {
                attribute.pointee.start_index = UInt32(clamping: run.range.lowerBound)
                attribute.pointee.end_index = UInt32(clamping: run.range.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
        }
        pango_layout_set_attributes(layout, attributes)
    }

    /// The largest font size drawn, in points; larger sizes draw at it. Pango keeps a
    /// font's size in 32-bit units of 1/1024 point, and the lines' extents too: a font
    /// much larger overflows them (a scene's sizes are limited far below, by `font-size`).
    static let largestFontSize: CGFloat = 100_000

    /// Sets `size` points, at most `largestFontSize`, as `description`'s absolute size.
    static func setSize(_ size: CGFloat, of description: OpaquePointer) {
        let points = size.isNaN ? 0 : min(size, largestFontSize)
        pango_font_description_set_absolute_size(description, Double(points) * Double(PANGO_SCALE))
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
final class FontDescription {
    let description: OpaquePointer

    init(_ font: UIFont) {
        description = pango_font_description_new()!
        pango_font_description_set_family(description, font.drawingFamilyName)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.weightClass)))
        // Absolute: user-space units (points), not typographic points at a resolution.
        TextLayout.setSize(font.pointSize, of: description)
    }

    deinit { pango_font_description_free(description) }
}
