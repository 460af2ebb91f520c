import Foundation

/// A layer that draws its sublayers `instanceCount` times (G7): the usual way loading
/// indicators are built.
///
/// Instance 0 is the sublayers as they are. Instance i is drawn with `instanceTransform`
/// applied i times (about the replicator's anchor point, like a `sublayerTransform`), its
/// sublayers' animations seen `i · instanceDelay` seconds earlier, and its colours
/// multiplied by `instanceColor` plus i times the offsets (each component clamped to 0…1).
/// Instances are drawn in order, each with all the sublayers, so later instances cover
/// earlier ones. Depth is not preserved: each instance is flattened into the replicator.
open class CAReplicatorLayer: CALayer {
    /// How many copies to draw, including the original; 1 draws the sublayers once, 0 not at all.
    public var instanceCount = 1
    /// Seconds between the animations of one instance and the next; animatable.
    public var instanceDelay: Double = 0 { didSet { valueDidChange(forKey: "instanceDelay", from: .number(oldValue)) } }
    /// Applied to the previous instance to place the next; animatable.
    public var instanceTransform: CATransform3D = .identity {
        didSet { valueDidChange(forKey: "instanceTransform", from: .transform(oldValue)) }
    }
    /// Multiplies the colours of instance 0; default opaque white (no change); animatable.
    public var instanceColor: CGColor? = .white { didSet { valueDidChange(forKey: "instanceColor", from: .color(oldValue)) } }
    /// Added to each colour component of `instanceColor` once per instance after the first; animatable.
    public var instanceRedOffset: Float = 0 { didSet { valueDidChange(forKey: "instanceRedOffset", from: .number(Double(oldValue))) } }
    public var instanceGreenOffset: Float = 0 { didSet { valueDidChange(forKey: "instanceGreenOffset", from: .number(Double(oldValue))) } }
    public var instanceBlueOffset: Float = 0 { didSet { valueDidChange(forKey: "instanceBlueOffset", from: .number(Double(oldValue))) } }
    public var instanceAlphaOffset: Float = 0 { didSet { valueDidChange(forKey: "instanceAlphaOffset", from: .number(Double(oldValue))) } }

    public required init() { super.init() }

    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        instanceDelay = other.instanceDelay
        instanceTransform = other.instanceTransform
        instanceColor = other.instanceColor
        instanceRedOffset = other.instanceRedOffset
        instanceGreenOffset = other.instanceGreenOffset
        instanceBlueOffset = other.instanceBlueOffset
        instanceAlphaOffset = other.instanceAlphaOffset
    }

    private static let replicatorProperties: [String: AnimatableProperty] = [
        "instanceDelay": .stored(\CAReplicatorLayer.instanceDelay, kind: .number, wrap: { .number($0) }) {
            if case .number(let n) = $0 { n } else { nil }
        },
        "instanceTransform": .transform(\CAReplicatorLayer.instanceTransform),
        "instanceColor": .color(\CAReplicatorLayer.instanceColor),
        "instanceRedOffset": .number(\CAReplicatorLayer.instanceRedOffset),
        "instanceGreenOffset": .number(\CAReplicatorLayer.instanceGreenOffset),
        "instanceBlueOffset": .number(\CAReplicatorLayer.instanceBlueOffset),
        "instanceAlphaOffset": .number(\CAReplicatorLayer.instanceAlphaOffset),
    ]

    open override class func animatableProperty(forKey key: String) -> AnimatableProperty? {
        replicatorProperties[key] ?? super.animatableProperty(forKey: key)
    }

    /// The colour instance `index` is multiplied by: `instanceColor` plus `index` times
    /// the offsets, clamped to 0…1.
    public func color(ofInstance index: Int) -> CGColor {
        let base = instanceColor ?? .white
        func component(_ c: CGFloat, _ offset: Float) -> CGFloat { min(max(c + CGFloat(offset) * CGFloat(index), 0), 1) }
        return CGColor(red: component(base.red, instanceRedOffset), green: component(base.green, instanceGreenOffset),
                       blue: component(base.blue, instanceBlueOffset), alpha: component(base.alpha, instanceAlphaOffset))
    }

    /// The render layers of the instances, as `shown` (the replicator's presentation)
    /// places them at global time `t` (nil: now): for each instance a stand-in layer
    /// covering the replicator's bounds, transformed by `instanceTransform`^i about the
    /// anchor point, whose content is the sublayers as shown `i · instanceDelay` earlier.
    func instanceRenderLayers(shown: CALayer, at t: Double?) -> [RenderLayer] {
        guard let shown = shown as? CAReplicatorLayer, shown.instanceCount > 0 else { return [] }
        let now = t ?? VirtualRunLoop.current.now
        let bounds = shown.bounds
        let anchor = CGPoint(x: bounds.minX + shown.anchorPoint.x * bounds.width,
                             y: bounds.minY + shown.anchorPoint.y * bounds.height)
        var transform = CATransform3D.identity
        var instances: [RenderLayer] = []
        for index in 0..<shown.instanceCount {
            let delay = Double(index) * shown.instanceDelay
            let time = delay == 0 ? t : instanceTime(now: now, delay: delay)
            let instance = ReplicatorInstance(color: shown.color(ofInstance: index), sublayers: sublayerRenderLayers(at: time))
            instances.append(RenderLayer(position: anchor, bounds: bounds, anchorPoint: shown.anchorPoint,
                                         transform: transform, content: .replicatorInstance(instance)))
            transform = transform.concatenating(shown.instanceTransform)
        }
        return instances
    }

    /// The global time at which the replicator's local time was `delay` seconds before
    /// its local time at `now`; `now` when a paused ancestor stops time.
    private func instanceTime(now: Double, delay: Double) -> Double {
        let earlier = globalTime(atLocal: localTime(at: now) - delay)
        return earlier.isFinite ? earlier : now
    }
}

/// One copy of a replicator's sublayers: drawn as the content of a stand-in layer that
/// carries the instance's transform, with every colour multiplied by `color`.
public struct ReplicatorInstance: Sendable {
    /// Straight-alpha multiplier per component; opaque white leaves the colours alone.
    public var color: CGColor
    /// The sublayers as this instance shows them, in drawing order.
    public var sublayers: [RenderLayer]

    public init(color: CGColor, sublayers: [RenderLayer]) {
        self.color = color
        self.sublayers = sublayers
    }
}

/// Instances compare by colour and by the identity of their sublayer snapshots: two
/// frames' instances are never taken for one another, so a rasterization cache holding
/// a replicator re-renders it rather than reuse stale pixels (R2).
extension ReplicatorInstance: Hashable {
    public static func == (lhs: ReplicatorInstance, rhs: ReplicatorInstance) -> Bool {
        lhs.color == rhs.color && lhs.sublayers.count == rhs.sublayers.count
            && zip(lhs.sublayers, rhs.sublayers).allSatisfy { $0 === $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(color)
        for layer in sublayers { hasher.combine(ObjectIdentifier(layer)) }
    }
}
