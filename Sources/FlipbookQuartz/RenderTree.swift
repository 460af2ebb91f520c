import Foundation

/// An immutable snapshot of what a frame shows: the values the compositor draws.
///
/// Built on the stage's thread from the layer tree's presentation values, then handed to
/// rendering threads; nothing in it refers back to live objects.
public struct RenderTree: Sendable {
    /// The canvas size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// Painted under everything; `nil` leaves the canvas transparent.
    public var background: CGColor?
    public var root: RenderLayer

    public init(size: CGSize, scale: CGFloat, background: CGColor?, root: RenderLayer) {
        self.size = size
        self.scale = scale
        self.background = background
        self.root = root
    }

    /// The frame size in pixels: the point size times the scale, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }
}

/// One visible layer of a `RenderTree`, with its sublayers in drawing order.
public final class RenderLayer: Sendable {
    public struct Shadow: Sendable, Equatable {
        /// Colour with the shadow opacity already applied to its alpha.
        public var color: CGColor
        public var offset: CGSize
        public var radius: CGFloat
        public var path: CGPath?
    }

    /// A running `CATransition`: the old appearance and how far the change has gone.
    public struct Transition: Sendable {
        public var type: CATransitionType
        public var subtype: CATransitionSubtype
        /// 0…1 of the way from the old appearance to the new.
        public var progress: Double
        /// The layer as it looked when the transition was added.
        public var old: RenderLayer

        public init(type: CATransitionType, subtype: CATransitionSubtype, progress: Double, old: RenderLayer) {
            (self.type, self.subtype, self.progress, self.old) = (type, subtype, progress, old)
        }
    }

    public let position: CGPoint
    public let bounds: CGRect
    public let anchorPoint: CGPoint
    public let transform: CATransform3D
    public let sublayerTransform: CATransform3D
    public let opacity: CGFloat
    public let backgroundColor: CGColor?
    /// What a content layer draws above its background and below its sublayers (G7).
    public let content: LayerContent?
    public let cornerRadius: CGFloat
    /// The corners `cornerRadius` rounds.
    public let maskedCorners: CACornerMask
    public let cornerCurve: CALayerCornerCurve
    public let borderWidth: CGFloat
    public let borderColor: CGColor?
    public let shadow: Shadow?
    public let masksToBounds: Bool
    public let isDoubleSided: Bool
    public let mask: RenderLayer?
    /// Visible sublayers, sorted by zPosition (stable).
    public let sublayers: [RenderLayer]
    public let transition: Transition?
    /// Pixels per point of the cached bitmap when the subtree is rasterized (R2); nil when not.
    public let rasterizationScale: CGFloat?
    /// The layer promises to cover its bounds opaquely (`CALayer.isOpaque`).
    public let isOpaque: Bool

    public init(position: CGPoint, bounds: CGRect, anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5),
                transform: CATransform3D = .identity, sublayerTransform: CATransform3D = .identity,
                opacity: CGFloat = 1, backgroundColor: CGColor? = nil, content: LayerContent? = nil,
                cornerRadius: CGFloat = 0, maskedCorners: CACornerMask = CACornerMask(rawValue: 0b1111),
                cornerCurve: CALayerCornerCurve = .circular,
                borderWidth: CGFloat = 0, borderColor: CGColor? = nil, shadow: Shadow? = nil,
                masksToBounds: Bool = false, isDoubleSided: Bool = true, mask: RenderLayer? = nil,
                sublayers: [RenderLayer] = [], transition: Transition? = nil,
                rasterizationScale: CGFloat? = nil, isOpaque: Bool = false) {
        self.position = position
        self.bounds = bounds
        self.anchorPoint = anchorPoint
        self.transform = transform
        self.sublayerTransform = sublayerTransform
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.content = content
        self.cornerRadius = cornerRadius
        self.maskedCorners = maskedCorners
        self.cornerCurve = cornerCurve
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadow = shadow
        self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided
        self.mask = mask
        self.sublayers = sublayers
        self.transition = transition
        self.rasterizationScale = rasterizationScale
        self.isOpaque = isOpaque
    }
}
