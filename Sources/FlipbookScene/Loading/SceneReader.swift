import Foundation
import FlipbookUIKit

/// The state of one load: ids declared so far, to check references and duplicates.
///
/// The ids are sets, not lists: every declaration and reference looks one up, so a scene
/// of 10,000 layers searching lists made loading quadratic. Nothing depends on their
/// order (suggestions pick the nearest id, ties by spelling).
@MainActor
struct SceneReader {
    let file: String
    var viewIDs = DeclaredIDs()
    var layerIDs = DeclaredIDs()
    /// The `class:` of standalone layers by id, where one is given, and the `layerClass:`
    /// of views by the name of their layer (`card.layer`).
    var layerClassNames: [String: String] = [:]
    /// The ids of views of class UILabel (also in `viewIDs`).
    var labelIDs = DeclaredIDs()
    /// The ids of views with a `draw` list (also in `viewIDs`): only they can change it.
    var drawingViewIDs = DeclaredIDs()
    /// The classes of views of class UIImageView or UIActivityIndicatorView, by id.
    var contentViewClasses: [String: String] = [:]
    /// The ids of property animators (`animator`), unique among all ids.
    var animatorIDs = DeclaredIDs()
    /// Views and layers read so far, for the `layers` limit (shared by copies of the reader).
    let declared = Counter()
    /// How deep the view being read nests (a top-level view is 1), for the `depth` limit.
    var depth = 0
    /// The last animation read (shared by copies of the reader), for the next one alike.
    let lastAnimation = LastAnimation()

    /// The last animation read, whose prototype the next one with the same class and
    /// settings shares instead of making and checking its own: a scene starting one
    /// animation on each of 10,000 layers writes it 10,000 times with only its `beginTime`
    /// changing. Only for a layer of the same class, so that the class a prototype was
    /// checked for (which spares a run the check) stays true.
    final class LastAnimation {
        var spec: AnimationSpec?
    }

    /// A count that non-mutating readers can add to.
    final class Counter {
        var count = 0
    }

    init(file: String) { self.file = file }

    /// Ids in the order declared, with a set to look them up: a scene may declare
    /// thousands, and each is checked against all before it.
    struct DeclaredIDs: Sequence {
        private(set) var ordered: [String] = []
        private var members: Set<String> = []

        func contains(_ id: String) -> Bool { members.contains(id) }

        mutating func append(_ id: String) {
            if members.insert(id).inserted { ordered.append(id) }
        }

        mutating func remove(_ ids: [String]) {
            members.subtract(ids)
            ordered.removeAll { ids.contains($0) }
        }

        func makeIterator() -> IndexingIterator<[String]> { ordered.makeIterator() }
    }

    /// Counts one more view or layer, at `node`, against the `layers` limit.
    func countLayer(_ node: SceneNode) throws {
        declared.count += 1
        try node.check("the number of views and layers", declared.count, against: \.layers)
    }

    static let viewClasses = ["UIView", "UILabel", "UIImageView", "UIActivityIndicatorView"]
    static let layerClasses = LayerClass.all.map(\.name)

    mutating func scene(_ node: SceneNode) throws -> Scene {
        let fields = try node.fields(.scene)
        let version = try fields.required("flipbook")
        guard SceneLoader.formatVersions.contains(try version.integer()) else {
            throw version.error("unsupported scene format \(version.node.string ?? "?"); this Flipbook reads format 1")
        }
        let canvas = try self.canvas(try fields.required("canvas"))
        let views = try fields["views"]?.list().map { try view($0) } ?? []
        let layerNodes = try fields["layers"]?.list() ?? []
        for layerNode in layerNodes { try declareLayer(layerNode) }
        let layers = try layerNodes.map { try layer($0) }
        try checkForSuperlayerCycles(layers, nodes: layerNodes)
        var timeline: [TimelineEntry] = []
        for entry in try fields["timeline"]?.list() ?? [] {
            timeline.append(try timelineEntry(entry))
            warnIfAfterTheEnd(timeline.last!, at: entry, of: canvas)
        }
        let golden = try fields["golden"].map { try self.golden($0) }
        let name = Scene.name(forFile: file)
        let inTimeOrder = timeline.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        return Scene(name: name, file: file, canvas: canvas, golden: golden,
                     views: views, layers: layers, timeline: inTimeOrder.map(\.element))
    }

