import Foundation

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

/// Text drawn into the current graphics context (`UIGraphicsGetCurrentContext()`): in a
/// view's `draw(_:)`, a layer's drawing or a `UIGraphicsImageRenderer`'s actions, laid
/// out by Pango as a label's text is.
///
/// The attributes drawn are `.font` (default the system font at 12 points),
/// `.foregroundColor` (default black) and `.paragraphStyle` (alignment, `lineSpacing`,
/// `lineBreakMode`). `draw(in:)` breaks lines to the rectangle's width and clips them to
/// it; `draw(at:)` draws each paragraph on one line from the point. An attributed string
/// draws all of its text with the attributes of its first character.
extension String {
    @MainActor public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing(self, attributes: attrs ?? [:]).draw(in: rect)
    }

    @MainActor public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing(self, attributes: attrs ?? [:]).draw(at: point)
    }
}

extension NSAttributedString {
    @MainActor public func draw(in rect: CGRect) {
        TextDrawing(string, attributes: firstAttributes).draw(in: rect)
    }

    @MainActor public func draw(at point: CGPoint) {
        TextDrawing(string, attributes: firstAttributes).draw(at: point)
    }

    private var firstAttributes: [NSAttributedString.Key: Any] {
        length > 0 ? attributes(at: 0, effectiveRange: nil) : [:]
    }
}

/// A string with its drawing attributes read into what the renderer lays out.
private struct TextDrawing {
    /// The font text draws in when no `.font` is given.
    static let defaultFont = UIFont.systemFont(ofSize: 12)

    let content: TextContent

    init(_ string: String, attributes: [NSAttributedString.Key: Any]) {
        let style = attributes[.paragraphStyle] as? NSParagraphStyle ?? .default
        let color: CGColor = switch attributes[.foregroundColor] {
        case let color as UIColor: color.cgColor
        case let color as CGColor: color
        default: .black
        }
        let mode = style.lineBreakMode
        var content = TextContent(
            string: string, font: attributes[.font] as? UIFont ?? Self.defaultFont, color: color,
            alignment: style.alignment,
            wrapping: mode == .byCharWrapping ? .characters : mode == .byClipping ? .none : .words,
            truncation: TextContent.Truncation(mode))
        content.lineSpacing = style.lineSpacing
        self.content = content
    }

    @MainActor func draw(in rect: CGRect) {
        UIGraphicsGetCurrentContext()?.drawText(content, at: rect.origin, in: rect.size)
    }

    @MainActor func draw(at point: CGPoint) {
        var line = content
        line.wrapping = .none
        line.truncation = .none
        line.alignment = .left
        UIGraphicsGetCurrentContext()?.drawText(line, at: point, in: nil)
    }
}
