import Foundation
import FlipbookUIKit

extension MapShape {
    /// `addSubview`: `view` a new view, or the id of one to move.
    static let addSubview: MapShape = MapShape("addSubview", [
        "to": .string, "view": .anyOf([.map { .view }, .string]),
    ], required: ["view"])
}

/// A view's `layout:` rules and the view-hierarchy verbs (docs/scene-format.md "Views",
/// "Timeline").
extension SceneReader {
    /// `layout: {childID: [x, y, width, height]}`: each value a number or an expression in
    /// `w` and `h`, the view's bounds width and height. Each child must be a direct subview
    /// with an id; rules apply in the order written.
    func layoutRules(_ node: SceneNode, subviews: [ViewSpec], owner: String?) throws -> [LayoutRule] {
        guard case .mapping(let mapping) = node.node else { throw node.typeError("a map from subview ids to frames") }
        let children = subviews.compactMap(\.id)
        let ownerName = owner.map { "'\($0)'" } ?? "this view"
        var rules: [LayoutRule] = []
        for (keyNode, valueNode) in mapping {
            let key = node.child(keyNode, name: "a key of 'layout'")
            let childID = try key.string()
            guard children.contains(childID) else {
                let known = children.isEmpty ? "it has no subviews with an id" : "its subviews with an id: \(children.joined(separator: ", "))"
                throw key.error("'\(childID)' is not a direct subview of \(ownerName)\(didYouMean(childID, in: children)); \(known)")
            }
            guard !rules.contains(where: { $0.childID == childID }) else {
                throw key.error("'\(childID)' has two layout rules")
            }
            let value = node.child(valueNode, name: "the layout of '\(childID)'")
            guard case .sequence(let items) = valueNode, items.count == 4 else {
                throw value.typeError("a frame [x, y, width, height] of numbers or expressions in w and h")
            }
            let parts = ["x", "y", "width", "height"]
            let frame = try zip(parts, items).map { part, item in
                try value.child(item, name: "the layout of '\(childID)', \(part)").layoutExpression()
            }
            rules.append(LayoutRule(childID: childID, frame: frame, location: value.location))
        }
        return rules
    }

    /// `addSubview: {to: parent, view: {...} | id}`: a new view (its ids declared here), or
    /// an existing one moved; without `to`, the canvas.
    mutating func addSubview(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.addSubview)
        let parent = try fields["to"].map { try viewID($0) }
        let viewNode = try fields.required("view")
        guard case .mapping = viewNode.node else {
            let moved = try viewID(viewNode)
            if moved == parent { throw viewNode.error("a view cannot be added to itself") }
            return .addSubview(parent: parent, view: .existing(moved))
        }
        return .addSubview(parent: parent, view: .new(try view(viewNode)))
    }

    /// The id of a view the scene declares (so far, in file order).
    func viewID(_ node: SceneNode) throws -> String {
        let id = try node.string()
        if viewIDs.contains(id) { return id }
        if id.hasSuffix(".layer"), viewIDs.contains(String(id.dropLast(".layer".count))) {
            throw node.error("'\(id)' is a layer; name its view, '\(id.dropLast(".layer".count))'")
        }
        if layerIDs.contains(id) { throw node.error("'\(id)' is a layer, not a view") }
        throw node.error("unknown view '\(id)'\(didYouMean(id, in: viewIDs))")
    }

    /// A view's id, or a layer: `id.layer` or a standalone layer's id.
    func viewOrLayer(_ node: SceneNode) throws -> ViewOrLayer {
        let id = try node.string()
        if viewIDs.contains(id) { return .view(id) }
        guard id.hasSuffix(".layer") || layerIDs.contains(id) else {
            throw node.error("unknown id '\(id)'\(didYouMean(id, in: viewIDs.ordered + layerIDs.ordered))")
        }
        return .layer(try layerReference(node))
    }
}