    /// Warns that `entry` never runs when it comes after the `duration` of a scene that
    /// gives one: the run stops there. (One after the last frame but not after the
    /// duration runs, though no frame shows it.)
    private func warnIfAfterTheEnd(_ entry: TimelineEntry, at node: SceneNode, of canvas: Canvas) {
        guard let duration = canvas.duration, entry.time > duration else { return }
        node.reads.warn("this entry at \(entry.time) s comes after the scene's end (canvas.duration \(duration) s), "
                        + "so it never runs", at: node)
    }

    func canvas(_ node: SceneNode) throws -> Canvas {
        let fields = try node.fields(.canvas)
        var canvas = Canvas(size: try fields.required("size").size())
        if let scale = fields["scale"] { canvas.scale = try scale.positiveNumber() }
        if let fps = fields["fps"] { canvas.fps = try fps.positiveNumber() }
        // At the value at fault: the frame rate, the scale, else the size.
        if let problem = canvas.fpsProblem { throw try fields.required("fps").error(problem) }
        if let problem = canvas.scaleProblem { throw try fields.required("scale").error(problem) }
        if let problem = canvas.problem { throw try fields.required("size").error(problem) }
        let limits = node.options.limits
        if let problem = limits.pixelProblem(canvas) { throw try fields.required("size").error(problem) }
        if let duration = fields["duration"] {
            let seconds = try duration.time()
            guard seconds >= 0 else { throw duration.error("'duration' must be 0 seconds or more, got \(seconds)") }
            try duration.check("'duration' in seconds", seconds, against: \.duration)
            canvas.duration = seconds
            if let problem = limits.frameProblem(canvas, duration: seconds) { throw duration.error(problem) }
        }
        if let appearance = fields["appearance"] {
            // Before any colour is read: named colours resolve with it.
            canvas.appearance = try appearance.choice(["light", "dark"]) == "dark" ? .dark : .light
            node.reads.appearance = canvas.appearance
        }
        if let background = fields["background"] { canvas.background = try background.color() }
        return canvas
    }

    func golden(_ node: SceneNode) throws -> GoldenSpec {
        let fields = try node.fields(.golden)
        let framesNode = try fields.required("frames")
        let frames = try framesNode.list().map { item -> GoldenSpec.Frame in
            if item.node.string == "last" { return .last }
            if item.node.number == nil, let word = item.node.string {
                throw item.error("\(item.name) must be a frame number or last, got \"\(word)\""
                                 + (word == "first" ? " (the first frame is 0)" : ""))
            }
            let index = try item.integer()
            guard index >= 0 else { throw item.error("frame numbers start at 0, got \(index)") }
            return .index(index)
        }
        guard !frames.isEmpty else {
            throw framesNode.error("'frames' must name at least one frame (a number or last): a golden check of no frames checks nothing")
        }
        let tolerance = try fields["tolerance"].map { node in
            let value = try node.integer()
            guard (0...255).contains(value) else {
                throw node.error("'tolerance' is per colour channel, between 0 and 255; got \(value)")
            }
            return value
        } ?? 2
        let allowedPixels = try fields["allowedPixels"].map { node in
            let value = try node.integer()
            guard value >= 0 else { throw node.error("'allowedPixels' must be 0 or more, got \(value)") }
            return value
        } ?? 0
        return GoldenSpec(frames: frames, perChannelTolerance: tolerance, allowedPixels: allowedPixels,
                          location: node.location)
    }

    // MARK: Views and layers

    mutating func declare(_ idNode: SceneNode, in list: WritableKeyPath<SceneReader, DeclaredIDs>) throws -> String {
        let id = try idNode.string()
        guard !id.isEmpty, !id.contains("."), !id.hasPrefix("$") else {
            throw idNode.error("id '\(id)' must be non-empty and contain no '.' or leading '$'")
        }
        guard !viewIDs.contains(id), !layerIDs.contains(id), !animatorIDs.contains(id) else {
            throw idNode.error("the id '\(id)' is used twice")
        }
        self[keyPath: list].append(id)
        return id
    }

