import FlipbookQuartz
import Foundation

/// A timing curve named on the command line (`flipbook curves`), parsed and checked.
///
/// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default` (`CAMediaTimingFunctionName`);
/// `cubic(x1,y1,x2,y2)`; `spring(mass:1,stiffness:100,damping:10,velocity:0)` (a
/// `CASpringAnimation`, any labels left out take its defaults, lasting its
/// `settlingDuration`; undamped, `damping:0`, it swings over the whole time axis);
/// `spring(dampingRatio:0.5,duration:1,velocity:0)` (the spring of
/// `UIView.animate(withDuration:…usingSpringWithDamping:…)`, lasting `duration`).
public struct CurveSpec: Sendable, Hashable {
    public enum Curve: Sendable, Hashable {
        case timingFunction(TimingFunction)
        /// A `CASpringAnimation`'s spring; it lasts its `settlingDuration`.
        case spring(Spring)
        /// The spring of a UIView animation lasting `duration` seconds.
        case viewSpring(Spring, duration: Double)
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The text as given, without surrounding spaces: names the curve in a legend.
    public let text: String
    public let curve: Curve

    static let layerSpringLabels = ["mass", "stiffness", "damping", "velocity"]
    static let viewSpringLabels = ["dampingRatio", "duration", "velocity"]

    /// - Throws: `ParseError` naming what is wrong, with the nearest name for a typo.
    public init(_ text: String) throws {
        self.text = text.trimmingCharacters(in: .whitespaces)
        let (name, arguments) = try Self.split(self.text)
        switch name {
        case "cubic": curve = try Self.cubic(arguments)
        case "spring": curve = try Self.spring(arguments ?? [])
        default:
            guard let function = SceneNode.timingFunctions.first(where: { $0.name == name })?.function else {
                let known = SceneNode.timingFunctions.map(\.name) + ["cubic", "spring"]
                throw ParseError(description: "unknown curve '\(name)'\(didYouMean(name, in: known)); curves are "
                    + SceneNode.timingFunctions.map(\.name).joined(separator: ", ") + ", cubic(x1,y1,x2,y2) and spring(…)")
            }
            guard arguments == nil else { throw ParseError(description: "'\(name)' takes no arguments, in '\(self.text)'") }
            curve = .timingFunction(function)
        }
    }

    /// How long the curve runs on its own, in seconds: a spring's duration; nil for a
    /// timing function, which stretches over whatever duration it is given, and for an
    /// undamped spring, which never settles.
    public var duration: Double? {
        switch curve {
        case .timingFunction: nil
        case .spring(let spring): spring.damping > 0 ? spring.settlingDuration : nil
        case .viewSpring(_, let duration): duration
        }
    }

    /// The value `t` seconds into the animation, 0 before it and 1 once it is over; a
    /// timing function spans `span` seconds.
    public func value(at t: Double, span: Double) -> Double {
        switch curve {
        case .timingFunction(let function):
            return t >= span ? 1 : function.value(at: max(t, 0) / span)
        case .spring(let spring):
            return t >= spring.settlingDuration ? 1 : spring.value(at: t)
        case .viewSpring(let spring, let duration):
            return t >= duration ? 1 : spring.value(at: t)
        }
    }

    /// The time axis of a plot of `curves`, in seconds: the longest spring's duration,
    /// at least 1 s.
    public static func plotDuration(_ curves: [CurveSpec]) -> Double {
        curves.compactMap(\.duration).reduce(1, max)
    }

    // MARK: Parsing

    /// `name` or `name(arguments)`, the arguments split at commas.
    private static func split(_ text: String) throws -> (name: String, arguments: [String]?) {
        guard let open = text.firstIndex(of: "(") else { return (text, nil) }
        guard text.hasSuffix(")") else { throw ParseError(description: "'\(text)' is missing its closing ')'") }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let arguments = inside.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return (name, arguments == [""] ? [] : arguments)
    }

    private static func number(_ text: String, in spec: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw ParseError(description: "'\(text)' in '\(spec)' is not a number")
        }
        return value
    }

