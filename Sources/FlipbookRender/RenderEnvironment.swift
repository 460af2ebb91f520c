internal import CCairo
internal import CFreeType
internal import CPango
internal import CPixman
internal import CPNG

/// The native libraries the renderer runs on, whose versions can change its pixels.
public enum RenderEnvironment {
    /// The run-time (not compile-time) versions of the rendering libraries, keyed
    /// `"cairo"`, `"pixman"`, `"pango"`, `"freetype"` and `"libpng"`, e.g. `"1.16.0"`.
    public static func libraryVersions() -> [String: String] {
        [
            "cairo": String(cString: cairo_version_string()),
            "pixman": String(cString: pixman_version_string()),
            "pango": String(cString: pango_version_string()),
            "freetype": freeTypeVersion(),
            "libpng": String(cString: png_get_libpng_ver(nil)),
        ]
    }

    /// FreeType reports its version only through a library instance.
    private static func freeTypeVersion() -> String {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            return "unknown (FT_Init_FreeType failed with error \(error))"
        }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