    func checkClass(_ fields: Fields, allowed: [String]) throws {
        guard let node = fields["class"] else { return }
        let name = try node.string()
        if allowed.contains(name) { return }
        throw node.error("unknown class '\(name)'\(didYouMean(name, in: allowed))")
    }

    mutating func view(_ node: SceneNode) throws -> ViewSpec {
        try countLayer(node)
        depth += 1
        defer { depth -= 1 }
        try node.check("the views' nesting depth", depth, against: \.depth)
        let fields = try node.fields(.view)
        try checkClass(fields, allowed: Self.viewClasses)
        let className = try fields["class"]?.string() ?? "UIView"
        let isLabel = className == "UILabel"
        let id = try fields["id"].map { try declare($0, in: \.viewIDs) }
        if isLabel, let id { labelIDs.append(id) }
        let draws = try checkDrawing(fields, isLabel: isLabel)
        if draws, let id { drawingViewIDs.append(id) }
        if Self.contentViewClassNames.contains(className), let id { contentViewClasses[id] = className }
        let properties = try viewAssignments(fields, isLabel: isLabel) + contentViewAssignments(fields, className: className)
        let layerClass = try viewLayerClass(fields, className: className, draws: draws)
        if let id { layerClassNames["\(id).layer"] = layerClass.name }
        let layerProperties = try fields["layer"].map { try viewLayerAssignments($0, of: layerClass) } ?? []
        let subviews = try fields["subviews"]?.list().map { try view($0) } ?? []
        let layout = try fields["layout"].map { try layoutRules($0, subviews: subviews, owner: id) } ?? []
        let kind: ViewSpec.Kind = switch className {
        case "UIImageView": .imageView
        case "UIActivityIndicatorView": .activityIndicator
        case "UILabel": .label
        default: draws ? .drawing : layout.isEmpty ? .view : .layoutRules
        }
        return ViewSpec(id: id, kind: kind, properties: properties, layerProperties: layerProperties,
                        subviews: subviews, layout: layout, layerClassName: layerClass.name)
    }

    /// A view's `layerClass:` (its class's `class var layerClass`): any layer class for a
    /// UIView that does not draw; UILabel and the other classes keep the layer UIKit gives them.
    private func viewLayerClass(_ fields: Fields, className: String, draws: Bool) throws -> LayerClass {
        guard let node = fields["layerClass"] else { return .plain }
        let name = try node.choice(Self.layerClasses)
        let layerClass = LayerClass.named(name) ?? .plain
        guard layerClass.type != CALayer.self else { return layerClass }
        guard className == "UIView" else {
            throw node.error("a \(className) keeps the layer UIKit gives it; 'layerClass' is for a UIView")
        }
        guard !draws else {
            throw node.error("a view with a 'draw' list draws into a CALayer; remove 'layerClass' or 'draw'")
        }
        return layerClass
    }

    /// Declares a standalone layer's id before any layer is read, so `superlayer` may
    /// name a layer listed later.
    mutating func declareLayer(_ node: SceneNode) throws {
        let fields = try node.fields(.layer)
        let id = try declare(try fields.required("id"), in: \.layerIDs)
        layerClassNames[id] = try fields["class"]?.string()
    }

    func layer(_ node: SceneNode) throws -> LayerSpec {
        try countLayer(node)
        let keys = try node.fields(allowed: MapShape.layer.keyNames)
        try checkClass(keys, allowed: Self.layerClasses)
        let layerClass = LayerClass.named(try keys["class"]?.string() ?? "") ?? .plain
        let (fields, assignments) = try layerAssignments(node, shape: .layer, of: layerClass)
        let id = try fields.required("id").string()
        let superlayer = try fields["superlayer"].map { try layerReference($0) }
        return LayerSpec(id: id, className: layerClass.name, superlayer: superlayer, properties: assignments)
    }

