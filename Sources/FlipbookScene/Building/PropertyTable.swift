import Foundation
import FlipbookUIKit

/// The properties a scene may set on a target type, by their Swift names: for each, the
/// kind of its value (for the schema), how the reader reads it from a scene file, and how
/// a run applies it to a view or layer.
@MainActor
struct PropertyTable<Target: AnyObject> {
    typealias Read = (SceneNode) throws -> PropertyValue
    /// Sets the value on a target; the run keeps what the target must not own (a
    /// layer's drawing delegate).
    typealias Apply = (Target, PropertyValue, SceneRun) -> Void

    struct Property {
        let kind: ValueKind
        let read: Read
        let apply: Apply
    }

    let properties: [String: Property]

    init(_ properties: [String: Property]) { self.properties = properties }

    var keys: [String] { properties.keys.sorted() }

    /// The keys with the kinds of their values, by name, for a `MapShape`.
    var shapeKeys: [MapShape.Key] { keys.map { MapShape.Key(name: $0, kind: properties[$0]!.kind) } }

    func contains(_ key: String) -> Bool { properties[key] != nil }

    /// Reads `node` as the value of `key`.
    func assignment(_ key: String, _ node: SceneNode) throws -> PropertyAssignment {
        PropertyAssignment(key: key, value: try properties[key]!.read(node))
    }

    /// Applies each assignment to `target`, in order; a key the table does not have is a
    /// layer's key path (`position.x`), written with `setValue(_:forKeyPath:)`.
    /// - Precondition: every key is in the table or a key path the reader checked.
    func apply(_ assignments: [PropertyAssignment], to target: Target, in run: SceneRun) {
        for assignment in assignments {
            if let property = properties[assignment.key] {
                property.apply(target, assignment.value, run)
            } else {
                (target as? CALayer)?.setValue(assignment.value.value(as: AnimationValue.self), forKeyPath: assignment.key)
            }
        }
    }

    /// This table with the properties of `others` it does not have.
    func adding(_ others: PropertyTable...) -> PropertyTable {
        var properties = self.properties
        for other in others { properties.merge(other.properties) { own, _ in own } }
        return PropertyTable(properties)
    }

    /// A property whose value `read` parses as a `kind` and which is stored through `keyPath`.
    static func property<Value: Hashable & Sendable>(_ keyPath: ReferenceWritableKeyPath<Target, Value>, _ kind: ValueKind,
                                                     _ read: @escaping (SceneNode) throws -> Value) -> Property {
        property(keyPath, kind, read, as: { $0 })
    }

    /// A property read as a plain `Stored` value (a `CGColor`) and stored through
    /// `keyPath` as what `convert` makes of it (a `UIColor`).
    static func property<Stored: Hashable & Sendable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Target, Value>, _ kind: ValueKind,
        _ read: @escaping (SceneNode) throws -> Stored, as convert: @escaping (Stored) -> Value
    ) -> Property {
        subclassProperty(keyPath, kind, read, as: convert)
    }

    /// A property that is one of `names`, stored through `keyPath` as `make` makes it.
    static func choice<Value: Hashable & Sendable>(_ keyPath: ReferenceWritableKeyPath<Target, Value>, _ names: [String],
                                                   _ make: @escaping (String) -> Value) -> Property {
        property(keyPath, .choice(names)) { make(try $0.choice(names)) }
    }

    /// A property of the subclass `Sub` of the target type, stored through `keyPath` as
    /// `convert` makes it from what `read` reads; applied only to targets of that class
    /// (the reader checks the class first).
    static func subclassProperty<Sub, Stored: Hashable & Sendable, Value>(
        _ keyPath: ReferenceWritableKeyPath<Sub, Value>, _ kind: ValueKind,
        _ read: @escaping (SceneNode) throws -> Stored, as convert: @escaping (Stored) -> Value
    ) -> Property {
        Property(kind: kind, read: { PropertyValue(try read($0)) }, apply: { target, value, _ in
            (target as? Sub)?[keyPath: keyPath] = convert(value.value(as: Stored.self))
        })
    }

    /// A property of the subclass `Sub`, stored as read.
    static func subclassProperty<Sub, Value: Hashable & Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Sub, Value>, _ kind: ValueKind, _ read: @escaping (SceneNode) throws -> Value
    ) -> Property {
        subclassProperty(keyPath, kind, read, as: { $0 })
    }

    /// A property of the subclass `Sub` that is one of `names`, made into a value by `make`.
    static func subclassChoice<Sub, Value: Hashable & Sendable>(
        _ keyPath: ReferenceWritableKeyPath<Sub, Value>, _ names: [String], _ make: @escaping (String) -> Value
    ) -> Property {
        subclassProperty(keyPath, .choice(names)) { make(try $0.choice(names)) }
    }

    /// A property of `kind` that `read` reads as a `Stored` and `apply` applies its own way.
    static func property<Stored: Hashable & Sendable>(_ kind: ValueKind, _ read: @escaping (SceneNode) throws -> Stored,
                                                      apply: @escaping (Target, Stored, SceneRun) -> Void) -> Property {
        Property(kind: kind, read: { PropertyValue(try read($0)) }, apply: { target, value, run in
            apply(target, value.value(as: Stored.self), run)
        })
    }
}

