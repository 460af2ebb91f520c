import Foundation
import FlipbookUIKit
import Yams

extension MapShape {
    static let present: MapShape = MapShape("present", [
        "id": .string, "view": .map { .view }, "from": .string, "animated": .bool,
        "transitioning": .map { .transitioning }, "interactive": .map { .interactive }, "completion": .actions,
    ], required: ["id"])

    static let dismiss: MapShape = MapShape("dismiss", [
        "id": .string, "animated": .bool, "transitioning": .map { .transitioning }, "interactive": .map { .interactive },
        "completion": .actions,
    ], required: ["id"])

    /// A custom animator (`UIViewControllerAnimatedTransitioning`).
    static let transitioning: MapShape = MapShape("transitioning", ["duration": .duration, "do": .actions], required: ["duration", "do"])

    /// A scripted gesture driving a `UIPercentDrivenInteractiveTransition`.
    static let interactive: MapShape = MapShape("interactive", [
        "progress": .list(.list(.number)), "release": .duration, "completionSpeed": .positive,
    ], required: ["progress", "release"])
}

/// The view-controller verbs, `present` and `dismiss` (docs/scene-format.md "Timeline"), read
/// into the arguments of UIKit's calls with the same names.
extension SceneReader {
    /// The ids naming a transition context's views inside `transitioning.do`.
    static let contextViewIDs = ["$container", "$from", "$to"]

    /// `present: {id, view, from, animated, transitioning, interactive, completion}`.
    ///
    /// The first present of `id` gives the view controller's root view in `view` (a view
    /// without an `id`: it takes the view controller's); a later one presents it again.
    mutating func present(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.present)
        let idNode = try fields.required("id")
        let id: String
        var view: ViewSpec?
        if let viewNode = fields["view"] {
            if let nested = viewNode.node["id"] {
                throw viewNode.child(nested, name: "'id'")
                    .error("the view takes the view controller's id, '\(try idNode.string())'; remove 'id'")
            }
            id = try declare(idNode, in: \.viewIDs)
            let spec = try self.view(viewNode)
            if viewNode.node["class"]?.string == "UILabel" { labelIDs.append(id) }
            layerClassNames["\(id).layer"] = spec.layerClassName
            view = ViewSpec(id: id, kind: spec.kind, properties: spec.properties, layerProperties: spec.layerProperties,
                            subviews: spec.subviews, layout: spec.layout, layerClassName: spec.layerClassName)
        } else {
            id = try viewID(idNode)
        }
        let from = try fields["from"].map { node in
            let from = try viewID(node)
            if from == id { throw node.error("a view controller cannot present itself") }
            return from
        }
        return .present(PresentSpec(id: id, view: view, from: from, transition: try transition(fields)))
    }

    /// `dismiss: {id, animated, transitioning, interactive, completion}`.
    mutating func dismiss(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.dismiss)
        let id = try viewID(try fields.required("id"))
        return .dismiss(DismissSpec(id: id, transition: try transition(fields)))
    }

    /// `animated` (default true), `transitioning`, `interactive` (which needs both) and `completion`.
    private mutating func transition(_ fields: Fields) throws -> PresentationTransition {
        let animated = try fields["animated"]?.bool() ?? true
        let transitioning = try fields.entries.first { $0.key == "transitioning" }.map { entry in
            try self.transitioning(entry.value, at: entry.keyNode.location)
        }
        if !animated, let key = ["transitioning", "interactive"].first(where: { fields[$0] != nil }) {
            throw fields[key]!.error("without animation UIKit runs no transition; remove '\(key)' or set animated: true")
        }
        var interactive: InteractiveSpec?
        if let node = fields["interactive"] {
            guard transitioning != nil else {
                throw node.error("UIKit asks for an interaction controller only with a custom animator: add 'transitioning'")
            }
            interactive = try self.interactive(node)
        }
        return PresentationTransition(animated: animated, transitioning: transitioning, interactive: interactive,
                                      completion: try fields["completion"].map { try actions($0) } ?? [])
    }

    /// `transitioning: {duration, do}`: `do` may name `$container`, `$from` and `$to`.
    private mutating func transitioning(_ node: SceneNode, at location: SceneError.Location) throws -> TransitioningSpec {
        let fields = try node.fields(.transitioning)
        let duration = try fields.required("duration").nonNegativeTime()
        let body = try fields.required("do")
        for id in Self.contextViewIDs { viewIDs.append(id) }
        defer { viewIDs.remove(Self.contextViewIDs) }
        let actions = try self.actions(body)
        let mentions = Set(Self.contextViewIDs.filter { body.mentions(viewID: $0) })
        return TransitioningSpec(duration: duration, actions: actions, mentions: mentions, location: location)
    }

    /// `interactive: {progress: [[t, p], …], release: t, completionSpeed}`.
    private func interactive(_ node: SceneNode) throws -> InteractiveSpec {
        let fields = try node.fields(.interactive)
        var points: [InteractiveSpec.Point] = []
        for item in try fields.required("progress").list() {
            let pair = try item.list()
            guard pair.count == 2 else { throw item.typeError("a point [t, p]: seconds after the call, percent 0…1") }
            let time = try pair[0].nonNegativeTime()
            let percent = try pair[1].number()
            guard (0...1).contains(percent) else { throw pair[1].error("a percent is between 0 and 1, got \(percent)") }
            if let last = points.last, time <= last.time {
                throw pair[0].error("the points' times must increase: \(time) s comes after \(last.time) s")
            }
            points.append(InteractiveSpec.Point(time: time, percent: percent))
        }
        guard let last = points.last else { throw try fields.required("progress").error("'progress' needs at least one point [t, p]") }
        let releaseNode = try fields.required("release")
        let release = try releaseNode.nonNegativeTime()
        guard release >= last.time else {
            throw releaseNode.error("the gesture is released at \(release) s, before its last point (\(last.time) s)")
        }
        try releaseNode.check("the gesture's release time in seconds", release, against: \.duration)
        return InteractiveSpec(progress: points, release: release,
                               completionSpeed: try fields["completionSpeed"]?.positiveNumber() ?? 1)
    }
}

extension SceneNode {
    /// Whether a scalar in this node names the view `id` (or its layer, `id.layer`).
    func mentions(viewID id: String) -> Bool {
        func search(_ node: Node) -> Bool {
            switch node {
            case .scalar(let scalar): scalar.string == id || scalar.string == "\(id).layer"
            case .sequence(let sequence): sequence.contains(where: search)
            case .mapping(let mapping): mapping.contains { search($0.key) || search($0.value) }
            case .alias: false
            }
        }
        return search(node)
    }
}
