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
    public let opacity: CGFloat
    public let backgroundColor: CGColor?
    /// What a content layer draws above its background and below its sublayers (G7).
    public let content: LayerContent?
    public let cornerRadius: CGFloat
    public let borderColor: CGColor?
    public let masksToBounds: Bool
    public let isDoubleSided: Bool
    /// The layer promises to cover its bounds opaquely (`CALayer.isOpaque`).
    public let isOpaque: Bool
    /// Visible sublayers, sorted by zPosition (stable).
    public let sublayers: [RenderLayer]
    /// The values most layers leave as they are by default, kept apart; nil when all are.
    /// A frame holds one `RenderLayer` per visible layer and several frames are in flight,
    /// so they take 280 bytes fewer each (half) and are written faster.
    private let uncommon: Uncommon?

    public var sublayerTransform: CATransform3D { uncommon?.sublayerTransform ?? .identity }
    /// The corners `cornerRadius` rounds.
    public var maskedCorners: CACornerMask { uncommon?.maskedCorners ?? Self.allCorners }
    public var cornerCurve: CALayerCornerCurve { uncommon?.cornerCurve ?? .circular }
    public var borderWidth: CGFloat { uncommon?.borderWidth ?? 0 }
    public var shadow: Shadow? { uncommon?.shadow }
    public var mask: RenderLayer? { uncommon?.mask }
    public var transition: Transition? { uncommon?.transition }
    /// Pixels per point of the cached bitmap when the subtree is rasterized (R2); nil when not.
    public var rasterizationScale: CGFloat? { uncommon?.rasterizationScale }

    private static let allCorners = CACornerMask(rawValue: 0b1111)

    private final class Uncommon: Sendable {
        let sublayerTransform: CATransform3D
        let maskedCorners: CACornerMask
        let cornerCurve: CALayerCornerCurve
        let borderWidth: CGFloat
        let shadow: Shadow?
        let mask: RenderLayer?
        let transition: Transition?
        let rasterizationScale: CGFloat?

        init(sublayerTransform: CATransform3D, maskedCorners: CACornerMask, cornerCurve: CALayerCornerCurve,
             borderWidth: CGFloat, shadow: Shadow?, mask: RenderLayer?, transition: Transition?,
             rasterizationScale: CGFloat?) {
            self.sublayerTransform = sublayerTransform
            self.maskedCorners = maskedCorners
            self.cornerCurve = cornerCurve
            self.borderWidth = borderWidth
            self.shadow = shadow
            self.mask = mask
            self.transition = transition
            self.rasterizationScale = rasterizationScale
        }
    }

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
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.content = content
        self.cornerRadius = cornerRadius
        self.borderColor = borderColor
        self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided
        self.isOpaque = isOpaque
        self.sublayers = sublayers
        // The defaults, bit for bit (a −0 is kept as given). The shadow is matched, not
        // compared with nil: that took the `Equatable` `==`, copying it in every layer.
        let hasShadow = if case .some = shadow { true } else { false }
        let isCommon = Self.isIdentityBitForBit(sublayerTransform) && maskedCorners == Self.allCorners
            && cornerCurve == .circular && borderWidth.bitPattern == 0 && !hasShadow && mask == nil
            && transition == nil && rasterizationScale == nil
        uncommon = isCommon ? nil : Uncommon(
            sublayerTransform: sublayerTransform, maskedCorners: maskedCorners, cornerCurve: cornerCurve,
            borderWidth: borderWidth, shadow: shadow, mask: mask, transition: transition,
            rasterizationScale: rasterizationScale)
    }

    /// Entry by entry, not over the bytes: `elementsEqual` compiled to a byte-by-byte loop, a
    /// tenth of the simulation of 10,000 animated layers (a `RenderLayer` is made for each,
    /// each frame), and `memcmp` needs the matrix stored first and then waits to read it back.
    private static func isIdentityBitForBit(_ t: CATransform3D) -> Bool {
        let (one, zero) = (CGFloat(1).bitPattern, CGFloat(0).bitPattern)
        return t.m11.bitPattern == one && t.m22.bitPattern == one && t.m33.bitPattern == one && t.m44.bitPattern == one
            && t.m12.bitPattern == zero && t.m13.bitPattern == zero && t.m14.bitPattern == zero
            && t.m21.bitPattern == zero && t.m23.bitPattern == zero && t.m24.bitPattern == zero
            && t.m31.bitPattern == zero && t.m32.bitPattern == zero && t.m34.bitPattern == zero
            && t.m41.bitPattern == zero && t.m42.bitPattern == zero && t.m43.bitPattern == zero
    }
}
