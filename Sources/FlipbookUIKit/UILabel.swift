import Foundation

/// A view that shows a line or more of text.
///
/// Its text is laid out for its final size, so inside an animation block a label's size
/// changes at once while its position animates: a label does not keep the relation a
/// layoutSubviews animation gives other subviews (V11). (Drawing the text comes with the
/// content layers.)
@MainActor
open class UILabel: UIView {
    public var text: String?
    public var textColor: UIColor = .black
    /// Lines to show; 0 is as many as needed.
    public var numberOfLines = 1

    override var animatesSizeChanges: Bool { false }
}
