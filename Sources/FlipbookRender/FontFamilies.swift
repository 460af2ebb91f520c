internal import CPango
import FlipbookQuartz
import Foundation
import Synchronization

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

    /// Makes Pango and fontconfig take US English as the user's language, which they
    /// otherwise read from `LANG` and `LANGUAGE` and use to pick the fonts and forms of
    /// characters of scripts the text's own language does not cover (Han takes Chinese
    /// forms under zh_CN): a frame must be the same on every machine. It sets the
    /// environment, so it must run before other threads start and before Pango and
    /// fontconfig first read it: `flipbook` calls it first thing, a `Stage` when the first
    /// is made.
    public static func pinLanguage() {
        setenv("PANGO_LANGUAGE", TextLayout.pinnedLanguage, 1)
        setenv("FC_LANG", TextLayout.pinnedLanguage, 1)
    }

    /// Whether a family called `family` is installed, in any case.
    public static func isInstalled(_ family: String) -> Bool { installed[family.lowercased()] != nil }

    /// What to tell the user when text in `family` draws in another family, naming the
    /// one it draws in: "font family 'Avenir Next' is not installed: text draws in DejaVu
    /// Sans, fontconfig's substitute"; nil when it draws in `family` (an installed family,
    /// or one fontconfig finds under that name without spaces: "DejaVuSans").
    public static func substitutionWarning(for family: String) -> String? {
        guard !isInstalled(family) else { return nil }
        let used = drawingFamily(for: family)
        if UIFont.isSystemFamilyAlias(family) {
            return "font family '\(family)' is not installed: San Francisco cannot be shipped; text draws in \(used), "
                + "Flipbook's stand-in for it"
        }
        let squeezed = { (name: String) in name.lowercased().filter { $0 != " " } }
        guard squeezed(used) != squeezed(family) else { return nil }
        return "font family '\(family)' is not installed: text draws in \(used), fontconfig's substitute"
    }

    /// Writes `substitutionWarning(for:)` to standard error, once per family in a process:
    /// for fonts made in Swift code (`UIFont(name:size:)`), which have no scene file to
    /// warn against.
    public static func warnOnceIfSubstituted(_ family: String) {
        let isNew = warned.withLock { $0.insert(family.lowercased()).inserted }
        guard isNew, let warning = substitutionWarning(for: family) else { return }
        FileHandle.standardError.write(Data("flipbook: warning: \(warning) (UIFont(name: \"\(family)\", size:))\n".utf8))
    }

    /// The families `warnOnceIfSubstituted` has looked at, lowercased.
    private static let warned = Mutex<Set<String>>([])

    /// The ascender, descender (negative, below the baseline) and line height of `font` as
    /// drawn here, in points: what `UIFont.ascender`, `descender` and `lineHeight` give on iOS.
    /// - Throws: `RenderError` when Cairo cannot make the font options.
    public static func metrics(of font: UIFont) throws -> (ascender: CGFloat, descender: CGFloat, lineHeight: CGFloat) {
        let map = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(map)) }
        let context = pango_font_map_create_context(map)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        try TextLayout.prepare(context)
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
        // The language matters to the choice; the rest of the set-up cannot change it.
        try? TextLayout.prepare(context)
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
