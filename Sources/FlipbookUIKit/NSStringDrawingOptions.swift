import Foundation

/// How `boundingRect(with:options:attributes:context:)` measures; lines are always laid
/// out from the top-left here, as with `.usesLineFragmentOrigin`.
public struct NSStringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Kept for code that passes one to `boundingRect`; nothing is read from it.
open class NSStringDrawingContext {
    public init() {}
}
