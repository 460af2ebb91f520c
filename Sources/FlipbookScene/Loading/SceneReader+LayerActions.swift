import Foundation
import FlipbookUIKit

extension MapShape {
    /// `{log: message}`: a custom action.
    static let customAction: MapShape = MapShape("customAction", ["log": .string], required: ["log"])
    /// `style: {actions: …}`: only the actions of a layer's style are read, as Core Animation reads them.
    static let layerStyle: MapShape = MapShape("layerStyle", ["actions": .layerActions])
    /// `delegate: {actions: …}`: the answers of the layer's delegate.
    static let layerDelegate: MapShape = MapShape("layerDelegate", ["actions": .layerActions], required: ["actions"])
}

extension ValueKind {
    /// Actions by key: `null`, `{log: …}` or an animation.
    static var layerActions: ValueKind { .dictionary(.anyOf([.null, .map { .customAction }, .map { .animation }])) }
}

/// A layer's `actions`, `style`, `defaultActions` and `delegate` (TX4): the places the
/// action search looks, in the order it looks (delegate, actions, style, default).
extension SceneReader {
    /// The keys that hold actions.
    static let actionKeys: Set = ["actions", "style", "defaultActions", "delegate"]

    /// The value of one of `actionKeys` on a layer of `layerClass`, whose animations are
    /// checked against that class: actions by key, or a `LayerDelegateSpec` for `delegate`.
    /// Static, as the layer property table reads it too (for a CALayer): it needs no ids.
    static func layerActionValue(_ key: String, _ node: SceneNode, of layerClass: LayerClass) throws -> PropertyValue {
        let reader = SceneReader(file: node.location.file)
        switch key {
        case "style":
            let actions = try node.fields(.layerStyle)["actions"]
            return PropertyValue(try actions.map { try reader.layerActions($0, of: layerClass) } ?? [:])
        case "delegate":
            let actions = try node.fields(.layerDelegate).required("actions")
            return PropertyValue(LayerDelegateSpec(actions: try reader.layerActions(actions, of: layerClass)))
        default:
            return PropertyValue(try reader.layerActions(node, of: layerClass))
        }
    }

    /// A map of event keys to actions.
    private func layerActions(_ node: SceneNode, of layerClass: LayerClass) throws -> [String: LayerActionSpec] {
        guard case .mapping(let mapping) = node.node else { throw node.typeError("a map of keys to actions") }
        var actions: [String: LayerActionSpec] = [:]
        for (keyNode, value) in mapping {
            let event = try node.child(keyNode, name: "a key").string()
            actions[event] = try layerAction(node.child(value, name: "the action for '\(event)'"), for: event, of: layerClass)
        }
        return actions
    }

    /// `null`, `{log: message}` or an animation.
    private func layerAction(_ node: SceneNode, for event: String, of layerClass: LayerClass) throws -> LayerActionSpec {
        if node.isNull { return .null }
        if case .mapping(let mapping) = node.node, mapping.keys.contains(where: { $0.string == "log" }) {
            return .log(try node.fields(.customAction).required("log").string())
        }
        guard case .mapping = node.node else {
            throw node.typeError("null (no action), {log: message} or an animation {class: CABasicAnimation, …}")
        }
        return .animation(try animation(node, on: layerClass, impliedKeyPath: event))
    }
}