    /// `cubic(x1,y1,x2,y2)`: the control points of a `CAMediaTimingFunction`.
    private static func cubic(_ arguments: [String]?) throws -> Curve {
        let spec = "cubic(\((arguments ?? []).joined(separator: ","))"
        guard let arguments, arguments.count == 4 else {
            throw ParseError(description: "cubic takes four numbers, cubic(x1,y1,x2,y2), e.g. cubic(0.25,0.1,0.25,1)")
        }
        let values = try arguments.map { try number($0, in: spec + ")") }
        guard (0...1).contains(values[0]), (0...1).contains(values[2]) else {
            throw ParseError(description: "in '\(spec))' x1 and x2 must be between 0 and 1 (time only runs forward)")
        }
        return .timingFunction(TimingFunction(values[0], values[1], values[2], values[3]))
    }

    /// `spring(label:value,…)` with CASpringAnimation's or UIView's labels.
    private static func spring(_ arguments: [String]) throws -> Curve {
        let spec = "spring(\(arguments.joined(separator: ",")))"
        var values: [String: Double] = [:]
        let labels = layerSpringLabels + viewSpringLabels.filter { !layerSpringLabels.contains($0) }
        for argument in arguments {
            let parts = argument.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else {
                throw ParseError(description: "'\(argument)' in '\(spec)' is not label:value, e.g. damping:10")
            }
            guard labels.contains(parts[0]) else {
                throw ParseError(description: "unknown spring parameter '\(parts[0])'\(didYouMean(parts[0], in: labels)) in '\(spec)'; "
                    + "a spring takes mass, stiffness, damping, velocity (CASpringAnimation) or dampingRatio, duration, velocity (UIView.animate)")
            }
            guard values[parts[0]] == nil else { throw ParseError(description: "'\(parts[0])' appears twice in '\(spec)'") }
            values[parts[0]] = try number(parts[1], in: spec)
        }
        let velocity = values["velocity"] ?? 0
        if values.keys.contains(where: { !layerSpringLabels.contains($0) }) {
            guard values.keys.allSatisfy(viewSpringLabels.contains) else {
                throw ParseError(description: "'\(spec)' mixes CASpringAnimation's mass, stiffness and damping with UIView's dampingRatio and duration")
            }
            guard let ratio = values["dampingRatio"], let duration = values["duration"] else {
                throw ParseError(description: "'\(spec)' needs both dampingRatio and duration, e.g. spring(dampingRatio:0.5,duration:1)")
            }
            guard ratio > 0, duration > 0 else {
                throw ParseError(description: "in '\(spec)' dampingRatio and duration must be more than 0")
            }
            guard duration <= Canvas.maximumDuration else {
                throw ParseError(description: "in '\(spec)' duration must be at most \(Int(Canvas.maximumDuration)) s")
            }
            return .viewSpring(Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity), duration: duration)
        }
        let spring = Spring(mass: values["mass"] ?? 1, stiffness: values["stiffness"] ?? 100,
                            damping: values["damping"] ?? 10, initialVelocity: velocity)
        guard spring.mass > 0, spring.stiffness > 0 else {
            throw ParseError(description: "in '\(spec)' mass and stiffness must be more than 0")
        }
        guard spring.damping >= 0 else {
            throw ParseError(description: "in '\(spec)' damping must be 0 or more, as CASpringAnimation's")
        }
        if spring.damping == 0 {
            // Undamped, as a scene's CASpringAnimation may be: it swings for ever, over the
            // plot's time axis, if its frequency is a number.
            guard (spring.stiffness / spring.mass).isFinite else {
                throw ParseError(description: "in '\(spec)' stiffness / mass is too large to plot")
            }
        } else if !(spring.settlingDuration <= Canvas.maximumDuration) {
            throw ParseError(description: "'\(spec)' never settles within the \(Int(Canvas.maximumDuration)) s a plot shows")
        }
        return .spring(spring)
    }
}
