import Foundation

/// The system spinner (G7): rounded spokes around a centre with graded opacity, turning
/// one spoke every tick while animating.
///
/// Drawn as plain layers: a spoke layer per spoke (a capsule, `cornerRadius` half its
/// width) in a container centred in the view's bounds, at the style's size whatever the
/// view's frame. The modern styles (`medium`, `large`) have 8 spokes, the old ones
/// (`gray`, `white`, `whiteLarge`) 12, as on iOS 13 and before it. The leading spoke
/// (at 12 o'clock when stopped) is opaque; each spoke behind it, counter-clockwise, is
/// fainter, down to `trailingOpacity`. Animating adds a discrete `transform.rotation.z`
/// keyframe animation to the container that turns it clockwise by one spoke every
/// `tick` (1/12 s) for every style, forever; stopping removes it.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable, CaseIterable {
        case whiteLarge = 0, white = 1, gray = 2, medium = 100, large = 101

        /// The spinner's diameter in points: 37 for the large styles, 20 otherwise.
        public var diameter: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
        /// 8 spokes for the modern styles, 12 for the old ones.
        public var spokeCount: Int { self == .medium || self == .large ? 8 : 12 }
        /// The colour a new indicator of this style has.
        public var defaultColor: UIColor {
            switch self {
            case .medium, .large: .systemGray
            case .gray: .gray
            case .white, .whiteLarge: .white
            }
        }
    }

    /// Seconds between one step of the spinner and the next.
    public static let tick = 1.0 / 12
    /// The opacity of the faintest spoke, the one just ahead of the leading spoke.
    public static let trailingOpacity: Float = 0.25
    /// The key the rotation is added under, on `spokeContainer`.
    public static let animationKey = "UIActivityIndicatorAnimation"

    /// The layer holding the spokes, centred in the bounds; it turns while animating.
    public let spokeContainer = CALayer()

    /// Setting it rebuilds the spokes; a colour that was the old style's default becomes the new one's.
    public var style: Style {
        didSet {
            if color == oldValue.defaultColor { color = style.defaultColor }
            rebuildSpokes()
        }
    }
    /// The spokes' colour; setting nil restores the style's.
    public var color: UIColor! {
        didSet {
            if color == nil { color = style.defaultColor }
            withoutActions { for spoke in spokeContainer.sublayers ?? [] { spoke.backgroundColor = color.cgColor } }
        }
    }
    /// Whether the indicator hides while stopped; default true.
    public var hidesWhenStopped = true { didSet { if !isAnimating { isHidden = hidesWhenStopped } } }
    public private(set) var isAnimating = false

    public init(style: Style = .medium) {
        self.style = style
        self.color = style.defaultColor
        super.init(frame: CGRect(origin: .zero, size: CGSize(width: style.diameter, height: style.diameter)))
        layer.addSublayer(spokeContainer)
        rebuildSpokes()
        isHidden = hidesWhenStopped
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .medium)
        self.frame = frame
    }

    /// Shows the indicator and starts turning it.
    public func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        addRotation()
    }

    /// An indicator started before its `Recorder` was made turns on another clock: coming
    /// into the recording's window, it starts turning again on this one, as a spinner in
    /// UIKit turns whenever it shows.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { spokeContainer.restartAnimationAddedOnAnotherRunLoop(forKey: Self.animationKey) }
    }

    /// Adds (or replaces) the endless rotation through the spokes.
    private func addRotation() {
        let count = style.spokeCount
        let rotation = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        rotation.values = (0..<count).map { 2 * Double.pi * Double($0) / Double(count) }
        rotation.calculationMode = .discrete
        rotation.duration = Double(count) * Self.tick
        rotation.repeatCount = .infinity
        // Kept when the indicator leaves its window (CA9), as it stays `isAnimating`:
        // back in a window it turns again. It never completes, so nothing else changes.
        rotation.isRemovedOnCompletion = false
        spokeContainer.add(rotation, forKey: Self.animationKey)
    }

    /// Stops turning (the spokes go back to their resting place) and hides the indicator
    /// when `hidesWhenStopped`.
    public func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokeContainer.removeAnimation(forKey: Self.animationKey)
        if hidesWhenStopped { isHidden = true }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        withoutActions { spokeContainer.position = CGPoint(x: bounds.midX, y: bounds.midY) }
    }

    /// The opacity of the spoke `index` places clockwise from the leading one (0: the
    /// leading spoke, 1: the faintest).
    public static func spokeOpacity(_ index: Int, of count: Int) -> Float {
        let behind = (count - index) % count
        return 1 - (1 - trailingOpacity) * Float(behind) / Float(count - 1)
    }

    private func rebuildSpokes() {
        let diameter = style.diameter, count = style.spokeCount
        let length = diameter * 0.28, width = diameter * (count == 8 ? 0.11 : 0.09)
        let inner = diameter / 2 - length
        withoutActions {
            for spoke in spokeContainer.sublayers ?? [] { spoke.removeFromSuperlayer() }
            spokeContainer.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
            for index in 0..<count {
                let spoke = CALayer()
                spoke.bounds = CGRect(x: 0, y: 0, width: width, height: length)
                spoke.cornerRadius = width / 2
                spoke.backgroundColor = color.cgColor
                spoke.anchorPoint = CGPoint(x: 0.5, y: 1 + inner / length)
                spoke.position = CGPoint(x: diameter / 2, y: diameter / 2)
                spoke.transform = CATransform3DMakeRotation(2 * .pi * CGFloat(index) / CGFloat(count), 0, 0, 1)
                spoke.opacity = Self.spokeOpacity(index, of: count)
                spokeContainer.addSublayer(spoke)
            }
        }
        if isAnimating {
            isAnimating = false
            startAnimating()
        }
    }

    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
