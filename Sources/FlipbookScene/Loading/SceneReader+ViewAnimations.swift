import Foundation
import FlipbookUIKit

extension MapShape {
    static let animate: MapShape = MapShape("animate", [
        "name": .string, "duration": .duration, "delay": .duration, "options": .list(.choice(SceneReader.animationOptionNames.map(\.0))),
        "spring": .map { .viewSpring }, "repeatCount": .repeatCount, "do": .actions, "completion": .actions,
    ], required: ["duration", "do"])

    /// `spring` of `animate`: `usingSpringWithDamping:initialSpringVelocity:`.
    static let viewSpring: MapShape = MapShape("viewSpring", ["damping": .positive, "velocity": .number], required: ["damping"])

    static let animateKeyframes: MapShape = MapShape("animateKeyframes", [
        "name": .string, "duration": .duration, "delay": .duration, "options": .list(.choice(SceneReader.keyframeOptionNames.map(\.0))),
        "do": .actions, "keyframes": .list(.map { .keyframe }), "completion": .actions,
    ], required: ["duration"])

    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    static let keyframe: MapShape = MapShape("keyframe", [
        "start": .within(0...1), "duration": .within(0...1), "do": .actions,
    ], required: ["start", "duration", "do"])

    static let performSystemAnimation: MapShape = MapShape("performSystemAnimation", [
        "name": .string, "animation": .choice(["delete"]), "on": .list(.string),
        "options": .list(.choice(SceneReader.animationOptionNames.map(\.0))), "do": .actions, "completion": .actions,
    ], required: ["animation", "on"])

    static let beginAnimations: MapShape = MapShape("beginAnimations", [
        "name": .string, "duration": .duration, "delay": .duration, "curve": .choice(SceneReader.animatorCurves.map(\.0)),
        "repeatCount": .repeatCount, "repeatAutoreverses": .bool, "beginsFromCurrentState": .bool,
        "transition": .map { .legacyTransition }, "do": .actions, "didStop": .actions,
    ], required: ["do"])

    /// `transition` of `beginAnimations`: `setAnimationTransition(_:for:cache:)`.
    static let legacyTransition: MapShape = MapShape("legacyTransition", [
        "type": .choice(SceneReader.legacyTransitionTypes.map(\.0)), "view": .string, "cache": .bool,
    ], required: ["type", "view"])

    static let transition: MapShape = MapShape("transition", [
        "name": .string, "with": .string, "from": .string, "to": .string, "duration": .duration,
        "options": .list(.choice(SceneReader.animationOptionNames.map(\.0))), "do": .actions, "completion": .actions,
    ], required: ["duration"])
}

