/// How a label breaks lines that are too wide and what it does with text that does not fit.
public enum NSLineBreakMode: Int, Sendable, Hashable, CaseIterable {
    /// Wrap at word boundaries; text beyond the last line shown is not drawn.
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping = 1
    /// Wrap at words; a single line is cut at the edge of the box.
    case byClipping = 2
    /// Replace the start of the last line shown with an ellipsis.
    case byTruncatingHead = 3
    /// Replace the end of the last line shown with an ellipsis (UILabel's default).
    case byTruncatingTail = 4
    /// Replace the middle of the last line shown with an ellipsis.
    case byTruncatingMiddle = 5
}
