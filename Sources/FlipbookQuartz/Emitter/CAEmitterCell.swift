import Foundation

/// One kind of particle a `CAEmitterLayer` emits: how many, for how long, in which
/// direction and how fast, and how each looks as it ages (G7).
///
/// Each `…Range` widens the value it names by up to that much either way, drawn for each
/// particle from the layer's seeded generator; each `…Speed` changes the value by that
/// much per second of the particle's life. Not drawn without `contents` (a `CGImage`), as
/// on iOS. Changes apply to every particle alive, not only to those born after; the cell's
/// own `CAMediaTiming`, `emissionLatitude` (3D) and sub-cells (`emitterCells`) are not
/// used here.
open class CAEmitterCell {
    public var name: String?
    public var isEnabled = true
    /// Particles per second, multiplied by the layer's `birthRate`.
    public var birthRate: Float = 0
    /// Seconds a particle lives, multiplied by the layer's `lifetime`.
    public var lifetime: Float = 0
    public var lifetimeRange: Float = 0
    /// The direction particles leave in, in radians from the +x axis towards +y (down).
    public var emissionLongitude: CGFloat = 0
    /// Kept for code that sets it; particles move in the layer's plane.
    public var emissionLatitude: CGFloat = 0
    /// The width of the cone of directions, in radians, centred on `emissionLongitude`:
    /// 2π emits all round.
    public var emissionRange: CGFloat = 0
    /// Points per second, multiplied by the layer's `velocity`.
    public var velocity: CGFloat = 0
    public var velocityRange: CGFloat = 0
    /// Points per second squared: gravity is a positive `yAcceleration`.
    public var xAcceleration: CGFloat = 0
    public var yAcceleration: CGFloat = 0
    public var zAcceleration: CGFloat = 0
    /// The size of `contents` drawn, multiplied by the layer's `scale`.
    public var scale: CGFloat = 1
    public var scaleRange: CGFloat = 0
    public var scaleSpeed: CGFloat = 0
    /// Radians per second of rotation, multiplied by the layer's `spin`.
    public var spin: CGFloat = 0
    public var spinRange: CGFloat = 0
    /// Multiplies the colours of `contents`; its alpha is the particle's opacity. Default white.
    public var color: CGColor? = .white
    public var redRange: Float = 0
    public var greenRange: Float = 0
    public var blueRange: Float = 0
    public var alphaRange: Float = 0
    public var redSpeed: Float = 0
    public var greenSpeed: Float = 0
    public var blueSpeed: Float = 0
    public var alphaSpeed: Float = 0
    /// The particle's image: a `CGImage`; anything else draws nothing.
    public var contents: Any?
    /// Image pixels per point: a 64-pixel image at scale 2 is 32 points wide.
    public var contentsScale: CGFloat = 1
    /// Kept for code that sets it; cells do not emit particles here.
    public var emitterCells: [CAEmitterCell]?

    /// `contents` tinted by colours, by their 8-bit red, green and blue: particles of one
    /// colour share an image.
    var tintedImages: [UInt32: CGImage] = [:]

    public init() {}
}
