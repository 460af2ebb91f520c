import Foundation

/// Text to lay out and draw in a layer's bounds (G7): what a `CATextLayer` or a
/// `UILabel` hands the renderer, which lays it out with Pango.
public struct TextContent: Sendable, Hashable {
    /// Where the block of lines sits vertically in the bounds.
    public enum VerticalPlacement: Sendable, Hashable {
        /// The first line at the top edge (CATextLayer).
        case top
        /// The block of lines shown centred (UILabel).
        case center
    }

    /// How lines are broken when the text is wider than the bounds.
    public enum Wrapping: Sendable, Hashable {
        /// No breaks but the text's own newlines; lines run past the edge.
        case none
        case words
        case characters

        /// How `lineBreakMode` breaks lines: at characters for `byCharWrapping`, not at all
        /// for `byClipping` on one line (cut at the edge, not broken at a word), else at words.
        public init(_ lineBreakMode: NSLineBreakMode, singleLine: Bool) {
            switch lineBreakMode {
            case .byCharWrapping: self = .characters
            case .byClipping where singleLine: self = .none
            default: self = .words
            }
        }
    }

    /// Where an ellipsis replaces text that does not fit on the last line shown.
    public enum Truncation: Sendable, Hashable {
        case none, head, middle, tail

        /// Where `lineBreakMode` puts the ellipsis: none for the wrapping and clipping modes.
        public init(_ lineBreakMode: NSLineBreakMode) {
            self = switch lineBreakMode {
            case .byTruncatingHead: .head
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .tail
            case .byWordWrapping, .byCharWrapping, .byClipping: .none
            }
        }
    }

    public var string: String
    public var font: UIFont
    public var color: CGColor
    /// `.natural` is left for left-to-right text.
    public var alignment: NSTextAlignment
    public var wrapping: Wrapping
    public var truncation: Truncation
    /// The most lines shown; 0 is as many as fit in the bounds.
    public var maximumLines: Int
    /// Whether only whole lines that fit the height are drawn (UILabel), rather than
    /// every line clipped to the bounds (CATextLayer).
    public var showsWholeLinesOnly: Bool
    public var verticalPlacement: VerticalPlacement
    /// Points added between one line and the next (`NSParagraphStyle.lineSpacing`); default 0.
    public var lineSpacing: CGFloat = 0
    /// Stretches of `string` drawn with attributes of their own (an attributed string's
    /// runs), over `font` and `color`; none by default.
    public var runs: [TextRun] = []

    public init(string: String, font: UIFont, color: CGColor, alignment: NSTextAlignment = .natural,
                wrapping: Wrapping = .words, truncation: Truncation = .none, maximumLines: Int = 0,
                showsWholeLinesOnly: Bool = false, verticalPlacement: VerticalPlacement = .top) {
        self.string = string
        self.font = font
        self.color = color
        self.alignment = alignment
        self.wrapping = wrapping
        self.truncation = truncation
        self.maximumLines = maximumLines
        self.showsWholeLinesOnly = showsWholeLinesOnly
        self.verticalPlacement = verticalPlacement
    }

    /// A label's text as UIKit lays it out: centred vertically, at most `numberOfLines`
    /// lines (0: as many as fit), broken and truncated as `lineBreakMode` says.
    public static func label(_ string: String, font: UIFont, color: CGColor, alignment: NSTextAlignment,
                             numberOfLines: Int, lineBreakMode: NSLineBreakMode) -> TextContent {
        TextContent(string: string, font: font, color: color, alignment: alignment,
                    wrapping: Wrapping(lineBreakMode, singleLine: numberOfLines == 1),
                    truncation: Truncation(lineBreakMode), maximumLines: max(numberOfLines, 0),
                    showsWholeLinesOnly: true, verticalPlacement: .center)
    }
}
