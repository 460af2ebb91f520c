import Foundation
import FlipbookUIKit

/// A scene's `draw:` list: a few drawing operations a view's `draw(_:)` (or a layer's
/// delegate) performs through the same `CGContext` calls Swift code makes (G8).
struct SceneDrawing: Sendable, Hashable {
    enum Operation: Sendable, Hashable {
        case fill(CGPath, color: CGColor, rule: CGPathFillRule)
        case stroke(CGPath, color: CGColor, width: CGFloat, cap: CGLineCap, join: CGLineJoin, dash: [CGFloat])
        case text(String, at: CGPoint, size: CGFloat, color: CGColor, bold: Bool, family: String?)
    }

    let operations: [Operation]

    /// Records the operations into `ctx`, each with its own graphics state.
    func draw(in ctx: CGContext) {
        for operation in operations {
            ctx.saveGState()
            defer { ctx.restoreGState() }
            switch operation {
            case .fill(let path, let color, let rule):
                ctx.setFillColor(color)
                ctx.addPath(path)
                ctx.fillPath(using: rule)
            case .stroke(let path, let color, let width, let cap, let join, let dash):
                ctx.setStrokeColor(color)
                ctx.setLineWidth(width)
                ctx.setLineCap(cap)
                ctx.setLineJoin(join)
                ctx.setLineDash(phase: 0, lengths: dash)
                ctx.addPath(path)
                ctx.strokePath()
            case .text(let string, let point, let size, let color, let bold, let family):
                ctx.drawText(string, at: point, fontSize: size, color: color, fontFamily: family, bold: bold)
            }
        }
    }
}

/// A view whose `draw(_:)` performs a scene's `draw:` list; a subclass, as a UIKit
/// programmer would write it. Changing `drawing` does not redraw: `setNeedsDisplay` does (G8).
final class SceneDrawingView: LayoutRulesView {
    var drawing = SceneDrawing(operations: [])

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        drawing.draw(in: ctx)
    }
}

/// The delegate that draws a standalone layer's `draw:` list. A layer holds its delegate
/// weakly; the run that installs it keeps it alive (`SceneRun.drawingDelegate(for:)`).
final class SceneDrawingDelegate: CALayerDelegate {
    let drawing: SceneDrawing

    init(_ drawing: SceneDrawing) { self.drawing = drawing }

    func draw(_ layer: CALayer, in ctx: CGContext) { drawing.draw(in: ctx) }
}

extension MapShape {
    /// An item of a `draw:` list.
    static let drawingOperation: MapShape = MapShape("drawingOperation", [
        "fill": .map { .fill }, "stroke": .map { .stroke }, "text": .map { .drawnText },
    ]).holdingOneKey()

    static let fill: MapShape = MapShape("fill", [
        "path": .path, "color": .color, "rule": .choice(SceneDrawing.fillRules),
    ], required: ["path"])

    static let stroke: MapShape = MapShape("stroke", [
        "path": .path, "color": .color, "width": .number, "cap": .choice(SceneDrawing.lineCaps),
        "join": .choice(SceneDrawing.lineJoins), "dash": .list(.number),
    ], required: ["path"])

    static let drawnText: MapShape = MapShape("drawText", [
        "string": .string, "at": .point, "size": .positive, "color": .color, "bold": .bool, "family": .string,
    ], required: ["string", "at"])
}

extension ValueKind {
    /// A `draw:` list.
    static var drawing: ValueKind { .list(.map { .drawingOperation }) }
}

extension SceneDrawing {
    static let fillRules = ["nonZero", "evenOdd"]
    static let lineCaps = ["butt", "round", "square"]
    static let lineJoins = ["miter", "round", "bevel"]
}

@MainActor
extension SceneNode {
    /// A `draw:` list: `{fill: {path, color, rule}}`, `{stroke: {path, color, width, cap,
    /// join, dash}}`, `{text: {string, at, size, color, bold, family}}`.
    func drawing() throws -> SceneDrawing {
        SceneDrawing(operations: try list().map { try $0.drawingOperation() })
    }

