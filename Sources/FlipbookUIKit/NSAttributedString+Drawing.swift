import Foundation

/// Text drawn into the current graphics context (`UIGraphicsGetCurrentContext()`): in a
/// view's `draw(_:)`, a layer's drawing or a `UIGraphicsImageRenderer`'s actions, laid
/// out by Pango as a label's text is.
///
/// The attributes drawn are `.font` (default the system font at 12 points),
/// `.foregroundColor` (default black) and `.paragraphStyle` (alignment, `lineSpacing`,
/// `lineBreakMode`). `draw(in:)` breaks lines to the rectangle's width and clips them to
/// it; `draw(at:)` draws each paragraph on one line from the point. An attributed string
/// draws each run with its own `.font`, `.foregroundColor`, `.kern`, `.underlineStyle` and
/// `.strikethroughStyle`; its paragraph style is its first character's.
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
        TextDrawing(self).draw(in: rect)
    }

    @MainActor public func draw(at point: CGPoint) {
        TextDrawing(self).draw(at: point)
    }

    /// The size the text takes drawn on one line per paragraph, in whole points.
    @MainActor public func size() -> CGSize {
        TextDrawing(self).size(width: nil)
    }

    /// The box the text takes drawn with its lines broken to `size.width`, from the origin.
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                                        context: NSStringDrawingContext?) -> CGRect {
        CGRect(origin: .zero, size: TextDrawing(self).size(width: size.width))
    }

    /// The attributes of the first character: the paragraph's, and the defaults of the runs.
    var firstAttributes: [NSAttributedString.Key: Any] {
        length > 0 ? attributes(at: 0, effectiveRange: nil) : [:]
    }

    /// Each stretch of the string with the same attributes, as a run over its UTF-8 bytes.
    var textRuns: [TextRun] {
        var runs: [TextRun] = []
        let string = self.string
        let utf16 = string.utf16
        func byteOffset(_ utf16Offset: Int) -> Int {
            let index = utf16.index(utf16.startIndex, offsetBy: utf16Offset)
            return string.utf8.distance(from: string.startIndex, to: index)
        }
        var location = 0
        while location < length {
            var range = NSRange(location: 0, length: 0)
            let values = attributes(at: location, effectiveRange: &range)
            let end = max(range.location + range.length, location + 1)
            runs.append(TextRun(range: byteOffset(location)..<byteOffset(end), font: values[.font] as? UIFont,
                                color: TextDrawing.color(values[.foregroundColor]),
                                kern: TextDrawing.number(values[.kern]).map { CGFloat($0) },
                                isUnderlined: TextDrawing.drawsLine(values[.underlineStyle]),
                                isStruckThrough: TextDrawing.drawsLine(values[.strikethroughStyle])))
            location = end
        }
        return runs
    }
}

/// A string with its drawing attributes read into what the renderer lays out.
private struct TextDrawing {
    /// The font text draws in when no `.font` is given.
    static let defaultFont = UIFont.systemFont(ofSize: 12)

    var content: TextContent

    /// An attributed string's text: its first character's attributes over all of it, and
    /// its runs over their stretches.
    init(_ text: NSAttributedString) {
        self.init(text.string, attributes: text.firstAttributes)
        content.runs = text.textRuns
    }

    /// A `UIColor` or `CGColor` attribute's colour; nil for anything else.
    static func color(_ value: Any?) -> CGColor? {
        switch value {
        case let color as UIColor: color.cgColor
        case let color as CGColor: color
        default: nil
        }
    }

    /// Whether an underline or strikethrough attribute (a style or its raw value) draws a line.
    static func drawsLine(_ value: Any?) -> Bool {
        if let style = value as? NSUnderlineStyle { return style.rawValue != 0 }
        return (number(value) ?? 0) != 0
    }

    /// A number attribute as Swift or Foundation boxes it (`Int`, `CGFloat`, `NSNumber` …).
    static func number(_ value: Any?) -> Double? {
        switch value.flatMap(AnimationValue.init) {
        case .number(let number)?: number
        case .bool(let flag)?: flag ? 1 : 0
        default: nil
        }
    }

    init(_ string: String, attributes: [NSAttributedString.Key: Any]) {
        let style = attributes[.paragraphStyle] as? NSParagraphStyle ?? .default
        let color = Self.color(attributes[.foregroundColor]) ?? .black
        // Clipped string drawing keeps each paragraph on one line, as a one-line label does.
        var content = TextContent(
            string: string, font: attributes[.font] as? UIFont ?? Self.defaultFont, color: color,
            alignment: style.alignment,
            wrapping: TextContent.Wrapping(style.lineBreakMode, singleLine: true),
            truncation: TextContent.Truncation(style.lineBreakMode))
        content.lineSpacing = style.lineSpacing
        let kern = Self.number(attributes[.kern]).map { CGFloat($0) }
        let (underlined, struck) = (Self.drawsLine(attributes[.underlineStyle]), Self.drawsLine(attributes[.strikethroughStyle]))
        if kern != nil || underlined || struck {
            content.runs = [TextRun(range: 0..<string.utf8.count, kern: kern, isUnderlined: underlined, isStruckThrough: struck)]
        }
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
