internal import CPango
import FlipbookQuartz
import Foundation

/// The font families installed on this machine, as Pango sees them through fontconfig:
/// which exist, and what a family that does not exist is drawn with instead.
public enum FontFamilies {
    /// The family text in `family` is drawn with: `family` itself when it is installed
    /// (in any case), else the family fontconfig substitutes ("DejaVu Sans", say). Apple's
    /// names for the system font are the system font (`UIFont.isSystemFamilyAlias`).
    public static func drawingFamily(for family: String) -> String {
        if UIFont.isSystemFamilyAlias(family) { return UIFont.systemFamilyName }
        if let installed = installed[family.lowercased()] { return installed }
        return substitute(for: family)
    }

    /// Whether a family called `family` is installed, in any case.
    public static func isInstalled(_ family: String) -> Bool { installed[family.lowercased()] != nil }

    /// The ascender, descender (negative, below the baseline) and line height of `font` as
    /// drawn here, in points: what `UIFont.ascender`, `descender` and `lineHeight` give on iOS.
    /// - Throws: `RenderError` when Cairo cannot make the font options.
    public static func metrics(of font: UIFont) throws -> (ascender: CGFloat, descender: CGFloat, lineHeight: CGFloat) {
        let map = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(map)) }
        let context = pango_font_map_create_context(map)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        try TextLayout.setUnhinted(context)
        let description = FontDescription(font)
        let metrics = withExtendedLifetime(description) { pango_context_get_metrics(context, description.description, nil)! }
        defer { pango_font_metrics_unref(metrics) }
        let points = { (units: Int32) in CGFloat(units) / CGFloat(PANGO_SCALE) }
        let ascender = points(pango_font_metrics_get_ascent(metrics))
        let descender = -points(pango_font_metrics_get_descent(metrics))
        return (ascender, descender, ascender - descender)
    }

    /// Every installed family's name, keyed by its lowercased name; read once.
    private static let installed: [String: String] = {
        let map = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(map)) }
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &families, &count)
        defer { g_free(families) }
        var names: [String: String] = [:]
        for index in 0..<Int(count) {
            guard let family = families?[index], let name = pango_font_family_get_name(family) else { continue }
            let text = String(cString: name)
            names[text.lowercased()] = text
        }
        return names
    }()

    /// The family of the face fontconfig picks for `family`.
    private static func substitute(for family: String) -> String {
        let map = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(map)) }
        let context = pango_font_map_create_context(map)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_size(description, 17 * PANGO_SCALE)
        guard let font = pango_font_map_load_font(map, context, description) else { return family }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let loaded = pango_font_describe(font)!
        defer { pango_font_description_free(loaded) }
        return pango_font_description_get_family(loaded).map { String(cString: $0) } ?? family
    }
}