    /// Rejects standalone layers whose superlayer chain comes back to them.
    /// Also counts what the chains make, against the limits: a layer under a replicator
    /// appears `instanceCount` times (under two, the product), and a chain is as deep as it
    /// is long. Each layer is resolved once, so a long chain costs no more than its length.
    func checkForSuperlayerCycles(_ layers: [LayerSpec], nodes: [SceneNode]) throws {
        var parents: [String: String] = [:]
        var replicas: [String: Int] = [:]
        for layer in layers {
            if case .layer(let parent) = layer.superlayer { parents[layer.id] = parent }
            if layer.className == LayerClass.replicator.name,
               let count = layer.properties.last(where: { $0.key == "instanceCount" })?.value.value(as: Int.self) {
                replicas[layer.id] = count
            }
        }
        /// Per layer resolved: how deep it is and how many copies of it show.
        var resolved: [String: (depth: Int, copies: Int)] = [:]
        var extraCopies = 0
        for (layer, node) in zip(layers, nodes) where resolved[layer.id] == nil {
            var path = [layer.id], onPath: Set = [layer.id]
            while let parent = parents[path.last!], resolved[parent] == nil {
                if parent == layer.id {
                    let superlayer = node.child(node.node["superlayer"]!, name: "'superlayer'")
                    throw superlayer.error("layer '\(layer.id)' would be its own ancestor: \((path + [parent]).joined(separator: " → "))")
                }
                // A cycle this layer only leads into: its first layer in the file reports it.
                guard onPath.insert(parent).inserted else { path = []; break }
                path.append(parent)
            }
            guard let top = path.last else { continue }
            var above = parents[top].flatMap { resolved[$0] } ?? (depth: 0, copies: 1)
            var parent = parents[top]
            for id in path.reversed() {
                let copies = above.copies * (parent.flatMap { replicas[$0] } ?? 1)
                above = (above.depth + 1, copies)
                resolved[id] = above
                extraCopies += copies - 1
                parent = id
            }
            try node.check("the depth of layer '\(layer.id)' under its superlayers", above.depth, against: \.depth)
            try node.check("the number of views and layers with the replicators' copies",
                           declared.count + extraCopies, against: \.layers)
        }
    }

    /// The assignments of a layer's keys among `node`'s, a map of `shape` (its required keys
    /// already checked): CALayer's keys and those `layerClass` adds; the keys of other layer
    /// classes are errors, whose message suggests the `classKey` that would allow them (a
    /// standalone layer's `class`, a view's `layerClass`).
    func layerAssignments(_ node: SceneNode, shape: MapShape, of layerClass: LayerClass = .plain,
                          classKey: String = "class") throws -> (fields: Fields, assignments: [PropertyAssignment]) {
        let table = PropertyTable<CALayer>.layer
        let fields = try node.fields(allowed: shape.keyNames, keyPaths: shape.holdsKeyPaths)
        if fields["draw"] != nil, let delegate = fields.entries.first(where: { $0.key == "delegate" }) {
            throw delegate.keyNode.error("a layer has one delegate: 'draw' gives it one that draws, 'delegate' one that answers actions; keep one")
        }
        var assignments: [PropertyAssignment] = []
        for (key, keyNode, value) in fields.entries {
            if key.contains(".") {
                assignments.append(try keyPathAssignment(key, keyNode, value, of: layerClass))
            } else if Self.actionKeys.contains(key) {
                assignments.append(PropertyAssignment(key: key, value: try Self.layerActionValue(key, value, of: layerClass)))
            } else if table.contains(key) {
                assignments.append(try table.assignment(key, value))
            } else if layerClass.table.contains(key) {
                assignments.append(try layerClass.table.assignment(key, value))
            } else if LayerClass.extraKeys.contains(where: { $0.name == key }) {
                let owners = LayerClass.all.filter { $0.table.contains(key) }.map(\.name).joined(separator: " or ")
                throw keyNode.error("'\(key)' is a property of \(owners); this layer is a \(layerClass.name)"
                                    + (layerClass.name == "CALayer" ? " (add \(classKey): \(owners))" : ""))
            }
        }
        return (fields, assignments)
    }

