/// How lines of text sit between the left and right edges of their box.
public enum NSTextAlignment: Int, Sendable, Hashable, CaseIterable {
    case left = 0
    case center = 1
    case right = 2
    /// Every line but a paragraph's last fills the width.
    case justified = 3
    /// Left for left-to-right text (all Flipbook lays out by default), right for right-to-left.
    case natural = 4
}
