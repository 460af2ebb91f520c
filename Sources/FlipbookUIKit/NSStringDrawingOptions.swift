import Foundation

/// How `boundingRect(with:options:attributes:context:)` measures; lines are always laid
/// out from the top-left here, as with `.usesLineFragmentOrigin`.
public struct NSStringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lines from the rectangle's top-left: how text is always measured here.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// The font's leading between lines: Pango's line height includes it.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph outlines rather than typographic bounds; ignored.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// An ellipsis on the last line that fits; ignored by measuring.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Kept for code that passes one to `boundingRect`; nothing is read from it.
open class NSStringDrawingContext {
    public init() {}
}
