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
    public var text: String? { didSet { updateLayerText() } }
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

    open override class var layerClass: CALayer.Type { UILabelLayer.self }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override var animatesSizeChanges: Bool { false }

    override func resolveDynamicColors() {
        super.resolveDynamicColors()
        updateLayerText()
    }

    private func updateLayerText() {
        (layer as? UILabelLayer)?.text = text.flatMap { string in
            string.isEmpty ? nil : .label(string, font: currentFont, color: textColor.resolvedColor(with: traitCollection).cgColor,
                                         alignment: textAlignment,
                                         numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        }
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
