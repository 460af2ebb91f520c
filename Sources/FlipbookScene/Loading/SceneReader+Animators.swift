import Foundation
import FlipbookUIKit

extension MapShape {
    /// The keys that give an animator its timing, of which one may be given.
    static let animatorTimingKeys = keys([
        "curve": .choice(SceneReader.animatorCurves.map(\.0)), "controlPoints": .list(.number), "dampingRatio": .positive,
        "timingParameters": .map { .timingParameters },
    ])

    /// Properties an `animator` may set when it makes the animator.
    static let animatorSetupKeys = keys([
        "isInterruptible": .bool, "isUserInteractionEnabled": .bool, "scrubsLinearly": .bool, "pausesOnCompletion": .bool,
    ])

    static let animator: MapShape = MapShape("animator", ["id": .string, "duration": .duration], required: ["id", "duration"])
        .adding(animatorTimingKeys)
        .adding(keys(["delay": .duration, "do": .actions, "completion": .actions, "start": .bool, "running": .bool]))
        .adding(animatorSetupKeys)

    /// `{cubic: curve | [x1, y1, x2, y2]}` or `{spring: {…}}`.
    static let timingParameters: MapShape = MapShape("timingParameters", [
        "cubic": .anyOf([.choice(SceneReader.animatorCurves.map(\.0)), .list(.number)]), "spring": .map { .springParameters },
    ]).holdingOneKey()

    /// `{dampingRatio}`, `{mass, stiffness, damping}` or `{duration, bounce}`, each with an
    /// optional `initialVelocity`.
    static let springParameters: MapShape = MapShape("springParameters", [
        "dampingRatio": .positive, "mass": .positive, "stiffness": .positive, "damping": .nonNegative(.number),
        "duration": .positive, "bounce": .bounce, "initialVelocity": .anyOf([.number, .list(.number)]),
    ])

    /// Each method an `animatorCall` may call, with the keys that are its arguments.
    static let animatorCalls: [(call: String, arguments: [Key])] = [
        ("startAnimation", keys(["afterDelay": .duration])), ("pauseAnimation", []),
        ("stopAnimation", keys(["withoutFinishing": .bool])),
        ("finishAnimation", keys(["at": .choice(["start", "end", "current"])])),
        ("continueAnimation", keys(["timingParameters": .map { .timingParameters }, "durationFactor": .number])),
        ("addAnimations", keys(["do": .actions, "delayFactor": .number])), ("addCompletion", keys(["do": .actions])),
    ]

    /// Properties an `animatorCall` may set.
    static let animatorPropertyKeys = keys(["fractionComplete": .number, "isReversed": .bool]) + animatorSetupKeys

    /// `animatorCall`: the arguments of every call and the properties it may set.
    static let animatorCall: MapShape = MapShape("animatorCall", [
        "id": .string, "call": .choice(animatorCalls.map(\.call)),
    ], required: ["id"]).adding(animatorCalls.flatMap(\.arguments) + animatorPropertyKeys)
}

/// The property animator verbs, `animator` and `animatorCall`: a `UIViewPropertyAnimator`
/// made under an id, then its methods called and its properties set (docs/scene-format.md
/// "Timeline", docs/behaviours.md PA1–PA7).
///
/// ```yaml
/// - animator: {id: a1, duration: 2, curve: easeInOut, do: [{set: {target: card, alpha: 0}}],
///              completion: [{log: faded}], start: true}
/// - animatorCall: {id: a1, call: pauseAnimation, fractionComplete: 0.3}
/// ```
///
/// Timing is one of `curve: easeInOut | easeIn | easeOut | linear`, `controlPoints: [x1,
/// y1, x2, y2]`, `dampingRatio: r` or `timingParameters` (default `curve: easeInOut`):
/// - `{cubic: easeIn}` or `{cubic: [x1, y1, x2, y2]}`: `UICubicTimingParameters`;
/// - `{spring: {dampingRatio: r}}`, `{spring: {mass: m, stiffness: k, damping: c}}` (the
///   spring sets the duration) or `{spring: {duration: d, bounce: b}}`, each with an
///   optional `initialVelocity: [dx, dy]` (or one number, dx); `{spring: {}}` is
///   critically damped: `UISpringTimingParameters`.
///
/// Ids of animators are unique among all ids; an `animatorCall` names an animator made by
/// an `animator` earlier in the file. The keys of an `animatorCall` act in the order they
/// are written: `call` (with its arguments, wherever they are written) and property sets.
extension SceneReader {
    static let animatorCurves: [(String, UIView.AnimationCurve)] = [
        ("easeInOut", .easeInOut), ("easeIn", .easeIn), ("easeOut", .easeOut), ("linear", .linear),
    ]
    static let animatorTimingKeys = MapShape.animatorTimingKeys.map(\.name)
    static let animatorSetupKeys = MapShape.animatorSetupKeys.map(\.name)
    /// Properties an `animatorCall` may set.
    static let animatorPropertyKeys = MapShape.animatorPropertyKeys.map(\.name)
    /// Each method of `call`, with the keys that are its arguments.
    static let animatorCalls = MapShape.animatorCalls.map { (call: $0.call, arguments: $0.arguments.map(\.name)) }
    /// Arguments a call cannot do without.
    private static let requiredAnimatorArguments: [String: String] = [
        "stopAnimation": "withoutFinishing", "finishAnimation": "at", "addAnimations": "do", "addCompletion": "do",
    ]

