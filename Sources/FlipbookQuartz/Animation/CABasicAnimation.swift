import Foundation

/// Interpolates one key path between two values (CA1).
///
/// The documented combinations of `fromValue`, `toValue` and `byValue`:
/// from+to; from+by (to = from + by); by+to (from = to − by); from alone (to the value
/// underneath). A nil `fromValue` of a non-additive animation is filled when it is
/// added with the presentation value then — the value last committed, so an implicit
/// animation (no values at all) runs from the old value to the new model value (CA3).
open class CABasicAnimation: CAPropertyAnimation {
    /// Whether `converted` is `.fixed`, kept beside it: every frame asks, and matching the
    /// enum there copies its values.
    @exclusivity(unchecked) private var hasFixedEndpoints = false
    /// The endpoints when `converted` is `.fixed` with two numbers, kept beside it: most
    /// animations interpolate one number (`opacity`, `transform.rotation.z`), and reading
    /// them here copies no `AnimationValue`s.
    @exclusivity(unchecked) private(set) var numberEndpoints: (from: Double, to: Double)?
    /// `fromValue`, `toValue` and `byValue` (below) as `AnimationValue`s, converted when set
    /// rather than in every frame; with two of them given, the endpoints themselves.
    private enum Converted {
        case fixed(from: AnimationValue, to: AnimationValue)
        case relative(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
    }
    @exclusivity(unchecked) private var converted = Converted.relative(from: nil, to: nil, by: nil) {
        didSet {
            if case .fixed = converted { hasFixedEndpoints = true } else { hasFixedEndpoints = false }
            if case .fixed(.number(let from), .number(let to)) = converted {
                numberEndpoints = (from, to)
            } else {
                numberEndpoints = nil
            }
        }
    }

    // Declared after what every frame reads of them: the values given are read when set.
    // Unchecked, as what `CAAnimation.delegate` says.
    @exclusivity(unchecked) public var fromValue: Any? { didSet { convertValues() } }
    @exclusivity(unchecked) public var toValue: Any? { didSet { convertValues() } }
    @exclusivity(unchecked) public var byValue: Any? { didSet { convertValues() } }

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
        converted = other.converted
        // An initializer's own assignments run no didSet.
        hasFixedEndpoints = other.hasFixedEndpoints
        numberEndpoints = other.numberEndpoints
    }

    public override func validate(for layer: CALayer) throws {
        let kind = try valueKind(for: layer)
        // One at a time, not a loop over an array of them: every add checks them.
        try check(fromValue, named: "fromValue", is: kind)
        try check(toValue, named: "toValue", is: kind)
        try check(byValue, named: "byValue", is: kind)
    }

    /// Throws unless `value`, when given, is a finite value of `kind`.
    private func check(_ value: Any?, named name: String, is kind: AnimationValue.Kind) throws {
        guard let value else { return }
        guard let converted = AnimationValue(value), converted.kind == kind else {
            throw CAAnimationError("\(name) of '\(keyPath ?? "")' must be a \(kind.rawValue)")
        }
        guard converted.isFinite else {
            throw CAAnimationError("\(name) of '\(keyPath ?? "")' is not finite: \(value)", property: name)
        }
    }

    override func prepare(for layer: CALayer) {
        guard fromValue == nil, !(toValue != nil && byValue != nil), !isAdditive, valueFunction == nil,
              let keyPath else { return }
        fromValue = layer.presentationValue(forAnimatableKeyPath: keyPath)
    }

    /// The start and end of a cycle, given the value underneath.
    /// nil when the value underneath is needed and there is none.
    func endpoints(underlying: AnimationValue?) -> (from: AnimationValue, to: AnimationValue)? {
        switch converted {
        case let .fixed(from, to):
            return (from, to)
        case let .relative(from, to, by):
            guard let underlying else { return nil }
            let zero = AnimationValue.zero(underlying.kind)
            switch (from, to, by) {
            case let (from?, _, _): return (from, isAdditive ? zero : underlying)
            case let (nil, to?, _): return (isAdditive ? zero : underlying, to)
            case let (nil, nil, by?): return isAdditive ? (zero, by) : (underlying, underlying.adding(by))
            case (nil, nil, nil): return isAdditive ? (zero, zero) : (underlying, underlying)
            }
        }
    }

    private func convertValues() {
        let (from, to, by) = (fromValue.flatMap(AnimationValue.init), toValue.flatMap(AnimationValue.init),
                              byValue.flatMap(AnimationValue.init))
        converted = switch (from, to, by) {
        case let (from?, to?, _): .fixed(from: from, to: to)
        case let (from?, nil, by?): .fixed(from: from, to: from.adding(by))
        case let (nil, to?, by?): .fixed(from: to.subtracting(by), to: to)
        default: .relative(from: from, to: to, by: by)
        }
    }

    /// How far from `from` to `to` the value is at the eased progress; springs override.
    func fraction(atProgress progress: Double) -> Double { progress }

    override var needsUnderlyingValue: Bool {
        !hasFixedEndpoints
    }

    override func presentedNumber(atTime time: Double) -> PresentedNumber {
        guard numberEndpoints != nil, valueFunction == nil, !isAdditive else { return .unknown }
        guard let (progress, cycle) = easedPhase(atParentTime: time) else { return .noEffect }
        return number(atProgress: progress, cycle: cycle).map(PresentedNumber.number) ?? .unknown
    }

    /// The value at the eased progress of `cycle` when it lies between two numbers: what
    /// `AnimationValue.interpolated(to:fraction:)` gives for them. nil for other values, and
    /// for later cycles of a cumulative animation.
    private func number(atProgress progress: Double, cycle: Int) -> Double? {
        guard let (from, to) = numberEndpoints, !isCumulative || cycle == 0 else { return nil }
        let t = fraction(atProgress: progress)
        return t == 0 ? from : t == 1 ? to : lerp(from, to, t)
    }

    override func value(atProgress progress: Double, cycle: Int, underlying: AnimationValue?) -> AnimationValue? {
        if let number = number(atProgress: progress, cycle: cycle) { return .number(number) }
        guard let (from, to) = endpoints(underlying: underlying) else { return nil }
        let value = from.interpolated(to: to, fraction: fraction(atProgress: progress))
        return isCumulative && cycle > 0 ? to.repeated(cycle).adding(value) : value
    }
}
