import Foundation

/// An animation of one key path of a layer (`position`, `position.x`,
/// `transform.rotation.z` …), optionally additive and cumulative (CA1).
@MainActor
open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
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
        guard let keyPath, let (progress, cycle) = easedPhase(atParentTime: time),
              let current = layer.value(forAnimatableKeyPath: keyPath) else { return }
        let underlying = valueFunction == nil ? current : AnimationValue.zero(.number)
        guard var value = value(atProgress: progress, cycle: cycle, underlying: underlying) else { return }
        if let function = valueFunction { value = .transform(function.transform(for: value)) }
        layer.setValue(isAdditive ? current.adding(value) : value, forAnimatableKeyPath: keyPath)
    }
}

/// Turns animated numbers into a transform (`CAValueFunction`): a 0 → 2π `rotateZ`
/// animation turns a full circle, which matrix interpolation cannot express (CA2).
public final class CAValueFunction: Sendable, Hashable {
    public struct Name: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let rotateX = Name(rawValue: "rotateX")
        public static let rotateY = Name(rawValue: "rotateY")
        public static let rotateZ = Name(rawValue: "rotateZ")
        public static let scale = Name(rawValue: "scale")
        public static let scaleX = Name(rawValue: "scaleX")
        public static let scaleY = Name(rawValue: "scaleY")
        public static let scaleZ = Name(rawValue: "scaleZ")
        public static let translate = Name(rawValue: "translate")
        public static let translateX = Name(rawValue: "translateX")
        public static let translateY = Name(rawValue: "translateY")
        public static let translateZ = Name(rawValue: "translateZ")
        public static let all: [Name] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                         .translate, .translateX, .translateY, .translateZ]
    }

    public let name: Name

    /// nil for a name Core Animation does not define.
    public init?(name: Name) {
        guard Name.all.contains(name) else { return nil }
        self.name = name
    }

    /// Every function takes one number here: `scale` scales x, y and z by it and
    /// `translate` moves x and y by it. (Apple's `scale` and `translate` take three
    /// numbers; a value of three numbers is not an animatable kind yet.)
    var inputKind: AnimationValue.Kind { .number }

    func transform(for value: AnimationValue) -> CATransform3D {
        guard case .number(let v) = value else { return .identity }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(v, v, v)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v)
        case .translate: return CATransform3DMakeTranslation(v, v, 0)
        default: return .identity
        }
    }

    public static func == (a: CAValueFunction, b: CAValueFunction) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