    /// `animator: {id, duration, curve | controlPoints | dampingRatio | timingParameters,
    /// delay, do, completion, start, running, isInterruptible, isUserInteractionEnabled,
    /// scrubsLinearly, pausesOnCompletion}`.
    mutating func animator(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.animator)
        // Declared first, so the animator's own blocks and completion may call it.
        let id = try declare(try fields.required("id"), in: \.animatorIDs)
        let timingEntries = fields.entries.filter { Self.animatorTimingKeys.contains($0.key) }
        if timingEntries.count > 1 {
            throw timingEntries[1].keyNode.error(
                "an animator has one timing: '\(timingEntries[0].key)' or '\(timingEntries[1].key)', not both")
        }
        let timing = try timingEntries.first.map { try animatorTiming($0.key, $0.value) } ?? .curve(.easeInOut)
        let start = try fields["start"]?.bool() ?? false
        let running = try fields["running"]?.bool() ?? false
        if running {
            try checkRunning(fields, start: start)
        } else if let delay = fields.entries.first(where: { $0.key == "delay" }), !start {
            throw delay.keyNode.error("'delay' is the delay of startAnimation(afterDelay:); add start: true or running: true")
        }
        var properties: [AnimatorProperty] = []
        for (key, _, value) in fields.entries where Self.animatorSetupKeys.contains(key) {
            properties.append(try animatorProperty(key, value))
        }
        return .animator(AnimatorSpec(
            id: id,
            duration: try fields.required("duration").nonNegativeTime(),
            timing: timing,
            delay: try fields["delay"]?.nonNegativeTime() ?? 0,
            actions: try fields["do"].map { try actions($0) } ?? [],
            completion: try fields["completion"].map { try actions($0) } ?? [],
            properties: properties,
            start: start,
            running: running))
    }

    /// What `runningPropertyAnimator(withDuration:delay:options:animations:completion:)` cannot take.
    private func checkRunning(_ fields: Fields, start: Bool) throws {
        func key(_ name: String) -> SceneNode? { fields.entries.first { $0.key == name }?.keyNode }
        if start, let startKey = key("start") {
            throw startKey.error("'start' and 'running' both start the animator; keep one")
        }
        if let timingKey = Self.animatorTimingKeys.filter({ $0 != "curve" }).lazy.compactMap(key).first {
            throw timingKey.error("runningPropertyAnimator takes one of UIKit's curves (as its options): use 'curve', "
                + "or start: true instead of running: true")
        }
        for name in ["isInterruptible", "isUserInteractionEnabled"] {
            if let setting = key(name) {
                throw setting.error("runningPropertyAnimator starts the animator at once, and '\(name)' cannot change "
                    + "while it is active; use start: true instead of running: true")
            }
        }
        if fields["do"] == nil {
            throw fields.owner.error("runningPropertyAnimator needs its animations: add 'do'")
        }
    }

    private func animatorTiming(_ key: String, _ node: SceneNode) throws -> AnimatorSpec.Timing {
        switch key {
        case "curve": return .curve(try animationCurve(node))
        case "controlPoints":
            let (point1, point2) = try controlPoints(node)
            return .controlPoints(point1, point2)
        case "dampingRatio": return .dampingRatio(try node.positiveNumber())
        default: return .parameters(try timingParameters(node))
        }
    }

    /// One of `UIView.AnimationCurve`'s names.
    func animationCurve(_ node: SceneNode) throws -> UIView.AnimationCurve {
        let name = try node.choice(Self.animatorCurves.map(\.0))
        return Self.animatorCurves.first { $0.0 == name }!.1
    }

    /// `[x1, y1, x2, y2]`, x in 0…1.
    private func controlPoints(_ node: SceneNode) throws -> (CGPoint, CGPoint) {
        let v = try node.numbers(4, expected: "control points [x1, y1, x2, y2]")
        guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
            throw node.error("the x values of control points must be between 0 and 1")
        }
        return (CGPoint(x: v[0], y: v[1]), CGPoint(x: v[2], y: v[3]))
    }

    /// `{cubic: curve | [x1, y1, x2, y2]}` or `{spring: {…}}`.
    func timingParameters(_ node: SceneNode) throws -> TimingParametersSpec {
        let fields = try node.fields(.timingParameters)
        guard fields.entries.count == 1, let (kind, _, value) = fields.entries.first else {
            throw node.error("timingParameters is {cubic: easeIn} or {cubic: [x1, y1, x2, y2]}, or {spring: {…}}")
        }
        if kind == "cubic" {
            if case .sequence = value.node {
                let (point1, point2) = try controlPoints(value)
                return .cubicPoints(point1, point2)
            }
            return .cubicCurve(try animationCurve(value))
        }
        return try springParameters(value)
    }

    /// `{dampingRatio}`, `{mass, stiffness, damping}` or `{duration, bounce}`, each with an
    /// optional `initialVelocity`; `{}` is `UISpringTimingParameters()` (ratio 1).
    private func springParameters(_ node: SceneNode) throws -> TimingParametersSpec {
        let forms = [["dampingRatio"], ["mass", "stiffness", "damping"], ["duration", "bounce"]]
        let fields = try node.fields(.springParameters)
        let velocity = try fields["initialVelocity"].map { try initialVelocity($0) } ?? CGVector(dx: 0, dy: 0)
        let given = fields.entries.filter { $0.key != "initialVelocity" }
        guard let first = given.first else { return .springRatio(1, initialVelocity: velocity) }
        let form = forms.first { $0.contains(first.key) }!
        if let other = given.first(where: { !form.contains($0.key) }) {
            throw other.keyNode.error("'\(other.key)' cannot go with '\(first.key)': a spring is {dampingRatio}, "
                + "{mass, stiffness, damping} or {duration, bounce}")
        }
        switch form[0] {
        case "dampingRatio":
            return .springRatio(try fields.required("dampingRatio").positiveNumber(), initialVelocity: velocity)
        case "mass":
            for key in form where fields[key] == nil {
                throw node.error("a spring with '\(first.key)' needs mass, stiffness and damping; '\(key)' is missing")
            }
            return .springPhysical(mass: try fields.required("mass").positiveNumber(),
                                   stiffness: try fields.required("stiffness").positiveNumber(),
                                   damping: try fields.required("damping").nonNegativeNumber(), initialVelocity: velocity)
        default:
            let duration = try fields.required("duration").positiveNumber()
            let bounce = try fields["bounce"]?.number() ?? 0
            // Apple's range, which UISpringTimingParameters(duration:bounce:) would otherwise
            // replace with 0, warning: −1 is an infinite damping ratio.
            guard TimingValueRule.bounce.accepts(bounce) else {
                throw fields["bounce"]!.error("'bounce' must be above -1 and at most 1, got \(bounce)")
            }
            return .springPerceptual(duration: duration, bounce: bounce, initialVelocity: velocity)
        }
    }

    /// `[dx, dy]`, or one number: dx (the only component a property animator uses).
    private func initialVelocity(_ node: SceneNode) throws -> CGVector {
        if node.node.number != nil { return CGVector(dx: try node.number(), dy: 0) }
        let v = try node.numbers(2, expected: "a velocity [dx, dy] or a number")
        return CGVector(dx: v[0], dy: v[1])
    }

    private func animatorProperty(_ key: String, _ node: SceneNode) throws -> AnimatorProperty {
        switch key {
        case "fractionComplete":
            let fraction = try node.number()
            guard (0...1).contains(fraction) else {
                throw node.error("'fractionComplete' must be between 0 and 1, got \(fraction)")
            }
            return .fractionComplete(fraction)
        case "isReversed": return .isReversed(try node.bool())
        case "isInterruptible": return .isInterruptible(try node.bool())
        case "isUserInteractionEnabled": return .isUserInteractionEnabled(try node.bool())
        case "scrubsLinearly": return .scrubsLinearly(try node.bool())
        default: return .pausesOnCompletion(try node.bool())
        }
    }

    /// `animatorCall: {id, call, afterDelay, withoutFinishing, at, timingParameters,
    /// durationFactor, do, delayFactor, fractionComplete, isReversed, isInterruptible,
    /// isUserInteractionEnabled, scrubsLinearly, pausesOnCompletion}`.
    mutating func animatorCall(_ node: SceneNode) throws -> Action {
        let argumentKeys = Self.animatorCalls.flatMap(\.arguments).uniqued()
        let fields = try node.fields(.animatorCall)
        let id = try animatorID(try fields.required("id"))
        let call = try fields["call"]?.choice(Self.animatorCalls.map(\.call))
        let arguments = call.flatMap { call in Self.animatorCalls.first { $0.call == call }?.arguments } ?? []
        for (key, keyNode, _) in fields.entries where argumentKeys.contains(key) && !arguments.contains(key) {
            let owners = Self.animatorCalls.filter { $0.arguments.contains(key) }.map(\.call)
            let owner = owners.joined(separator: " or ")
            throw keyNode.error(call.map { "'\(key)' is not an argument of \($0); it goes with \(owner)" }
                ?? "'\(key)' is an argument of \(owner); add call: \(owners[0])")
        }
        if let call, let required = Self.requiredAnimatorArguments[call], fields[required] == nil {
            throw node.error("\(call) needs '\(required)'")
        }
        var steps: [AnimatorCallSpec.Step] = []
        for (key, _, value) in fields.entries {
            if key == "call", let call {
                steps.append(try animatorCallStep(call, fields))
            } else if Self.animatorPropertyKeys.contains(key) {
                steps.append(.set(try animatorProperty(key, value)))
            }
        }
        guard !steps.isEmpty else {
            throw node.error("an animatorCall calls a method (call: \(Self.animatorCalls.map(\.call).joined(separator: ", "))) "
                + "or sets a property (\(Self.animatorPropertyKeys.joined(separator: ", ")))")
        }
        return .animatorCall(AnimatorCallSpec(id: id, steps: steps))
    }

    /// An animator declared earlier in the file.
    private func animatorID(_ node: SceneNode) throws -> String {
        let id = try node.string()
        if animatorIDs.contains(id) { return id }
        if viewIDs.contains(id) || layerIDs.contains(id) {
            throw node.error("'\(id)' is a \(viewIDs.contains(id) ? "view" : "layer"), not an animator")
        }
        throw node.error("unknown animator '\(id)'\(didYouMean(id, in: animatorIDs)); an animator is made by an "
            + "'animator' action earlier in the file")
    }

    private mutating func animatorCallStep(_ call: String, _ fields: Fields) throws -> AnimatorCallSpec.Step {
        switch call {
        case "startAnimation":
            return .startAnimation(afterDelay: try fields["afterDelay"]?.nonNegativeTime())
        case "pauseAnimation":
            return .pauseAnimation
        case "stopAnimation":
            return .stopAnimation(withoutFinishing: try fields.required("withoutFinishing").bool())
        case "finishAnimation":
            let positions: [String: UIViewAnimatingPosition] = ["start": .start, "end": .end, "current": .current]
            return .finishAnimation(at: positions[try fields.required("at").choice(["start", "end", "current"])]!)
        case "continueAnimation":
            // 0, or no factor, keeps the time the rest would have taken (PA6).
            let factor = try fields["durationFactor"].map { node in
                let factor = try node.number()
                guard factor >= 0 else {
                    throw node.error("'durationFactor' must be 0 (the time the rest would have taken) or more, got \(factor)")
                }
                return factor
            }
            return .continueAnimation(try fields["timingParameters"].map { try timingParameters($0) },
                                      durationFactor: factor ?? 0)
        case "addAnimations":
            let delayFactor = try fields["delayFactor"].map { node in
                let factor = try node.number()
                guard (0...1).contains(factor) else {
                    throw node.error("'delayFactor' is a fraction of the remaining duration, between 0 and 1; got \(factor)")
                }
                return factor
            }
            return .addAnimations(try actions(try fields.required("do")), delayFactor: delayFactor)
        default:
            return .addCompletion(try actions(try fields.required("do")))
        }
    }
}
