import Foundation

/// A view that shows a line or more of text (G7).
///
/// The text is drawn in the label's bounds, centred vertically as UIKit centres it, in
/// at most `numberOfLines` lines (0: as many as fit the height); text that does not fit
/// is broken and truncated as `lineBreakMode` says, by default with an ellipsis at the
/// end of the last line.
///
/// Its text is laid out for its final size, so inside an animation block a label's size
/// changes at once while its position animates: a label does not keep the relation a
/// layoutSubviews animation gives other subviews (V11).
@preconcurrency @MainActor
open class UILabel: UIView {
    public var text: String? {
        didSet {
            if !isSettingAttributedText { styledText = nil }
            updateLayerText()
        }
    }
    /// The text with attributes of its own for each run (font, colour, kern, underline,
    /// strikethrough), drawn over the label's `font` and `textColor` where a run has none;
    /// the first character's paragraph style aligns it. Setting it sets `text` to its
    /// string; setting `text` drops it. Read without one set, it is `text` with the
    /// label's font and colour.
    public var attributedText: NSAttributedString? {
        get {
            styledText ?? text.map { NSAttributedString(string: $0, attributes: [.font: currentFont, .foregroundColor: textColor]) }
        }
        set {
            styledText = newValue.map { NSAttributedString(attributedString: $0) }
            isSettingAttributedText = true
            text = newValue?.string
            isSettingAttributedText = false
        }
    }
    private var styledText: NSAttributedString?
    private var isSettingAttributedText = false
    /// Default `.label` (black in light mode, white in dark, iOS 13).
    public var textColor: UIColor = .label { didSet { updateLayerText() } }
    /// Default the system font (Inter, the stand-in for San Francisco) at 17 points;
    /// setting nil sets that default again, as in UIKit (where it is a `UIFont!` too).
    public var font: UIFont! {
        get { currentFont }
        set { currentFont = newValue ?? Self.defaultFont }
    }
    private var currentFont = UILabel.defaultFont { didSet { updateLayerText() } }
    private static let defaultFont = UIFont.systemFont(ofSize: UIFont.labelFontSize)
    /// Default `.natural` (left for left-to-right text).
    public var textAlignment: NSTextAlignment = .natural { didSet { updateLayerText() } }
    /// Default `.byTruncatingTail`.
    public var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { updateLayerText() } }
    /// Lines to show; 0 is as many as fit. Default 1.
    public var numberOfLines = 1 { didSet { updateLayerText() } }

    /// The width a label of several lines breaks its text at for `intrinsicContentSize`; 0 (the default): none.
    public var preferredMaxLayoutWidth: CGFloat = 0

    /// Measures text laid out as the renderer lays it out, broken to a width or not:
    /// set by the render target's stage, as FlipbookUIKit does not lay text out. Without
    /// a stage, text measures zero.
    @_spi(Rendering) public static var textMeasurer: ((TextContent, CGFloat?) -> CGSize)?

    open override class var layerClass: AnyClass { UILabelLayer.self }

    /// The text's size: on one line, or broken to `preferredMaxLayoutWidth` for a label of
    /// several lines; none without text.
    open override var intrinsicContentSize: CGSize {
        guard let content = textContent else { return super.intrinsicContentSize }
        return measuredSize(of: content, breakingAt: preferredMaxLayoutWidth)
    }

    /// The text's size, broken to `size.width` when the label has several lines; zero without
    /// text. A width of 0 or less (`sizeToFit()` of a label not sized yet) sets no limit.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let content = textContent else { return .zero }
        return measuredSize(of: content, breakingAt: size.width)
    }

    /// `content`'s size, broken to `width` when the label has several lines and `width` is
    /// more than 0 (0 or less sets no limit), else on one line.
    private func measuredSize(of content: TextContent, breakingAt width: CGFloat) -> CGSize {
        Self.textMeasurer?(content, numberOfLines != 1 && width > 0 ? width : nil) ?? .zero
    }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var animatesSizeChanges: Bool { false }

    override func resolveDynamicColors() {
        super.resolveDynamicColors()
        updateLayerText()
    }

    /// The text as the renderer lays it out; nil without text.
    private var textContent: TextContent? {
        text.flatMap { string in
            let alignment = (styledText?.firstAttributes[.paragraphStyle] as? NSParagraphStyle)?.alignment ?? textAlignment
            var content: TextContent? = string.isEmpty ? nil : .label(
                string, font: currentFont, color: textColor.resolvedColor(with: traitCollection).cgColor,
                alignment: alignment, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
            content?.runs = styledText?.textRuns ?? []
            return content
        }
    }

    private func updateLayerText() {
        (layer as? UILabelLayer)?.text = textContent
        invalidateIntrinsicContentSize()
    }
}

/// A label's layer: draws the label's text, laid out in its bounds when a frame is drawn.
final class UILabelLayer: CALayer {
    /// Set by the label whenever a text property changes; not animatable.
    var text: TextContent?

    required init() { super.init() }

    required init(layer: Any) { super.init(layer: layer) }

    override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        text = (layer as? UILabelLayer)?.text
    }

    override func renderContent() -> LayerContent? { text.map(LayerContent.text) }
}