    /// `keyPath: value` in a `set`, as `setValue(_:forKeyPath:)`: the key path must name a
    /// member of an animatable property of `layerClass` (`position.x`, `transform.scale`),
    /// and the value is of the member's kind (rotations take angles).
    private func keyPathAssignment(_ keyPath: String, _ keyNode: SceneNode, _ value: SceneNode,
                                   of layerClass: LayerClass) throws -> PropertyAssignment {
        guard let kind = layerClass.type.animatableKind(forKeyPath: keyPath) else {
            let members = layerClass.animatableKeyPaths.filter { $0.contains(".") }
            throw keyNode.error("'\(keyPath)' is not a key path of \(layerClass.name)\(didYouMean(keyPath, in: members))")
        }
        let assigned = try animationValue(value, kind: kind, keyPath: keyPath, on: layerClass)
        return PropertyAssignment(key: keyPath, value: PropertyValue(assigned))
    }

    /// The class of the layer `reference` names: a view's layer is of the view's `layerClass`.
    func layerClass(of reference: LayerReference) -> LayerClass {
        let key = switch reference {
        case .layer(let id): id
        case .viewLayer(let id): "\(id).layer"
        }
        return layerClassNames[key].flatMap(LayerClass.named) ?? .plain
    }

    /// `viewID.layer` or a standalone layer's id.
    func layerReference(_ node: SceneNode) throws -> LayerReference {
        let text = try node.string()
        if text.hasSuffix(".layer") {
            let viewID = String(text.dropLast(".layer".count))
            guard viewIDs.contains(viewID) else {
                throw node.error("unknown view '\(viewID)' in '\(text)'\(didYouMean(viewID, in: viewIDs))")
            }
            return .viewLayer(viewID)
        }
        guard layerIDs.contains(text) else {
            let known = layerIDs.ordered + viewIDs.map { "\($0).layer" }
            throw node.error("unknown layer '\(text)'\(didYouMean(text, in: known))")
        }
        return .layer(text)
    }
}

extension MapShape {
    static let scene: MapShape = MapShape("scene", [
        "flipbook": .integer, "canvas": .map { .canvas }, "golden": .map { .golden },
        "views": .list(.map { .view }), "layers": .list(.map { .layer }),
        "timeline": .list(.map { .timelineEntry }),
    ], required: ["flipbook", "canvas"])

    static let canvas: MapShape = MapShape("canvas", [
        "size": .size, "scale": .positive, "fps": .positive, "duration": .duration, "background": .color,
        "appearance": .choice(["light", "dark"]),
    ], required: ["size"])

    static let golden: MapShape = MapShape("golden", [
        "frames": .list(.anyOf([.integer, .choice(["last"])])), "tolerance": .integer, "allowedPixels": .integer,
    ], required: ["frames"])

    /// A view in `views`, `subviews`, `addSubview` or `present`: the keys of every view
    /// class, as a map is read before its class is known.
    static let view: MapShape = MapShape("view", [
        "id": .string, "class": .choice(SceneReader.viewClasses), "layerClass": .choice(SceneReader.layerClasses),
        "layer": .map { .viewLayer },
        "subviews": .list(.map { .view }), "layout": .dictionary(.list(.anyOf([.number, .string]))),
    ]).adding(SceneReader.viewPropertyKeys)

    /// The keys of a layer's properties: CALayer's and those of every layer class.
    static var layerPropertyKeys: [Key] { PropertyTable<CALayer>.layer.shapeKeys + LayerClass.extraKeys }

    /// A standalone layer in `layers` or `addSublayer`.
    static let layer: MapShape = MapShape("layer", [
        "id": .string, "class": .choice(SceneReader.layerClasses), "superlayer": .string,
    ], required: ["id"]).adding(layerPropertyKeys)

    /// A view's `layer` map.
    static let viewLayer: MapShape = MapShape("viewLayer", [:]).adding(layerPropertyKeys)
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
