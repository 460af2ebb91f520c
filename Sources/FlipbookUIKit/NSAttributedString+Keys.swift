import Foundation

/// The attributes text drawing reads, with UIKit's raw values.
extension NSAttributedString.Key {
    /// A `UIFont`; default the system font at 12 points, as UIKit's text drawing has it.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`; default black.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the text. Kept, not drawn.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`: alignment, line spacing, line breaks.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A number of points added after each character.
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSUnderlineStyle`'s raw value (or the style): any style other than none draws a
    /// single line under the text.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// An `NSUnderlineStyle`'s raw value (or the style): any style other than none draws a
    /// single line through the text.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
}

/// The lines under and through text, with UIKit's raw values. Every style is drawn as a
/// single line.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
