import Foundation

/// Where on its shape an emitter emits from.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the shape emits: its inside or its outline.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are drawn in.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A particle system (G7): emits the particles its `emitterCells` describe from a point,
/// line, rectangle or circle, and draws them above its background.
///
/// The particles are a pure function of time: particle k of a cell is born when k
/// particles have been emitted since the layer was made, and its random values are drawn
/// from `seed`, the cell's place and k alone. So every frame is the same whatever order
/// frames are rendered in, on any number of threads, and two layers with the same seed
/// emit the same particles. `birthRate` changes take effect from the moment they are made
/// (setting it to 0 stops emitting; particles alive live on); the other properties apply
/// to every particle alive. Not animatable here. `.cuboid` emits as `.rectangle` and
/// `.sphere` as `.circle` (particles move in the layer's plane); `.outline` emits from the
/// outline, every other mode from the inside. Particles are drawn oldest first;
/// `.additive` is drawn as the others.
open class CAEmitterLayer: CALayer {
    public var emitterCells: [CAEmitterCell]?
    /// Multiplies every cell's `birthRate`; default 1.
    public var birthRate: Float = 1 {
        didSet { birthRateChanges.append((VirtualRunLoop.current.now, birthRate)) }
    }
    /// Multiplies every cell's `lifetime`; default 1.
    public var lifetime: Float = 1
    /// The centre of the emitting shape, in the layer's coordinates.
    public var emitterPosition: CGPoint = .zero
    public var emitterZPosition: CGFloat = 0
    /// The shape's size: a line's length is its width, a circle's diameter too.
    public var emitterSize: CGSize = .zero
    public var emitterDepth: CGFloat = 0
    public var emitterShape: CAEmitterLayerEmitterShape = .point
    public var emitterMode: CAEmitterLayerEmitterMode = .volume
    public var renderMode: CAEmitterLayerRenderMode = .unordered
    public var preservesDepth = false
    /// Multiply every cell's velocity, scale and spin; default 1.
    public var velocity: Float = 1
    public var scale: Float = 1
    public var spin: Float = 1
    /// Seeds the random values of every particle.
    public var seed: UInt32 = 0

    /// When the layer was made, and the layer `birthRate` from each moment it was set:
    /// what the number of particles emitted by a time is worked out from.
    var birthRateChanges: [(time: Double, rate: Float)] = []

    public required init() {
        super.init()
        birthRateChanges = [(VirtualRunLoop.current.now, birthRate)]
    }

    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells
        birthRate = other.birthRate
        lifetime = other.lifetime
        emitterPosition = other.emitterPosition
        emitterZPosition = other.emitterZPosition
        emitterSize = other.emitterSize
        emitterDepth = other.emitterDepth
        emitterShape = other.emitterShape
        emitterMode = other.emitterMode
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        velocity = other.velocity
        scale = other.scale
        spin = other.spin
        seed = other.seed
        birthRateChanges = other.birthRateChanges
    }

    open override func renderContent() -> LayerContent? {
        let particles = particleLayers(at: VirtualRunLoop.current.now)
        return particles.isEmpty ? super.renderContent() : .particles(EmittedParticles(layers: particles))
    }
}
