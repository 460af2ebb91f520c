import Foundation
import FlipbookUIKit

/// The properties a scene may set on a target type, by their Swift names, each with
/// the reader of its value.
@MainActor
struct PropertyTable<Target: AnyObject> {
    typealias Reader = (SceneNode) throws -> @MainActor (Target) -> Void

    let readers: [String: Reader]

    var keys: [String] { readers.keys.sorted() }

    /// Reads `node` as the value of `key` into an assignment.
    func assignment(_ key: String, _ node: SceneNode) throws -> Assignment<Target> {
        Assignment(key: key, apply: try readers[key]!(node))
    }

    /// A property whose value `read` parses and which is stored through `keyPath`.
    static func property<Value>(_ keyPath: ReferenceWritableKeyPath<Target, Value>,
                                _ read: @escaping (SceneNode) throws -> Value) -> Reader {
        { node in
            let value = try read(node)
            return { $0[keyPath: keyPath] = value }
        }
    }
}

private func length(_ node: SceneNode) throws -> CGFloat { CGFloat(try node.number()) }
private func fraction(_ node: SceneNode) throws -> Float { Float(try node.number()) }

extension PropertyTable where Target == CALayer {
    /// The static model properties of CALayer (G6) a scene can set.
    static let layer = PropertyTable(readers: [
        "position": property(\.position) { try $0.point() },
        "bounds": property(\.bounds) { try $0.rect() },
        "anchorPoint": property(\.anchorPoint) { try $0.point() },
        "frame": property(\.frame) { try $0.rect() },
        "transform": property(\.transform) { try $0.transform() },
        "sublayerTransform": property(\.sublayerTransform) { try $0.transform() },
        "opacity": property(\.opacity, fraction),
        "backgroundColor": property(\.backgroundColor) { try $0.color() },
        "cornerRadius": property(\.cornerRadius, length),
        "borderWidth": property(\.borderWidth, length),
        "borderColor": property(\.borderColor) { try $0.color() },
        "shadowColor": property(\.shadowColor) { try $0.color() },
        "shadowOpacity": property(\.shadowOpacity, fraction),
        "shadowOffset": property(\.shadowOffset) { try $0.size() },
        "shadowRadius": property(\.shadowRadius, length),
        "masksToBounds": property(\.masksToBounds) { try $0.bool() },
        "isHidden": property(\.isHidden) { try $0.bool() },
        "zPosition": property(\.zPosition, length),
        "isDoubleSided": property(\.isDoubleSided) { try $0.bool() },
        "name": property(\.name) { try $0.string() },
        "needsDisplayOnBoundsChange": property(\.needsDisplayOnBoundsChange) { try $0.bool() },
        "shouldRasterize": property(\.shouldRasterize) { try $0.bool() },
        "rasterizationScale": property(\.rasterizationScale) { CGFloat(try $0.positiveNumber()) },
        "isOpaque": property(\.isOpaque) { try $0.bool() },
        "draw": { node in
            let delegate = SceneDrawingDelegate(try node.drawing())
            return { $0.delegate = delegate }
        },
        "contents": property(\.contents) { $0.isNull ? nil : try $0.image() },
        "contentsGravity": property(\.contentsGravity) {
            CALayerContentsGravity(rawValue: try $0.choice(CALayerContentsGravity.all.map(\.rawValue)))
        },
        "contentsRect": property(\.contentsRect) { try $0.rect() },
        "contentsScale": property(\.contentsScale) { CGFloat(try $0.positiveNumber()) },
    ])
}

extension PropertyTable where Target == UIView {
    /// The UIView properties a scene can set (G1).
    static let view = PropertyTable(readers: [
        "frame": property(\.frame) { try $0.rect() },
        "bounds": property(\.bounds) { try $0.rect() },
        "center": property(\.center) { try $0.point() },
        "transform": property(\.transform) { try $0.affineTransform() },
        "alpha": property(\.alpha, length),
        "backgroundColor": property(\.backgroundColor) { try $0.color().map(UIColor.init(cgColor:)) },
        "isHidden": property(\.isHidden) { try $0.bool() },
        "clipsToBounds": property(\.clipsToBounds) { try $0.bool() },
        "tag": property(\.tag) { try $0.integer() },
        "contentMode": property(\.contentMode) { node in
            let names = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom",
                         "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
            return UIView.ContentMode(rawValue: names.firstIndex(of: try node.choice(names))!)!
        },
        "draw": { node in
            let drawing = try node.drawing()
            return { ($0 as? SceneDrawingView)?.drawing = drawing }
        },
    ])
}

extension PropertyTable where Target == UILabel {
    /// The UILabel properties a scene can set, besides a view's.
    static let label = PropertyTable(readers: [
        "text": property(\.text) { try $0.isNull ? nil : $0.string() },
        "textColor": property(\.textColor) { node in
            guard let color = try node.color() else { throw node.typeError("a colour") }
            return UIColor(cgColor: color)
        },
        "numberOfLines": property(\.numberOfLines) { node in
            let lines = try node.integer()
            guard lines >= 0 else { throw node.error("'numberOfLines' must be 0 (as many as needed) or more, got \(lines)") }
            return lines
        },
        "font": property(\.font) { try $0.font(defaultSize: UIFont.labelFontSize) },
        "textAlignment": property(\.textAlignment) { try $0.textAlignment() },
        "lineBreakMode": property(\.lineBreakMode) { try $0.lineBreakMode() },
    ])
}
