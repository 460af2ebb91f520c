import Foundation

/// How a keyframe animation spaces and joins its values (FACTS §4).
public struct CAAnimationCalculationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight lines between values at `keyTimes`.
    public static let linear = Self(rawValue: "linear")
    /// Each value holds until the next key time.
    public static let discrete = Self(rawValue: "discrete")
    /// Even speed over the whole animation; `keyTimes` and `timingFunctions` are ignored.
    public static let paced = Self(rawValue: "paced")
    /// A Catmull-Rom spline through the values.
    public static let cubic = Self(rawValue: "cubic")
    /// A Catmull-Rom spline at even speed.
    public static let cubicPaced = Self(rawValue: "cubicPaced")

    public static let all: [Self] = [.linear, .discrete, .paced, .cubic, .cubicPaced]

    var isPaced: Bool { self == .paced || self == .cubicPaced }
}

/// Whether a layer moving along a path turns with it.
public struct CAAnimationRotationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Rotates to the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// Rotates to the path's tangent plus 180°.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// Animates one key path through a list of values or along a path (CA4).
open class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]? { didSet { convertedValues = nil } }
    /// `values` as `AnimationValue`s, converted once rather than in every frame.
    private var convertedValues: [AnimationValue]?
    /// For a point key path: the path to follow; overrides `values`. Keyframes are the
    /// end points of its elements, each element traversed in its own parameter unless
    /// the mode is paced.
    public var path: CGPath? { didSet { if path is CGMutablePath { path = path?.frozen } } }
    /// Fractions 0…1 of the duration at which each value is reached (discrete: at which
    /// each value starts, with one more entry ending the last), each at least the one
    /// before; an entry outside 0…1 or below the one before makes `addChecked` throw,
    /// naming it, in every mode (CA4). `[NSNumber]?` as on iOS,
    /// so `keyTimes = [0, 0.5, 1]` and `[NSNumber(value: 0.2), …]` both compile; read as
    /// `keyTimeFractions`.
    public var keyTimes: [NSNumber]? {
        get { keyTimeFractions?.map { NSNumber(value: $0) } }
        set { keyTimeFractions = newValue?.map(\.doubleValue) }
    }
    /// `keyTimes` as numbers, as the animation reads them every frame.
    package var keyTimeFractions: [Double]?
    /// One per segment, easing that segment.
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    public var rotationMode: CAAnimationRotationMode?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimeFractions = other.keyTimeFractions
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        rotationMode = other.rotationMode
    }

    public override func validate(for layer: CALayer) throws {
        let kind = try valueKind(for: layer)
        if let keyTimeFractions { try Self.checkOrder(of: keyTimeFractions) }
        if path != nil {
            guard kind == .point else {
                throw CAAnimationError("a path animates a point key path, not '\(keyPath ?? "")' (a \(kind.rawValue))",
                                       property: "path")
            }
            return
        }
        guard let values, !values.isEmpty else {
            throw CAAnimationError("a keyframe animation needs values or a path", property: "values")
        }
        for (index, value) in values.enumerated() {
            guard let converted = AnimationValue(value), converted.kind == kind else {
                throw CAAnimationError("value \(index + 1) of '\(keyPath ?? "")' must be a \(kind.rawValue)", property: "values")
            }
            guard converted.isFinite else {
                throw CAAnimationError("value \(index + 1) of '\(keyPath ?? "")' is not finite: \(value)", property: "values")
            }
        }
        if let keyTimes = keyTimeFractions, !calculationMode.isPaced {
            let allowed = calculationMode == .discrete ? [values.count, values.count + 1] : [values.count]
            guard allowed.contains(keyTimes.count) else {
                throw CAAnimationError("keyTimes has \(keyTimes.count) entries for \(values.count) values; "
                    + "\(calculationMode.rawValue) needs \(allowed.map(String.init).joined(separator: " or "))",
                    property: "keyTimes")
            }
        }
        if let timingFunctions, !calculationMode.isPaced, timingFunctions.count != values.count - 1 {
            throw CAAnimationError("timingFunctions has \(timingFunctions.count) entries; \(values.count) values need \(values.count - 1)",
                                   property: "timingFunctions")
        }
    }

    /// The path's sampler, built when the animation is added (arc-length tables are not free).
    private var sampler: PathSampler?

    override func prepare(for layer: CALayer) {
        sampler = path.map { PathSampler(path: $0) }
    }

    override func apply(to layer: CALayer, atTime time: Double) {
        guard path != nil else { return super.apply(to: layer, atTime: time) }
        guard let target = target(on: layer), let (progress, cycle) = easedPhase(atParentTime: time) else { return }
        let sampler = sampler ?? PathSampler(path: path!)
        let (point, angle) = pathSample(sampler, at: progress)
        var value = AnimationValue.point(point)
        if isCumulative, cycle > 0 {
            value = AnimationValue.point(sampler.point(atKeyframeFraction: 1).point).repeated(cycle).adding(value)
        }
        if isAdditive, let current = target.value(of: layer) { value = current.adding(value) }
        target.setValue(value, of: layer)
        if let rotationMode {
            let turn = rotationMode == .rotateAutoReverse ? Double.pi : 0
            layer.transform = CATransform3DRotate(layer.transform, angle + turn, 0, 0, 1)
        }
    }

    /// Along a path, the animation may turn the layer too (`rotationMode`) and samples the path
    /// its own way: that takes a presentation copy.
    override func apply(to placement: inout LayerPlacement, of layer: CALayer, atTime time: Double) -> Bool {
        path == nil && super.apply(to: &placement, of: layer, atTime: time)
    }

    private func pathSample(_ sampler: PathSampler, at progress: Double) -> (point: CGPoint, angle: Double) {
        if calculationMode.isPaced { return sampler.point(atDistanceFraction: progress) }
        let segments = sampler.keyframeCount - 1
        guard segments > 0 else { return sampler.point(atKeyframeFraction: progress) }
        let times = keyTimeFractions?.count == segments + 1 ? keyTimeFractions! : Self.evenKeyTimes(segments + 1)
        let (index, local) = Self.segment(containing: progress, in: times)
        if calculationMode == .discrete { return sampler.point(atSegment: index, fraction: local < 1 ? 0 : 1) }
        return sampler.point(atSegment: index, fraction: ease(local, segment: index))
    }

    override func value(atProgress progress: Double, cycle: Int, underlying: AnimationValue?) -> AnimationValue? {
        if convertedValues == nil { convertedValues = values?.compactMap(AnimationValue.init) }
        guard let values = convertedValues, let last = values.last else { return nil }
        let value = interpolate(values, at: progress)
        return isCumulative && cycle > 0 ? last.repeated(cycle).adding(value) : value
    }

    private func interpolate(_ values: [AnimationValue], at progress: Double) -> AnimationValue {
        guard values.count > 1 else { return values[0] }
        if calculationMode == .discrete {
            let times = keyTimeFractions ?? (0..<values.count).map { Double($0) / Double(values.count) }
            let index = times.lastIndex { $0 <= progress + Self.keyTimeTolerance } ?? 0
            return values[min(index, values.count - 1)]
        }
        let times = calculationMode.isPaced ? Self.pacedKeyTimes(values)
            : keyTimeFractions ?? Self.evenKeyTimes(values.count)
        let (index, local) = Self.segment(containing: progress, in: times)
        let s = calculationMode.isPaced ? local : ease(local, segment: index)
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            return Self.catmullRom(values, segment: index, fraction: s)
        }
        return values[index].interpolated(to: values[index + 1], fraction: s)
    }

    private func ease(_ fraction: Double, segment: Int) -> Double {
        guard let functions = timingFunctions, segment < functions.count else { return fraction }
        return functions[segment].function.value(at: fraction)
    }

    /// The segment i with times[i] ≤ progress < times[i+1] and the fraction through it;
    /// before the first key time the first value holds, after the last the last. A
    /// progress within `keyTimeTolerance` short of a key time has reached it.
    static func segment(containing progress: Double, in times: [Double]) -> (index: Int, fraction: Double) {
        let progress = min(max(progress, times[0]), times[times.count - 1])
        let last = times.count - 2
        var index = 0
        while index < last, progress + keyTimeTolerance >= times[index + 1] { index += 1 }
        let span = times[index + 1] - times[index]
        return (index, span > 0 ? max(progress - times[index], 0) / span : 1)
    }

    /// How far short of a key time a progress still reaches it: a frame's time on a key
    /// time can come out a rounding error short (0.6 s − 0.4 s is 0.19999999999999996), and
    /// a discrete animation would show the value before for one frame more.
    static let keyTimeTolerance = MediaTiming.timeRounding

    /// Throws for the first key time outside 0…1 or below the one before, naming it: Apple's
    /// documentation has each "between 0.0 and 1.0" and "greater than, or equal to, the
    /// previous value", whatever the mode, so they are checked where a mode ignores them too (CA4).
    private static func checkOrder(of keyTimes: [Double]) throws {
        for (index, time) in keyTimes.enumerated() {
            guard (0...1).contains(time) else {
                throw CAAnimationError("keyTimes entry \(index + 1) is \(time), not between 0 and 1",
                                       property: "keyTimes", item: index)
            }
            if index > 0, time < keyTimes[index - 1] {
                throw CAAnimationError("keyTimes entry \(index + 1) is \(time), below entry \(index) (\(keyTimes[index - 1])): "
                    + "each key time must be at least the one before", property: "keyTimes", item: index)
            }
        }
    }

    /// `count` key times from 0 to 1 at even steps (count ≥ 2).
    static func evenKeyTimes(_ count: Int) -> [Double] {
        (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times proportional to the distance travelled (paced modes).
    static func pacedKeyTimes(_ values: [AnimationValue]) -> [Double] {
        var total = 0.0
        var times = [0.0]
        for (a, b) in zip(values, values.dropFirst()) {
            total += a.distance(to: b)
            times.append(total)
        }
        guard total > 0 else { return evenKeyTimes(values.count) }
        return times.map { $0 / total }
    }

    /// A Catmull-Rom spline (Kochanek–Bartels with tension, continuity and bias 0)
    /// through the values, evaluated component by component; transforms interpolate by
    /// decomposition instead, as their components are not independent.
    static func catmullRom(_ values: [AnimationValue], segment i: Int, fraction s: Double) -> AnimationValue {
        let p1 = values[i], p2 = values[i + 1]
        if p1.kind == .transform || p1.kind == .bool { return p1.interpolated(to: p2, fraction: s) }
        let p0 = values[max(i - 1, 0)], p3 = values[min(i + 2, values.count - 1)]
        let (c0, c1, c2, c3) = (p0.components, p1.components, p2.components, p3.components)
        // Paths and lists of different lengths have no common components.
        guard Set([c0.count, c1.count, c2.count, c3.count]).count == 1 else { return p1.interpolated(to: p2, fraction: s) }
        let s2 = s * s, s3 = s2 * s
        let result = (0..<c1.count).map { k -> Double in
            let a = 2 * c1[k]
            let b = (c2[k] - c0[k]) * s
            let c = (2 * c0[k] - 5 * c1[k] + 4 * c2[k] - c3[k]) * s2
            let d = (-c0[k] + 3 * c1[k] - 3 * c2[k] + c3[k]) * s3
            return 0.5 * (a + b + c + d)
        }
        return AnimationValue(kind: p1.kind, components: result) ?? p1.interpolated(to: p2, fraction: s)
    }
}