    private func drawingOperation() throws -> SceneDrawing.Operation {
        let verbs = MapShape.drawingOperation.keyNames
        let fields = try fields(.drawingOperation)
        guard fields.entries.count == 1, let (verb, _, argument) = fields.entries.first else {
            throw error("a drawing operation is a map with one of \(verbs.joined(separator: ", ")), e.g. {fill: {path: {rect: [0, 0, 10, 10]}, color: red}}")
        }
        switch verb {
        case "fill":
            let fields = try argument.fields(.fill)
            let rule = try fields["rule"]?.choice(SceneDrawing.fillRules) ?? "nonZero"
            return .fill(try fields.required("path").drawingPath(), color: try fields["color"].map { try $0.color() ?? .clear } ?? .black,
                         rule: rule == "evenOdd" ? .evenOdd : .winding)
        case "stroke":
            let fields = try argument.fields(.stroke)
            let cap: CGLineCap = switch try fields["cap"]?.choice(SceneDrawing.lineCaps) {
            case "round": .round
            case "square": .square
            default: .butt
            }
            let join: CGLineJoin = switch try fields["join"]?.choice(SceneDrawing.lineJoins) {
            case "round": .round
            case "bevel": .bevel
            default: .miter
            }
            return .stroke(try fields.required("path").drawingPath(), color: try fields["color"].map { try $0.color() ?? .clear } ?? .black,
                           width: CGFloat(try fields["width"]?.number() ?? 1), cap: cap, join: join,
                           dash: try fields["dash"]?.list().map { CGFloat(try $0.number()) } ?? [])
        default:
            let fields = try argument.fields(.drawnText)
            return .text(try fields.required("string").string(), at: try fields.required("at").point(),
                         size: try fields["size"]?.fontSize() ?? 17,
                         color: try fields["color"].map { try $0.color() ?? .clear } ?? .black, bold: try fields["bold"]?.bool() ?? false,
                         family: try fields["family"]?.string())
        }
    }

    /// A path to draw: `{rect: [x, y, w, h]}`, `{ellipse: [x, y, w, h]}`,
    /// `{roundedRect: [x, y, w, h], radius: r}`, `{points: [...], closed}` or SVG path data.
    func drawingPath() throws -> CGPath {
        guard case .mapping(let mapping) = node else { return try path() }
        let keys = mapping.keys.compactMap(\.string)
        if keys.contains("rect") {
            return CGPath(rect: try fields(allowed: ["rect"]).required("rect").rect())
        }
        if keys.contains("ellipse") {
            return CGPath(ellipseIn: try fields(allowed: ["ellipse"]).required("ellipse").rect())
        }
        if keys.contains("roundedRect") {
            let fields = try fields(allowed: ["roundedRect", "radius"], required: ["radius"])
            let radius = CGFloat(try fields.required("radius").number())
            return CGPath(roundedRect: try fields.required("roundedRect").rect(), cornerWidth: radius, cornerHeight: radius)
        }
        return try path()
    }
}

extension SceneReader {
    /// Whether a view map has a `draw` list; a label cannot have one.
    func checkDrawing(_ fields: Fields, isLabel: Bool) throws -> Bool {
        guard let entry = fields.entries.first(where: { $0.key == "draw" }) else { return false }
        if isLabel { throw entry.keyNode.error("a UILabel draws its text; 'draw' is for UIView") }
        return true
    }

    /// The assignments of a view's `layer` map (or a `set` on `id.layer`): a view is its
    /// layer's delegate, so the view draws; `draw` belongs on the view.
    func viewLayerAssignments(_ node: SceneNode, shape: MapShape = .viewLayer,
                              of layerClass: LayerClass = .plain) throws -> [PropertyAssignment] {
        let (fields, assignments) = try layerAssignments(node, shape: shape, of: layerClass,
                                                         classKey: "layerClass to the view")
        if let entry = fields.entries.first(where: { $0.key == "draw" }) {
            throw entry.keyNode.error("a view draws its layer: put 'draw' on the view, not on its layer")
        }
        if let entry = fields.entries.first(where: { $0.key == "delegate" }) {
            throw entry.keyNode.error("a view is its layer's delegate (TX5); 'delegate' is for standalone layers")
        }
        return assignments
    }
}
