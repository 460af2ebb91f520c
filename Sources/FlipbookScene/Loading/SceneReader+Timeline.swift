import Foundation
import FlipbookUIKit

extension MapShape {
    static let timelineEntry: MapShape = MapShape("timelineEntry", ["at": .time, "do": .actions], required: ["at", "do"])

    /// An action: one verb, with its argument.
    static let action: MapShape = MapShape("action", [
        "set": .map { .set }, "addAnimation": .map { .addAnimation }, "removeAnimation": .map { .removeAnimation },
        "removeAllAnimations": .map { .removeAllAnimations }, "transaction": .map { .transaction },
        "addSublayer": .map { .addSublayer }, "removeFromSuperlayer": .string, "addSubview": .map { .addSubview },
        "removeFromSuperview": .string, "bringSubviewToFront": .string, "setNeedsLayout": .string,
        "layoutIfNeeded": .string, "log": .string,
        "animate": .map { .animate }, "animateKeyframes": .map { .animateKeyframes }, "performWithoutAnimation": .actions,
        "setAnimationsEnabled": .bool, "performSystemAnimation": .map { .performSystemAnimation },
        "beginAnimations": .map { .beginAnimations }, "transition": .map { .transition },
        "animator": .map { .animator }, "animatorCall": .map { .animatorCall },
        "present": .map { .present }, "dismiss": .map { .dismiss }, "setNeedsDisplay": .string,
        "transactionCall": .choice(TransactionCall.allCases.map(\.rawValue)), "logTransactionValue": .string,
    ]).holdingOneKey()

    /// `set` on a view or a layer: the keys of both, as the map is read before its target is known.
    static let set: MapShape = MapShape("set", ["target": .string], required: ["target"])
        .adding(SceneReader.viewPropertyKeys + layerPropertyKeys).holdingKeyPaths()
    static let setView: MapShape = MapShape("setView", ["target": .string]).adding(SceneReader.viewPropertyKeys)
    static let setLayer: MapShape = MapShape("setLayer", ["target": .string]).adding(layerPropertyKeys).holdingKeyPaths()

    static let removeAnimation: MapShape = MapShape("removeAnimation", ["layer": .string, "key": .string], required: ["layer", "key"])
    static let removeAllAnimations: MapShape = MapShape("removeAllAnimations", ["layer": .string], required: ["layer"])
    static let addSublayer: MapShape = MapShape("addSublayer", ["to": .string, "layer": .map { .layer }], required: ["to", "layer"])

    static let transaction: MapShape = MapShape("transaction", [
        "name": .string, "duration": .duration, "timingFunction": .timingFunction, "disableActions": .bool,
        "values": .dictionary(.anyOf([.number, .bool, .string, .timingFunction])), "do": .actions, "completion": .actions,
    ], required: ["do"])
}

extension ValueKind {
    /// A list of actions: `do`, `completion`.
    static var actions: ValueKind { .list(.map { .action }) }
}

/// Timeline entries and the actions in them: each verb is a thin call of the API with
/// the same name (docs/scene-format.md "Timeline").
extension SceneReader {
    mutating func timelineEntry(_ node: SceneNode) throws -> TimelineEntry {
        let fields = try node.fields(.timelineEntry)
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
        let fields = try node.fields(.action)
        guard fields.entries.count == 1, let (verb, keyNode, argument) = fields.entries.first else {
            throw node.error("an action is a map with exactly one verb, e.g. {set: {target: card, alpha: 0.5}}")
        }
        switch verb {
        case "set": return try setAction(argument)
        case "addAnimation": return try addAnimation(argument)
        case "removeAnimation":
            let fields = try argument.fields(.removeAnimation)
            return .removeAnimation(layer: try layerReference(try fields.required("layer")),
                                    key: try fields.required("key").string())
        case "removeAllAnimations":
            let fields = try argument.fields(.removeAllAnimations)
            return .removeAllAnimations(layer: try layerReference(try fields.required("layer")))
        case "transaction": return try transaction(argument)
        case "addSublayer":
            let fields = try argument.fields(.addSublayer)
            let parent = try layerReference(try fields.required("to"))
            let layerNode = try fields.required("layer")
            if let superlayer = try layerNode.fields(allowed: MapShape.layer.keyNames)["superlayer"] {
                throw superlayer.error("the new layer's superlayer is 'to'; remove 'superlayer'")
            }
            try declareLayer(layerNode)
            return .addSublayer(parent: parent, layer: try layer(layerNode))
        case "removeFromSuperlayer": return .removeFromSuperlayer(try layerReference(argument))
        case "addSubview": return try addSubview(argument)
        case "removeFromSuperview": return .removeFromSuperview(try viewID(argument))
        case "bringSubviewToFront": return .bringSubviewToFront(try viewID(argument))
        case "setNeedsLayout", "layoutIfNeeded", "setNeedsDisplay":
            return .layoutCall(LayoutCall(rawValue: verb)!, try viewOrLayer(argument))
        case "log": return .log(try argument.string())
        case "transactionCall":
            return .transactionCall(TransactionCall(rawValue: try argument.choice(TransactionCall.allCases.map(\.rawValue)))!)
        case "logTransactionValue": return .logTransactionValue(try argument.string())
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
        default: throw keyNode.error("unknown verb '\(verb)'\(didYouMean(verb, in: MapShape.action.keyNames))")
        }
    }

