import Foundation

/// An animation of one key path of a layer (`position`, `position.x`,
/// `transform.rotation.z` …), optionally additive and cumulative (CA1).
open class CAPropertyAnimation: CAAnimation {
    /// Unchecked, as what `CAAnimation.delegate` says.
    @exclusivity(unchecked) public var keyPath: String? { didSet { resolvedTarget = nil } }
    /// What `keyPath` names on the class of the layer last animated.
    @exclusivity(unchecked) private var resolvedTarget: (layerClass: ObjectIdentifier, target: AnimationTarget)?
    /// Adds the animated value to the value underneath instead of replacing it.
    @exclusivity(unchecked) public var isAdditive = false
    /// Each repeat cycle starts from where the previous one ended.
    @exclusivity(unchecked) public var isCumulative = false
    /// Turns animated numbers into a transform (`rotateZ`, `scale` …) for `transform` key paths.
    @exclusivity(unchecked) public var valueFunction: CAValueFunction?

    public required init() { super.init() }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
        resolvedTarget = other.resolvedTarget
    }

    /// What `keyPath` names on `layer`'s class; looked up again only when either changed.
    func target(on layer: CALayer) -> AnimationTarget? {
        let layerClass = ObjectIdentifier(type(of: layer))
        if let resolvedTarget, resolvedTarget.layerClass == layerClass { return resolvedTarget.target }
        guard let keyPath, let target = AnimationTarget.shared(keyPath, in: type(of: layer)) else { return nil }
        resolvedTarget = (layerClass, target)
        return target
    }

    /// The kind of the values this animation interpolates on `layer`: the key path's
    /// kind, or numbers when a value function turns them into a transform.
    func valueKind(for layer: CALayer) throws -> AnimationValue.Kind {
        guard let keyPath else { throw CAAnimationError("the animation has no keyPath") }
        guard let kind = target(on: layer)?.kind else {
            throw CAAnimationError("'\(keyPath)' is not an animatable key path of \(type(of: layer))")
        }
        if let function = valueFunction {
            guard kind == .transform else {
                throw CAAnimationError("a value function needs a transform key path, not '\(keyPath)'")
            }
            return function.inputKind
        }
        return kind
    }

    /// The animated value for the eased progress of one cycle, given the value under
    /// this animation (nil if the layer has none there, or if `needsUnderlyingValue` is false).
    func value(atProgress progress: Double, cycle: Int, underlying: AnimationValue?) -> AnimationValue? { nil }

    /// Whether `value(atProgress:…)` uses the value underneath. It is read only then:
    /// reading a transform member decomposes the whole matrix.
    var needsUnderlyingValue: Bool { false }

    override func apply(to layer: CALayer, atTime time: Double) {
        guard let target = target(on: layer),
              let value = presentedValue(atTime: time, over: target.value(of: layer)) else { return }
        target.setValue(value, of: layer)
    }

    override func apply(to placement: inout LayerPlacement, of layer: CALayer, atTime time: Double) -> Bool {
        guard let target = target(on: layer) else { return true }
        guard let field = target.property.placementField else { return false }
        switch presentedNumber(atTime: time) {
        case .noEffect: return true
        case .number(let number): target.setNumber(number, of: &placement, at: field); return true
        case .unknown: break
        }
        guard let value = presentedValue(atTime: time, over: target.value(of: placement, at: field)) else { return true }
        target.setValue(value, of: &placement, at: field)
        return true
    }

    /// What `presentedValue(atTime:over:)` gives at `time` when it can tell without an
    /// `AnimationValue`: most animations show one number (`opacity`, `transform.rotation.z`),
    /// and a frame of many of them should not box, copy and destroy one each.
    enum PresentedNumber {
        /// The animation has no effect then.
        case noEffect
        /// The animation shows this number then.
        case number(Double)
        /// Not known without an `AnimationValue`: ask `presentedValue(atTime:over:)`.
        case unknown
    }

    /// `presentedValue(atTime:over:)` as a number where a subclass can work it out without
    /// the value underneath; `.unknown` otherwise.
    func presentedNumber(atTime time: Double) -> PresentedNumber { .unknown }

    /// The value the animation shows at `time` (in the layer's time) over `current`, the
    /// value underneath, read only when needed; nil when it has no effect then. A subclass
    /// that overrides it overrides `presentedNumber(atTime:)` too, or a plain layer shown
    /// without a presentation copy would show something else.
    func presentedValue(atTime time: Double, over current: @autoclosure () -> AnimationValue?) -> AnimationValue? {
        guard let (progress, cycle) = easedPhase(atParentTime: time) else { return nil }
        let current = isAdditive || (valueFunction == nil && needsUnderlyingValue) ? current() : nil
        let underlying = valueFunction == nil ? current : AnimationValue.zero(.number)
        guard var value = value(atProgress: progress, cycle: cycle, underlying: underlying) else { return nil }
        if let function = valueFunction { value = .transform(function.transform(for: value)) }
        if isAdditive {
            guard let current else { return nil }
            value = current.adding(value)
        }
        return value
    }
}
