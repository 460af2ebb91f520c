import Foundation
import FlipbookUIKit

/// The properties a scene may set on a target type, by their Swift names, each with
/// the kind of its value (for the schema) and its reader.
@MainActor
struct PropertyTable<Target: AnyObject> {
    typealias Reader = (SceneNode) throws -> @MainActor (Target) -> Void

    struct Property {
        let kind: ValueKind
        let read: Reader
    }

    let readers: [String: Reader]
    let kinds: [String: ValueKind]

    init(_ properties: [String: Property]) {
        readers = properties.mapValues(\.read)
        kinds = properties.mapValues(\.kind)
    }

    var keys: [String] { readers.keys.sorted() }

    /// The keys with the kinds of their values, by name, for a `MapShape`.
    var shapeKeys: [MapShape.Key] { keys.map { MapShape.Key(name: $0, kind: kinds[$0]!) } }

    /// Reads `node` as the value of `key` into an assignment.
    func assignment(_ key: String, _ node: SceneNode) throws -> Assignment<Target> {
        Assignment(key: key, apply: try readers[key]!(node))
    }

    /// A property whose value `read` parses as a `kind` and which is stored through `keyPath`.
    static func property<Value>(_ keyPath: ReferenceWritableKeyPath<Target, Value>, _ kind: ValueKind,
                                _ read: @escaping (SceneNode) throws -> Value) -> Property {
        property(kind) { node in
            let value = try read(node)
            return { $0[keyPath: keyPath] = value }
        }
    }

    /// A property that is one of `names`, stored through `keyPath` as `make` makes it.
    static func choice<Value>(_ keyPath: ReferenceWritableKeyPath<Target, Value>, _ names: [String],
                              _ make: @escaping (String) -> Value) -> Property {
        property(keyPath, .choice(names)) { make(try $0.choice(names)) }
    }

    /// A property of `kind` that `read` applies its own way.
    static func property(_ kind: ValueKind, _ read: @escaping Reader) -> Property {
        Property(kind: kind, read: read)
    }
}

private func length(_ node: SceneNode) throws -> CGFloat { CGFloat(try node.number()) }
private func fraction(_ node: SceneNode) throws -> Float { Float(try node.number()) }

extension PropertyTable where Target == CALayer {
    /// The static model properties of CALayer (G6) a scene can set.
    static let layer = PropertyTable([
        "position": property(\.position, .point) { try $0.point() },
        "bounds": property(\.bounds, .rect) { try $0.rect() },
        "anchorPoint": property(\.anchorPoint, .point) { try $0.point() },
        "frame": property(\.frame, .rect) { try $0.rect() },
        "transform": property(\.transform, .transform) { try $0.transform() },
        "sublayerTransform": property(\.sublayerTransform, .transform) { try $0.transform() },
        "opacity": property(\.opacity, .number, fraction),
        "backgroundColor": property(\.backgroundColor, .color) { try $0.color() },
        "cornerRadius": property(\.cornerRadius, .number, length),
        "borderWidth": property(\.borderWidth, .number, length),
        "borderColor": property(\.borderColor, .color) { try $0.color() },
        "shadowColor": property(\.shadowColor, .color) { try $0.color() },
        "shadowOpacity": property(\.shadowOpacity, .number, fraction),
        "shadowOffset": property(\.shadowOffset, .size) { try $0.size() },
        "shadowRadius": property(\.shadowRadius, .number, length),
        "masksToBounds": property(\.masksToBounds, .bool) { try $0.bool() },
        "isHidden": property(\.isHidden, .bool) { try $0.bool() },
        "zPosition": property(\.zPosition, .number, length),
        "isDoubleSided": property(\.isDoubleSided, .bool) { try $0.bool() },
        "name": property(\.name, .string) { try $0.string() },
        "needsDisplayOnBoundsChange": property(\.needsDisplayOnBoundsChange, .bool) { try $0.bool() },
        "shouldRasterize": property(\.shouldRasterize, .bool) { try $0.bool() },
        "rasterizationScale": property(\.rasterizationScale, .number) { CGFloat(try $0.positiveNumber()) },
        "isOpaque": property(\.isOpaque, .bool) { try $0.bool() },
        "draw": property(.drawing) { node in
            let delegate = SceneDrawingDelegate(try node.drawing())
            return { $0.delegate = delegate }
        },
        "contents": property(\.contents, .nullable(.string)) { $0.isNull ? nil : try $0.image() },
        "contentsGravity": choice(\.contentsGravity, CALayerContentsGravity.all.map(\.rawValue)) {
            CALayerContentsGravity(rawValue: $0)
        },
        "contentsRect": property(\.contentsRect, .rect) { try $0.rect() },
        "contentsScale": property(\.contentsScale, .number) { CGFloat(try $0.positiveNumber()) },
    ])
}

extension PropertyTable where Target == UIView {
    /// The UIView properties a scene can set (G1).
    static let view = PropertyTable([
        "frame": property(\.frame, .rect) { try $0.rect() },
        "bounds": property(\.bounds, .rect) { try $0.rect() },
        "center": property(\.center, .point) { try $0.point() },
        "transform": property(\.transform, .transform) { try $0.affineTransform() },
        "alpha": property(\.alpha, .number, length),
        "backgroundColor": property(\.backgroundColor, .color) { try $0.color().map(UIColor.init(cgColor:)) },
        "isHidden": property(\.isHidden, .bool) { try $0.bool() },
        "clipsToBounds": property(\.clipsToBounds, .bool) { try $0.bool() },
        "tag": property(\.tag, .integer) { try $0.integer() },
        "contentMode": choice(\.contentMode, contentModeNames) {
            UIView.ContentMode(rawValue: contentModeNames.firstIndex(of: $0)!)!
        },
        "draw": property(.drawing) { node in
            let drawing = try node.drawing()
            return { ($0 as? SceneDrawingView)?.drawing = drawing }
        },
    ])

    private static let contentModeNames = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top",
                                           "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
}

extension PropertyTable where Target == UILabel {
    /// The UILabel properties a scene can set, besides a view's.
    static let label = PropertyTable([
        "text": property(\.text, .nullable(.string)) { try $0.isNull ? nil : $0.string() },
        "textColor": property(\.textColor, .color) { node in
            guard let color = try node.color() else { throw node.typeError("a colour") }
            return UIColor(cgColor: color)
        },
        "numberOfLines": property(\.numberOfLines, .integer) { node in
            let lines = try node.integer()
            guard lines >= 0 else { throw node.error("'numberOfLines' must be 0 (as many as needed) or more, got \(lines)") }
            return lines
        },
        "font": property(\.font, .font) { try $0.font(defaultSize: UIFont.labelFontSize) },
        "textAlignment": property(\.textAlignment, .choice(SceneNode.textAlignments.map(\.name))) {
            try $0.textAlignment()
        },
        "lineBreakMode": property(\.lineBreakMode, .choice(SceneNode.lineBreakModes.map(\.name))) {
            try $0.lineBreakMode()
        },
    ])
}