    /// `set: {target: id, property: value, …}`: view properties for a view, layer
    /// properties for `id.layer` or a layer id.
    func setAction(_ node: SceneNode) throws -> Action {
        let targetNode = try node.fields(.set).required("target")
        let target = try targetNode.string()
        if viewIDs.contains(target) {
            if let keyPath = try node.fields(.set).entries.first(where: { $0.key.contains(".") }) {
                throw keyPath.keyNode.error("'\(keyPath.key)' is a key path, which layers take (Core Animation extends key-value coding to their structures) and views do not; set it on '\(target).layer'")
            }
            let fields = try node.fields(.setView)
            if let draw = fields.entries.first(where: { $0.key == "draw" }), !drawingViewIDs.contains(target) {
                throw draw.keyNode.error("'\(target)' was not made with a 'draw' list; add one (draw: []) where it is declared")
            }
            return .setView(target, try viewAssignments(fields, isLabel: labelIDs.contains(target))
                + contentViewAssignments(fields, className: contentViewClasses[target] ?? "UIView"))
        }
        guard target.hasSuffix(".layer") || layerIDs.contains(target) else {
            throw targetNode.error("unknown id '\(target)'\(didYouMean(target, in: viewIDs.ordered + layerIDs.ordered))")
        }
        let reference = try layerReference(targetNode)
        if case .viewLayer = reference {
            return .setLayer(reference, try viewLayerAssignments(node, shape: .setLayer, of: layerClass(of: reference)))
        }
        let (_, assignments) = try layerAssignments(node, shape: .setLayer, of: layerClass(of: reference))
        return .setLayer(reference, assignments)
    }

    /// `values: {key: value}` of a transaction: the settings' keys take their settings'
    /// values (`animationDuration` a time, `animationTimingFunction` a timing function,
    /// `disableActions` a boolean); any other key a number, boolean or string.
    private func transactionValues(_ node: SceneNode) throws -> [TransactionValue] {
        guard case .mapping(let mapping) = node.node else { throw node.typeError("a map of keys to values") }
        return try mapping.map { keyNode, valueNode in
            let key = try node.child(keyNode, name: "a key").string()
            let value = node.child(valueNode, name: "'\(key)'")
            switch key {
            case "animationDuration": return TransactionValue(key: key, value: .number(try value.nonNegativeTime()))
            case "animationTimingFunction": return TransactionValue(key: key, value: .timingFunction(try value.timingFunction()))
            case "disableActions": return TransactionValue(key: key, value: .bool(try value.bool()))
            case "completionBlock": throw value.error("a transaction's completion block is its 'completion' list")
            default:
                if let number = value.node.number { return TransactionValue(key: key, value: .number(number)) }
                if let flag = value.node.bool { return TransactionValue(key: key, value: .bool(flag)) }
                return TransactionValue(key: key, value: .string(try value.string()))
            }
        }
    }

    /// `transaction: {name, duration, timingFunction, disableActions, values, do, completion}`.
    mutating func transaction(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.transaction)
        return .transaction(TransactionSpec(
            name: try fields["name"]?.string(),
            duration: try fields["duration"]?.nonNegativeTime(),
            timingFunction: try fields["timingFunction"].map { try $0.timingFunction() },
            disableActions: try fields["disableActions"]?.bool(),
            values: try fields["values"].map(transactionValues) ?? [],
            actions: try actions(try fields.required("do")),
            completion: try fields["completion"].map { try actions($0) }))
    }
}
