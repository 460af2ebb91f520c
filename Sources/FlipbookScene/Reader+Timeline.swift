import Foundation
import FlipbookUIKit

/// Timeline entries and the actions in them: each verb is a thin call of the API with
/// the same name (SCENE_FORMAT.md "Timeline").
extension Reader {
    mutating func timelineEntry(_ node: SceneNode) throws -> TimelineEntry {
        let fields = try node.fields(allowed: ["at", "do"], required: ["at", "do"])
        let atNode = try fields.required("at")
        let time = try atNode.time()
        guard time >= 0 else { throw atNode.error("'at' must be 0 or later, got \(time)") }
        return TimelineEntry(time: time, actions: try actions(try fields.required("do")))
    }

    mutating func actions(_ node: SceneNode) throws -> [Action] {
        var actions: [Action] = []
        for item in try node.list() { actions.append(try action(item)) }
        return actions
    }

    mutating func action(_ node: SceneNode) throws -> Action {
        .located(node.location, try unlocatedAction(node))
    }

    private mutating func unlocatedAction(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(allowed: Self.verbs)
        guard fields.entries.count == 1, let (verb, keyNode, argument) = fields.entries.first else {
            throw node.error("an action is a map with exactly one verb, e.g. {set: {target: card, alpha: 0.5}}")
        }
        switch verb {
        case "set": return try setAction(argument)
        case "addAnimation": return try addAnimation(argument)
        case "removeAnimation":
            let fields = try argument.fields(allowed: ["layer", "key"], required: ["layer", "key"])
            return .removeAnimation(layer: try layerReference(try fields.required("layer")),
                                    key: try fields.required("key").string())
        case "removeAllAnimations":
            let fields = try argument.fields(allowed: ["layer"], required: ["layer"])
            return .removeAllAnimations(layer: try layerReference(try fields.required("layer")))
        case "transaction": return try transaction(argument)
        case "addSublayer":
            let fields = try argument.fields(allowed: ["to", "layer"], required: ["to", "layer"])
            let parent = try layerReference(try fields.required("to"))
            let layerNode = try fields.required("layer")
            if let superlayer = try layerNode.fields(allowed: Self.layerKeys)["superlayer"] {
                throw superlayer.error("the new layer's superlayer is 'to'; remove 'superlayer'")
            }
            try declareLayer(layerNode)
            return .addSublayer(parent: parent, layer: try layer(layerNode))
        case "removeFromSuperlayer": return .removeFromSuperlayer(try layerReference(argument))
        case "addSubview": return try addSubview(argument)
        case "removeFromSuperview": return .removeFromSuperview(try viewID(argument))
        case "bringSubviewToFront": return .bringSubviewToFront(try viewID(argument))
        case "setNeedsLayout": return .setNeedsLayout(try viewOrLayer(argument))
        case "layoutIfNeeded": return .layoutIfNeeded(try viewOrLayer(argument))
        case "setNeedsDisplay": return .setNeedsDisplay(try viewOrLayer(argument))
        case "log": return .log(try argument.string())
        case "animate": return try animate(argument)
        case "animateKeyframes": return try animateKeyframes(argument)
        case "performWithoutAnimation": return .performWithoutAnimation(try actions(argument))
        case "setAnimationsEnabled": return .setAnimationsEnabled(try argument.bool())
        case "performSystemAnimation": return try performSystemAnimation(argument)
        case "beginAnimations": return try beginAnimations(argument)
        case "transition": return try transition(argument)
        case "animator": return try animator(argument)
        case "animatorCall": return try animatorCall(argument)
        case "present": return try present(argument)
        case "dismiss": return try dismiss(argument)
        default: throw keyNode.error("unknown verb '\(verb)'\(didYouMean(verb, in: Self.verbs))")
        }
    }

    /// `set: {target: id, property: value, …}`: view properties for a view, layer
    /// properties for `id.layer` or a layer id.
    func setAction(_ node: SceneNode) throws -> Action {
        let targetNode = try node.fields(allowed: (["target"] + Self.viewPropertyKeys
                                                   + PropertyTable<CALayer>.layer.keys + LayerClass.extraKeys).uniqued(),
                                         required: ["target"]).required("target")
        let target = try targetNode.string()
        if viewIDs.contains(target) {
            let fields = try node.fields(allowed: ["target"] + Self.viewPropertyKeys)
            if let draw = fields.entries.first(where: { $0.key == "draw" }), !drawingViewIDs.contains(target) {
                throw draw.keyNode.error("'\(target)' was not made with a 'draw' list; add one (draw: []) where it is declared")
            }
            return .setView(target, try viewAssignments(fields, isLabel: labelIDs.contains(target))
                + contentViewAssignments(fields, className: contentViewClasses[target] ?? "UIView"))
        }
        guard target.hasSuffix(".layer") || layerIDs.contains(target) else {
            throw targetNode.error("unknown id '\(target)'\(didYouMean(target, in: viewIDs + layerIDs))")
        }
        let reference = try layerReference(targetNode)
        if case .viewLayer = reference { return .setLayer(reference, try viewLayerAssignments(node, extraKeys: ["target"])) }
        let (_, assignments) = try layerAssignments(node, extraKeys: ["target"], of: layerClass(of: reference))
        return .setLayer(reference, assignments)
    }

    /// `transaction: {name, duration, timingFunction, disableActions, do, completion}`.
    mutating func transaction(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(allowed: ["name", "duration", "timingFunction", "disableActions", "do", "completion"],
                                     required: ["do"])
        return .transaction(TransactionSpec(
            name: try fields["name"]?.string(),
            duration: try fields["duration"]?.nonNegativeTime(),
            timingFunction: try fields["timingFunction"].map { try $0.timingFunction() },
            disableActions: try fields["disableActions"]?.bool(),
            actions: try actions(try fields.required("do")),
            completion: try fields["completion"].map { try actions($0) }))
    }
}