private func length(_ node: SceneNode) throws -> CGFloat { CGFloat(try node.number()) }
/// A `Float` property's value (`opacity`, `shadowOpacity`): one beyond a Float's range, which
/// would become infinity, is an error naming the range.
private func fraction(_ node: SceneNode) throws -> Float { try node.float() }

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
        "maskedCorners": property(\.maskedCorners, .list(.choice(SceneNode.cornerNames.map(\.0)))) { try $0.cornerMask() },
        "cornerCurve": choice(\.cornerCurve, ["circular", "continuous"]) { CALayerCornerCurve(rawValue: $0) },
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
        "rasterizationScale": property(\.rasterizationScale, .positive) { CGFloat(try $0.positiveNumber()) },
        "isOpaque": property(\.isOpaque, .bool) { try $0.bool() },
        "draw": property(.drawing, { try $0.drawing() }) { layer, drawing, run in
            layer.delegate = run.drawingDelegate(for: drawing)
        },
        "contents": property(\.contents, .nullable(.string)) { $0.isNull ? nil : try $0.image() },
        "contentsGravity": choice(\.contentsGravity, CALayerContentsGravity.all.map(\.rawValue)) {
            CALayerContentsGravity(rawValue: $0)
        },
        "contentsRect": property(\.contentsRect, .rect) { try $0.rect() },
        "contentsScale": property(\.contentsScale, .positive) { CGFloat(try $0.positiveNumber()) },
    ]).adding(.layerActions)

    /// Where a layer's action search looks (TX4): `actions`, `style`, `defaultActions` (a
    /// subclass's `defaultAction(forKey:)`) and a `delegate` answering `action(for:forKey:)`.
    /// The layer reader (`SceneReader.layerAssignments`) reads these keys itself, checking
    /// animations against the layer's class; `read` here checks them against CALayer's.
    static let layerActions = PropertyTable([
        "actions": actions("actions", .layerActions) { layer, actions in layer.actions = actions },
        "style": actions("style", .map { .layerStyle }) { layer, actions in layer.style = ["actions": actions] },
        "defaultActions": actions("defaultActions", .layerActions) { layer, actions in layer.defaultActionOverrides = actions },
        "delegate": Property(kind: .map { .layerDelegate }, read: { try SceneReader.layerActionValue("delegate", $0, of: .plain) },
                             apply: { layer, value, run in layer.delegate = run.layerDelegate(value.value(as: LayerDelegateSpec.self)) }),
    ])

    /// The property `key` holding actions by key, given to a layer by `apply` as the run makes them.
    private static func actions(_ key: String, _ kind: ValueKind, apply: @escaping (CALayer, [String: CAAction]) -> Void) -> Property {
        Property(kind: kind, read: { try SceneReader.layerActionValue(key, $0, of: .plain) }, apply: { layer, value, run in
            apply(layer, run.layerActions(value.value(as: [String: LayerActionSpec].self)))
        })
    }
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
        "draw": property(.drawing, { try $0.drawing() }) { view, drawing, _ in
            (view as? SceneDrawingView)?.drawing = drawing
        },
    ])

    private static let contentModeNames = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top",
                                           "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
}

extension PropertyTable where Target == UIView {
    /// The UILabel properties a scene can set, besides a view's.
    static let label = PropertyTable([
        "text": subclassProperty(\UILabel.text, .nullable(.string)) { try $0.isNull ? nil : $0.string() },
        "textColor": subclassProperty(\UILabel.textColor, .color) { node in
            guard let color = try node.color() else { throw node.typeError("a colour") }
            return UIColor(cgColor: color)
        },
        "numberOfLines": subclassProperty(\UILabel.numberOfLines, .integer) { node in
            let lines = try node.integer()
            guard lines >= 0 else { throw node.error("'numberOfLines' must be 0 (as many as needed) or more, got \(lines)") }
            return lines
        },
        "font": subclassProperty(\UILabel.font, .font) { try $0.font(defaultSize: UIFont.labelFontSize) },
        "textAlignment": subclassProperty(\UILabel.textAlignment, .choice(SceneNode.textAlignments.map(\.name))) {
            try $0.textAlignment()
        },
        "lineBreakMode": subclassProperty(\UILabel.lineBreakMode, .choice(SceneNode.lineBreakModes.map(\.name))) {
            try $0.lineBreakMode()
        },
    ])
}