/// The UIView animation verbs (`animate`, `animateKeyframes`, `performWithoutAnimation`,
/// `setAnimationsEnabled`, `performSystemAnimation`, `beginAnimations`), each read into
/// the arguments of the API call with the same name (docs/scene-format.md "Timeline").
extension SceneReader {
    /// `animate: {name, duration, delay, options, spring: {damping, velocity}, repeatCount, do, completion}`.
    mutating func animate(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.animate)
        let spring = try fields["spring"].map { node -> ViewAnimationSpec.Spring in
            let spring = try node.fields(.viewSpring)
            return .init(damping: try spring.required("damping").positiveNumber(because: Self.undampedViewSpring),
                         velocity: try spring["velocity"]?.number() ?? 0)
        }
        return .animate(ViewAnimationSpec(
            name: try fields["name"]?.string(),
            duration: try fields.required("duration").nonNegativeTime(),
            delay: try fields["delay"]?.nonNegativeTime() ?? 0,
            options: try fields["options"].map { try animationOptions($0) } ?? [],
            spring: spring,
            repeatCount: try fields["repeatCount"].map(repeatCount),
            actions: try actions(try fields.required("do")),
            completion: try fields["completion"].map { try actions($0) } ?? []))
    }

    /// Why a spring block's damping ratio of 0 is refused, though Apple documents no lower
    /// bound: UIKit picks the stiffness that settles the spring by the block's duration
    /// (FACTS §2), and at 0 none does (the solver leaves a negative damping).
    static let undampedViewSpring = "a spring block's stiffness is the one that brings it within 0.001 of its target by "
        + "the end of its duration, which a spring without damping never comes to; for a spring that keeps oscillating "
        + "use a CASpringAnimation with damping 0"

    /// `animateKeyframes: {name, duration, delay, options, do, keyframes: [{start, duration, do}], completion}`.
    mutating func animateKeyframes(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.animateKeyframes)
        let name = try fields["name"]?.string()
        let duration = try fields.required("duration").nonNegativeTime()
        let delay = try fields["delay"]?.nonNegativeTime() ?? 0
        let options = try fields["options"].map { try keyframeAnimationOptions($0) } ?? []
        let actions = try fields["do"].map { try self.actions($0) } ?? []
        var keyframes: [KeyframeAnimationSpec.Keyframe] = []
        for item in try fields["keyframes"]?.list() ?? [] {
            let keyframe = try item.fields(.keyframe)
            let start = try fraction(try keyframe.required("start"))
            let lengthNode = try keyframe.required("duration")
            let length = try fraction(lengthNode)
            guard start + length <= 1 + 1e-9 else {
                throw lengthNode.error("a keyframe ends by 1 (the end of the animation); start + duration is \(start + length)")
            }
            keyframes.append(.init(start: start, duration: length, actions: try self.actions(try keyframe.required("do"))))
        }
        return .animateKeyframes(KeyframeAnimationSpec(
            name: name, duration: duration, delay: delay, options: options, actions: actions, keyframes: keyframes,
            completion: try fields["completion"].map { try self.actions($0) } ?? []))
    }

    /// `performSystemAnimation: {name, animation: delete, on: [ids], options, do, completion}`.
    mutating func performSystemAnimation(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.performSystemAnimation)
        let views = try fields.required("on").list().map { item in
            let id = try item.string()
            guard viewIDs.contains(id) else { throw item.error("unknown view '\(id)'\(didYouMean(id, in: viewIDs))") }
            return id
        }
        _ = try fields.required("animation").choice(["delete"])
        return .performSystemAnimation(SystemAnimationSpec(
            name: try fields["name"]?.string(),
            animation: .delete,
            views: views,
            options: try fields["options"].map { try animationOptions($0) } ?? [],
            actions: try fields["do"].map { try actions($0) },
            completion: try fields["completion"].map { try actions($0) } ?? []))
    }

    /// `beginAnimations: {name, duration, delay, curve, repeatCount, repeatAutoreverses,
    /// beginsFromCurrentState, do, didStop}`.
    mutating func beginAnimations(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.beginAnimations)
        return .beginAnimations(LegacyAnimationSpec(
            name: try fields["name"]?.string(),
            duration: try fields["duration"]?.nonNegativeTime(),
            delay: try fields["delay"]?.nonNegativeTime(),
            curve: try fields["curve"].map { try animationCurve($0) },
            repeatCount: try fields["repeatCount"].map(repeatCount),
            repeatAutoreverses: try fields["repeatAutoreverses"]?.bool(),
            beginsFromCurrentState: try fields["beginsFromCurrentState"]?.bool(),
            transition: try fields["transition"].map { try legacyTransition($0) },
            actions: try actions(try fields.required("do")),
            didStop: try fields["didStop"].map { try actions($0) } ?? []))
    }

    /// `transition: {type, view, cache}` of `beginAnimations` (`setAnimationTransition`).
    private func legacyTransition(_ node: SceneNode) throws -> LegacyAnimationSpec.Transition {
        let fields = try node.fields(.legacyTransition)
        let types = Self.legacyTransitionTypes
        let name = try fields.required("type").choice(types.map(\.0))
        let type = types.first { $0.0 == name }!.1
        _ = try fields["cache"]?.bool()
        return LegacyAnimationSpec.Transition(type: type, viewID: try viewID(try fields.required("view")))
    }

    /// `transition: {name, with: id, duration, options, do, completion}` or
    /// `transition: {name, from: id, to: id, duration, options, completion}`.
    mutating func transition(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.transition)
        let views: ViewTransitionSpec.Views
        switch (fields["with"], fields["from"], fields["to"]) {
        case let (with?, nil, nil):
            views = .with(try viewID(with))
        case let (nil, from?, to?):
            if let actions = fields.entries.first(where: { $0.key == "do" }) {
                throw actions.keyNode.error("transition(from:to:) has no animations block; remove 'do' or use 'with'")
            }
            views = .fromTo(try viewID(from), try viewID(to))
        default:
            throw node.error("a transition names its container with 'with', or the views it swaps with 'from' and 'to'")
        }
        return .transition(ViewTransitionSpec(
            name: try fields["name"]?.string(),
            views: views,
            duration: try fields.required("duration").nonNegativeTime(),
            options: try fields["options"].map { try animationOptions($0) } ?? [],
            actions: try fields["do"].map { try actions($0) } ?? [],
            completion: try fields["completion"].map { try actions($0) } ?? []))
    }

    /// `UIView.AnimationTransition` by member name.
    static let legacyTransitionTypes: [(String, UIView.AnimationTransition)] = [
        ("none", .none), ("flipFromLeft", .flipFromLeft), ("flipFromRight", .flipFromRight), ("curlUp", .curlUp),
        ("curlDown", .curlDown),
    ]

    /// A fraction of a keyframe animation's duration, 0…1.
    private func fraction(_ node: SceneNode) throws -> Double {
        let value = try node.number()
        guard (0...1).contains(value) else {
            throw node.error("\(node.name) is a fraction of the animation's duration, between 0 and 1; got \(value)")
        }
        return value
    }

    // MARK: Options

    /// `UIView.AnimationOptions` by member name, in Apple's order.
    static let animationOptionNames: [(String, UIView.AnimationOptions)] = [
        ("layoutSubviews", .layoutSubviews), ("allowUserInteraction", .allowUserInteraction),
        ("beginFromCurrentState", .beginFromCurrentState), ("repeat", .repeat), ("autoreverse", .autoreverse),
        ("overrideInheritedDuration", .overrideInheritedDuration), ("overrideInheritedCurve", .overrideInheritedCurve),
        ("allowAnimatedContent", .allowAnimatedContent), ("showHideTransitionViews", .showHideTransitionViews),
        ("overrideInheritedOptions", .overrideInheritedOptions),
        ("curveEaseInOut", .curveEaseInOut), ("curveEaseIn", .curveEaseIn), ("curveEaseOut", .curveEaseOut),
        ("curveLinear", .curveLinear),
        ("transitionFlipFromLeft", .transitionFlipFromLeft), ("transitionFlipFromRight", .transitionFlipFromRight),
        ("transitionCurlUp", .transitionCurlUp), ("transitionCurlDown", .transitionCurlDown),
        ("transitionCrossDissolve", .transitionCrossDissolve), ("transitionFlipFromTop", .transitionFlipFromTop),
        ("transitionFlipFromBottom", .transitionFlipFromBottom),
        ("preferredFramesPerSecond30", .preferredFramesPerSecond30),
        ("preferredFramesPerSecond60", .preferredFramesPerSecond60),
    ]

    /// `UIView.KeyframeAnimationOptions` by member name, and the curves UIKit code passes
    /// in its curve bits (`KeyframeAnimationOptions(rawValue: AnimationOptions.curveEaseIn.rawValue)`).
    static let keyframeOptionNames: [(String, UIView.KeyframeAnimationOptions)] = [
        ("layoutSubviews", .layoutSubviews), ("allowUserInteraction", .allowUserInteraction),
        ("beginFromCurrentState", .beginFromCurrentState), ("repeat", .repeat), ("autoreverse", .autoreverse),
        ("overrideInheritedDuration", .overrideInheritedDuration), ("overrideInheritedOptions", .overrideInheritedOptions),
        ("calculationModeLinear", .calculationModeLinear), ("calculationModeDiscrete", .calculationModeDiscrete),
        ("calculationModePaced", .calculationModePaced), ("calculationModeCubic", .calculationModeCubic),
        ("calculationModeCubicPaced", .calculationModeCubicPaced),
        ("curveEaseIn", .init(rawValue: UIView.AnimationOptions.curveEaseIn.rawValue)),
        ("curveEaseOut", .init(rawValue: UIView.AnimationOptions.curveEaseOut.rawValue)),
        ("curveLinear", .init(rawValue: UIView.AnimationOptions.curveLinear.rawValue)),
    ]

    /// Options that share bits, of which one set can hold only one: naming two is a mistake
    /// (their bits would merge into a third).
    private static func optionGroup(_ name: String) -> String? {
        for prefix in ["curve", "transition", "preferredFramesPerSecond", "calculationMode"] where name.hasPrefix(prefix) {
            return prefix
        }
        return nil
    }

    /// `options: [name, …]` of `animate` and `performSystemAnimation`. Transition options
    /// are accepted, as UIKit accepts them, and change nothing here.
    func animationOptions(_ node: SceneNode) throws -> UIView.AnimationOptions {
        try options(node, Self.animationOptionNames, of: "UIView.AnimationOptions") { name in
            guard Self.keyframeOptionNames.contains(where: { $0.0 == name }) else { return nil }
            return "'\(name)' is an option of animateKeyframes (UIView.KeyframeAnimationOptions), not of UIView.AnimationOptions"
        }
    }

    /// `options: [name, …]` of `animateKeyframes`.
    func keyframeAnimationOptions(_ node: SceneNode) throws -> UIView.KeyframeAnimationOptions {
        try options(node, Self.keyframeOptionNames, of: "UIView.KeyframeAnimationOptions") { name in
            if name == "curveEaseInOut" {
                return "animateKeyframes cannot take 'curveEaseInOut': its curve bits are 0, the same as no curve "
                    + "(each keyframe paced linearly); use curveEaseIn, curveEaseOut or curveLinear, or no curve"
            }
            guard Self.animationOptionNames.contains(where: { $0.0 == name }) else { return nil }
            return "'\(name)' is not an option of animateKeyframes (UIView.KeyframeAnimationOptions)"
        }
    }

    /// Reads a list of option names into an option set; `misplaced` explains a name that
    /// belongs to the other set.
    private func options<Options: OptionSet>(_ node: SceneNode, _ names: [(String, Options)], of setName: String,
                                             misplaced: (String) -> String?) throws -> Options {
        var options: Options = []
        var chosen: [String: String] = [:]
        for item in try node.list() {
            let name = try item.string()
            guard let option = names.first(where: { $0.0 == name })?.1 else {
                if let message = misplaced(name) { throw item.error(message) }
                throw item.error("unknown option '\(name)' of \(setName)\(optionSuggestion(name, in: names.map(\.0)))")
            }
            if let group = Self.optionGroup(name) {
                if let other = chosen[group], other != name {
                    throw item.error("'\(name)' and '\(other)' cannot be combined: options hold one \(group) option")
                }
                chosen[group] = name
            }
            options.formUnion(option)
        }
        return options
    }

    /// " (did you mean 'x'?)": the nearest name by spelling, else the one name that
    /// contains the word (`linear` → `curveLinear`).
    private func optionSuggestion(_ word: String, in names: [String]) -> String {
        let spelled = didYouMean(word, in: names)
        if !spelled.isEmpty || word.count < 3 { return spelled }
        let containing = names.filter { $0.lowercased().contains(word.lowercased()) }
        guard (1...3).contains(containing.count) else { return "" }
        return " (did you mean " + containing.map { "'\($0)'" }.joined(separator: " or ") + "?)"
    }
}
