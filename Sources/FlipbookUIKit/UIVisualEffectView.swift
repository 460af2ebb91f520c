import Foundation

/// An effect a `UIVisualEffectView` shows.
@MainActor
open class UIVisualEffect {
    public init() {}

    /// The translucent fill that stands for the effect; nil draws nothing.
    var tint: UIColor? { nil }
}

/// A view that shows a visual effect over what is behind it, with a `contentView` for
/// the views drawn on top.
///
/// The blur itself is not drawn: the renderer has no backdrop pass, so a blur effect
/// shows its tint, a translucent white or near-black fill (see `UIBlurEffect`). Setting
/// `effect` inside an animation block animates from one tint to the other (from nil:
/// fading in), as UIKit animates the blur in.
@MainActor
open class UIVisualEffectView: UIView {
    /// The view to add subviews to; it fills the effect view.
    public let contentView = UIView()
    private let tintView = UIView()

    open var effect: UIVisualEffect? {
        didSet { tintView.backgroundColor = effect?.tint ?? .clear }
    }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        tintView.backgroundColor = effect?.tint ?? .clear
        addSubview(tintView)
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        tintView.frame = bounds
        contentView.frame = bounds
    }
}
