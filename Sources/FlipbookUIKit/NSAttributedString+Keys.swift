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
    /// A number of points added between characters. Kept, not drawn.
    public static let kern = NSAttributedString.Key("NSKern")
}
