import Foundation

/// A stretch of a `TextContent`'s string drawn with attributes of its own: a run of an
/// attributed string. A nil attribute keeps the text's own.
public struct TextRun: Sendable, Hashable {
    /// UTF-8 byte offsets into the string.
    public var range: Range<Int>
    public var font: UIFont?
    public var color: CGColor?
    /// Points added after each character (`NSAttributedString.Key.kern`).
    public var kern: CGFloat?
    /// A single line under the text (`.underlineStyle` other than none).
    public var isUnderlined: Bool
    /// A single line through the text (`.strikethroughStyle` other than none).
    public var isStruckThrough: Bool

    public init(range: Range<Int>, font: UIFont? = nil, color: CGColor? = nil, kern: CGFloat? = nil,
                isUnderlined: Bool = false, isStruckThrough: Bool = false) {
        self.range = range
        self.font = font
        self.color = color
        self.kern = kern
        self.isUnderlined = isUnderlined
        self.isStruckThrough = isStruckThrough
    }
}
