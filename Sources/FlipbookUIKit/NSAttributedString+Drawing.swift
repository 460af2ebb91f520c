import Foundation

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

    /// The size the string takes drawn on one line per paragraph, in whole points.
    @MainActor public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextDrawing(self, attributes: attrs ?? [:]).size(width: nil)
    }

    /// The box the string takes drawn with its lines broken to `size.width`, from the origin.
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                                        attributes: [NSAttributedString.Key: Any]? = nil,
                                        context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: TextDrawing(self, attributes: attributes ?? [:]).size(width: size.width))
    }
}

extension NSAttributedString {
    @MainActor public func draw(in rect: CGRect) {
        TextDrawing(string, attributes: firstAttributes).draw(in: rect)
    }

    @MainActor public func draw(at point: CGPoint) {
        TextDrawing(string, attributes: firstAttributes).draw(at: point)
    }

    /// The size the text takes drawn on one line per paragraph, in whole points.
    @MainActor public func size() -> CGSize {
        TextDrawing(string, attributes: firstAttributes).size(width: nil)
    }

    /// The box the text takes drawn with its lines broken to `size.width`, from the origin.
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                                        context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: TextDrawing(string, attributes: firstAttributes).size(width: size.width))
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
        // Clipped string drawing keeps each paragraph on one line, as a one-line label does.
        var content = TextContent(
            string: string, font: attributes[.font] as? UIFont ?? Self.defaultFont, color: color,
            alignment: style.alignment,
            wrapping: TextContent.Wrapping(style.lineBreakMode, singleLine: true),
            truncation: TextContent.Truncation(style.lineBreakMode))
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

    /// The text's size laid out as the renderer lays it out; zero without a stage.
    @MainActor func size(width: CGFloat?) -> CGSize {
        UILabel.textMeasurer?(content, width) ?? .zero
    }
}
