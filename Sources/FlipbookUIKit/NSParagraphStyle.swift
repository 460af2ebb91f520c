import Foundation

/// How the paragraphs of drawn text are set (UIKit's `NSParagraphStyle`): alignment, the
/// space between lines, how lines break. Immutable; `NSMutableParagraphStyle` is the one
/// code sets up. Read by `String.draw(in:withAttributes:)` and `NSAttributedString.draw(in:)`
/// under `.paragraphStyle`.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    fileprivate var storedAlignment = NSTextAlignment.natural
    fileprivate var storedLineSpacing: CGFloat = 0
    fileprivate var storedParagraphSpacing: CGFloat = 0
    fileprivate var storedLineBreakMode = NSLineBreakMode.byWordWrapping

    public override init() { super.init() }

    /// The default style: natural alignment, word wrapping, no extra spacing.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// Default `.natural` (left for left-to-right text).
    open var alignment: NSTextAlignment { storedAlignment }
    /// Points added between the bottom of one line and the top of the next; default 0.
    open var lineSpacing: CGFloat { storedLineSpacing }
    /// Points added after each paragraph; default 0. Kept, not drawn.
    open var paragraphSpacing: CGFloat { storedParagraphSpacing }
    /// Default `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { storedLineBreakMode }

    open func copy(with zone: NSZone? = nil) -> Any { copy(into: NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copy(into: NSMutableParagraphStyle()) }

    private func copy(into style: NSParagraphStyle) -> NSParagraphStyle {
        style.storedAlignment = storedAlignment
        style.storedLineSpacing = storedLineSpacing
        style.storedParagraphSpacing = storedParagraphSpacing
        style.storedLineBreakMode = storedLineBreakMode
        return style
    }
}

/// A paragraph style whose properties can be set.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { storedLineSpacing }
        set { storedLineSpacing = max(newValue, 0) }
    }
    open override var paragraphSpacing: CGFloat {
        get { storedParagraphSpacing }
        set { storedParagraphSpacing = max(newValue, 0) }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }

    /// Takes every property of `style`.
    open func setParagraphStyle(_ style: NSParagraphStyle) {
        alignment = style.alignment
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        lineBreakMode = style.lineBreakMode
    }
}
