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
    /// Visible sublayers, sorted by zPosition (stable).
    public let sublayers: [RenderLayer]
    /// Everything the layer shows apart from where it is, its mask and its transition. A
    /// plain layer keeps its own and hands it to the render values of every frame until one
    /// of those values changes (`CALayer.renderAppearance`): a frame of 10,000 animated
    /// layers then reads and writes a third fewer cache lines for each.
    let appearance: Appearance
    /// The mask and the running transition, nil when there are neither (most layers).
    private let overlay: Overlay?

    public var backgroundColor: CGColor? { appearance.backgroundColor }
    /// What a content layer draws above its background and below its sublayers (G7).
    public var content: LayerContent? { appearance.content }
    public var cornerRadius: CGFloat { appearance.cornerRadius }
    /// The corners `cornerRadius` rounds.
    public var maskedCorners: CACornerMask { appearance.maskedCorners }
    public var cornerCurve: CALayerCornerCurve { appearance.cornerCurve }
    public var borderWidth: CGFloat { appearance.borderWidth }
    public var borderColor: CGColor? { appearance.borderColor }
    public var shadow: Shadow? { appearance.shadow }
    public var masksToBounds: Bool { appearance.masksToBounds }
    public var isDoubleSided: Bool { appearance.isDoubleSided }
    /// The layer promises to cover its bounds opaquely (`CALayer.isOpaque`).
    public var isOpaque: Bool { appearance.isOpaque }
    public var sublayerTransform: CATransform3D { appearance.sublayerTransform ?? .identity }
    /// Pixels per point of the cached bitmap when the subtree is rasterized (R2); nil when not.
    public var rasterizationScale: CGFloat? { appearance.rasterizationScale }
    public var mask: RenderLayer? { overlay?.mask }
    public var transition: Transition? { overlay?.transition }

    /// What a layer shows apart from its placement, mask and transition, as given (no
    /// clamping): shared by the render values of one layer's frames.
    final class Appearance: Sendable {
        // What drawing reads of every layer first.
        let backgroundColor: CGColor?
        let cornerRadius: CGFloat
        let content: LayerContent?
        let borderWidth: CGFloat
        let borderColor: CGColor?
        let masksToBounds: Bool
        let isDoubleSided: Bool
        let isOpaque: Bool
        let maskedCorners: CACornerMask
        let cornerCurve: CALayerCornerCurve
        let shadow: Shadow?
        /// nil for the identity, bit for bit (a −0 is kept as given).
        let sublayerTransform: CATransform3D?
        let rasterizationScale: CGFloat?

        init(backgroundColor: CGColor?, content: LayerContent?, cornerRadius: CGFloat, maskedCorners: CACornerMask,
             cornerCurve: CALayerCornerCurve, borderWidth: CGFloat, borderColor: CGColor?, shadow: Shadow?,
             masksToBounds: Bool, isDoubleSided: Bool, sublayerTransform: CATransform3D,
             rasterizationScale: CGFloat?, isOpaque: Bool) {
            self.backgroundColor = backgroundColor
            self.cornerRadius = cornerRadius
            self.content = content
            self.borderWidth = borderWidth
            self.borderColor = borderColor
            self.masksToBounds = masksToBounds
            self.isDoubleSided = isDoubleSided
            self.isOpaque = isOpaque
            self.maskedCorners = maskedCorners
            self.cornerCurve = cornerCurve
            self.shadow = shadow
            self.sublayerTransform = RenderLayer.isIdentityBitForBit(sublayerTransform) ? nil : sublayerTransform
            self.rasterizationScale = rasterizationScale
        }
    }

    private final class Overlay: Sendable {
        let mask: RenderLayer?
        let transition: Transition?

        init(mask: RenderLayer?, transition: Transition?) {
            self.mask = mask
            self.transition = transition
        }
    }

    public convenience init(position: CGPoint, bounds: CGRect, anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5),
                            transform: CATransform3D = .identity, sublayerTransform: CATransform3D = .identity,
                            opacity: CGFloat = 1, backgroundColor: CGColor? = nil, content: LayerContent? = nil,
                            cornerRadius: CGFloat = 0, maskedCorners: CACornerMask = CACornerMask(rawValue: 0b1111),
                            cornerCurve: CALayerCornerCurve = .circular,
                            borderWidth: CGFloat = 0, borderColor: CGColor? = nil, shadow: Shadow? = nil,
                            masksToBounds: Bool = false, isDoubleSided: Bool = true, mask: RenderLayer? = nil,
                            sublayers: [RenderLayer] = [], transition: Transition? = nil,
                            rasterizationScale: CGFloat? = nil, isOpaque: Bool = false) {
        let appearance = Appearance(
            backgroundColor: backgroundColor, content: content, cornerRadius: cornerRadius, maskedCorners: maskedCorners,
            cornerCurve: cornerCurve, borderWidth: borderWidth, borderColor: borderColor, shadow: shadow,
            masksToBounds: masksToBounds, isDoubleSided: isDoubleSided, sublayerTransform: sublayerTransform,
            rasterizationScale: rasterizationScale, isOpaque: isOpaque)
        self.init(position: position, bounds: bounds, anchorPoint: anchorPoint, transform: transform, opacity: opacity,
                  appearance: appearance, mask: mask, sublayers: sublayers, transition: transition)
    }

    init(position: CGPoint, bounds: CGRect, anchorPoint: CGPoint, transform: CATransform3D, opacity: CGFloat,
         appearance: Appearance, mask: RenderLayer?, sublayers: [RenderLayer], transition: Transition?) {
        self.position = position
        self.bounds = bounds
        self.anchorPoint = anchorPoint
        self.transform = transform
        self.opacity = opacity
        self.sublayers = sublayers
        self.appearance = appearance
        overlay = mask == nil && transition == nil ? nil : Overlay(mask: mask, transition: transition)
    }

    /// Entry by entry, not over the bytes: `elementsEqual` compiled to a byte-by-byte loop,
    /// and `memcmp` needs the matrix stored first and then waits to read it back (each frame
    /// makes an `Appearance` for every layer drawn from a presentation copy).
    private static func isIdentityBitForBit(_ t: CATransform3D) -> Bool {
        let (one, zero) = (CGFloat(1).bitPattern, CGFloat(0).bitPattern)
        return t.m11.bitPattern == one && t.m22.bitPattern == one && t.m33.bitPattern == one && t.m44.bitPattern == one
            && t.m12.bitPattern == zero && t.m13.bitPattern == zero && t.m14.bitPattern == zero
            && t.m21.bitPattern == zero && t.m23.bitPattern == zero && t.m24.bitPattern == zero
            && t.m31.bitPattern == zero && t.m32.bitPattern == zero && t.m34.bitPattern == zero
            && t.m41.bitPattern == zero && t.m42.bitPattern == zero && t.m43.bitPattern == zero
    }
}
