import Foundation

/// An animation of one key path of a layer (`position`, `position.x`,
/// `transform.rotation.z` …), optionally additive and cumulative (CA1).
@MainActor
open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
    /// `keyPath` split, kept for the frames to come (see `parsedKeyPath`).
    private var splitKeyPath: AnimatableKeyPath?
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

    /// `keyPath` split into key and members, split again only when `keyPath` changed.
    var parsedKeyPath: AnimatableKeyPath? {
        guard let keyPath else { return nil }
        if let split = splitKeyPath, split.string == keyPath { return split }
        let split = AnimatableKeyPath(keyPath)
        splitKeyPath = split
        return split
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
    /// this animation; subclasses compute it.
    func value(atProgress progress: Double, cycle: Int, underlying: AnimationValue) -> AnimationValue? { nil }

    override func apply(to layer: CALayer, atTime time: Double) {
        guard let keyPath = parsedKeyPath, let (progress, cycle) = easedPhase(atParentTime: time),
              let current = layer.value(at: keyPath) else { return }
        let underlying = valueFunction == nil ? current : AnimationValue.zero(.number)
        guard var value = value(atProgress: progress, cycle: cycle, underlying: underlying) else { return }
        if let function = valueFunction { value = .transform(function.transform(for: value)) }
        layer.setValue(isAdditive ? current.adding(value) : value, at: keyPath)
    }
}
