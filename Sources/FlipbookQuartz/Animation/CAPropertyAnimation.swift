import Foundation

/// An animation of one key path of a layer (`position`, `position.x`,
/// `transform.rotation.z` …), optionally additive and cumulative (CA1).
@MainActor
open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String? { didSet { splitKeyPath = nil; resolvedProperty = nil } }
    /// `keyPath` split, kept for the frames to come (see `parsedKeyPath`).
    private var splitKeyPath: AnimatableKeyPath?
    /// The property `keyPath` names on the class of the layer last animated.
    private var resolvedProperty: (layerClass: ObjectIdentifier, property: AnimatableProperty)?
    /// Adds the animated value to the value underneath instead of replacing it.
    public var isAdditive = false
    /// Each repeat cycle starts from where the previous one ended.
    public var isCumulative = false
    /// Turns animated numbers into a transform (`rotateZ`, `scale` …) for `transform` key paths.
    public var valueFunction: CAValueFunction?

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
    }

    /// `keyPath` split into key and members, once (setting `keyPath` clears it).
    private var parsedKeyPath: AnimatableKeyPath? {
        guard let keyPath else { return nil }
        if let split = splitKeyPath { return split }
        let split = AnimatableKeyPath(keyPath)
        splitKeyPath = split
        return split
    }

    /// `keyPath` split, and the property its key names on `layer`'s class; looked up again
    /// only when either changed.
    func resolvedKeyPath(on layer: CALayer) -> (path: AnimatableKeyPath, property: AnimatableProperty)? {
        guard let path = parsedKeyPath else { return nil }
        let layerClass = ObjectIdentifier(type(of: layer))
        if let resolved = resolvedProperty, resolved.layerClass == layerClass {
            return (path, resolved.property)
        }
        guard let property = type(of: layer).animatableProperty(forKey: path.key) else { return nil }
        resolvedProperty = (layerClass, property)
        return (path, property)
    }

    /// The kind of the values this animation interpolates on `layer`: the key path's
    /// kind, or numbers when a value function turns them into a transform.
    func valueKind(for layer: CALayer) throws -> AnimationValue.Kind {
        guard let keyPath else { throw CAAnimationError("the animation has no keyPath") }
        guard let kind = type(of: layer).animatableKind(forKeyPath: keyPath) else {
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
    /// this animation (nil if the layer has none there); subclasses compute it, calling
    /// `underlying` only when they use it.
    func value(atProgress progress: Double, cycle: Int, underlying: () -> AnimationValue?) -> AnimationValue? { nil }

    override func apply(to layer: CALayer, atTime time: Double) {
        guard let (keyPath, property) = resolvedKeyPath(on: layer),
              let (progress, cycle) = easedPhase(atParentTime: time) else { return }
        // The value underneath is read at most once, and only when used (additive, or a
        // missing endpoint): reading a transform member decomposes the whole matrix.
        var read: AnimationValue??
        func current() -> AnimationValue? {
            if let read { return read }
            let value = layer.value(at: keyPath, of: property)
            read = .some(value)
            return value
        }
        let underlying = valueFunction == nil ? current : { AnimationValue.zero(.number) }
        guard var value = value(atProgress: progress, cycle: cycle, underlying: underlying) else { return }
        if let function = valueFunction { value = .transform(function.transform(for: value)) }
        if isAdditive {
            guard let current = current() else { return }
            value = current.adding(value)
        }
        layer.setValue(value, at: keyPath, of: property)
    }
}
