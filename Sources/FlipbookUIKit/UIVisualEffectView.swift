import Foundation

/// An effect a `UIVisualEffectView` shows.
@MainActor
open class UIVisualEffect {
    public init() {}

    /// The translucent fill drawn over the blur; nil draws nothing.
    var tint: UIColor? { nil }
    /// The blur's standard deviation in points; 0 blurs nothing.
    var blurRadius: CGFloat { 0 }
    /// The colour a vibrancy effect fills its content's shapes with; nil for other effects.
    var vibrancyColor: UIColor? { nil }
}

/// A view that shows a visual effect over what is behind it, with a `contentView` for
/// the views drawn on top.
///
/// A blur effect blurs what was drawn behind the view (the renderer copies it from the
/// frame, or from the isolated group the view is in) and lays the style's tint over it
/// (see `UIBlurEffect`). Setting `effect` inside an animation block fades the blur and
/// tint in or out, as UIKit animates a blur in. A vibrancy effect (`UIVibrancyEffect`)
/// draws the content's shapes in its colour: the content view is then the mask of a fill
/// of that colour, so it is not a subview (its `superview` is nil) while the effect is one.
@MainActor
open class UIVisualEffectView: UIView {
    /// The view to add subviews to; it fills the effect view.
    public let contentView = UIView()
    private let blurView = BackdropBlurView()
    private let tintView = UIView()
    /// The vibrancy colour, masked by the content view while the effect is vibrancy.
    private let vibrancyView = UIView()

    open var effect: UIVisualEffect? {
        didSet { showEffect() }
    }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        addSubview(blurView)
        addSubview(tintView)
        addSubview(vibrancyView)
        addSubview(contentView)
        showEffect()
    }

    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        for view in [blurView, tintView, vibrancyView, contentView] { view.frame = bounds }
    }

    /// The effect's blur and tint; a change inside an animation block fades (the radius
    /// changes at once when the blur is shown).
    private func showEffect() {
        let radius = effect?.blurRadius ?? 0
        if radius > 0 { (blurView.layer as? BackdropBlurLayer)?.radius = radius }
        blurView.alpha = radius > 0 ? 1 : 0
        tintView.backgroundColor = effect?.tint ?? .clear
        showVibrancy(effect?.vibrancyColor)
    }

    /// Masks a fill of `color` by the content view, or puts the content view back on top.
    private func showVibrancy(_ color: UIColor?) {
        vibrancyView.backgroundColor = color ?? .clear
        if color != nil {
            guard vibrancyView.layer.mask !== contentView.layer else { return }
            contentView.removeFromSuperview()
            contentView.frame = bounds
            vibrancyView.layer.mask = contentView.layer
        } else if contentView.superview !== self {
            vibrancyView.layer.mask = nil
            addSubview(contentView)
        }
    }
}

/// The view whose layer draws the blur of what is behind it.
private final class BackdropBlurView: UIView {
    override class var layerClass: AnyClass { BackdropBlurLayer.self }
}

/// A layer that draws a blur of what is behind it over its bounds.
final class BackdropBlurLayer: CALayer {
    /// The blur's standard deviation in points; not animatable.
    var radius: CGFloat = 0

    required init() { super.init() }

    required init(layer: Any) { super.init(layer: layer) }

    override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        radius = (layer as? BackdropBlurLayer)?.radius ?? 0
    }

    override func renderContent() -> LayerContent? { radius > 0 ? .backdropBlur(radius: radius) : nil }
}
