import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CALayer {
    /// A property of the layer subclass `Layer`, read from `node` by `read`; applied only
    /// to layers of that class (the reader checks the class first).
    static func subclassProperty<Layer: CALayer, Value>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value>, _ kind: ValueKind, _ read: @escaping (SceneNode) throws -> Value
    ) -> Property {
        property(kind) { node in
            let value = try read(node)
            return { ($0 as? Layer)?[keyPath: keyPath] = value }
        }
    }

    /// A property of the layer subclass `Layer` that is one of `names`, made into a value by `make`.
    static func subclassChoice<Layer: CALayer, Value>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value>, _ names: [String], _ make: @escaping (String) -> Value
    ) -> Property {
        subclassProperty(keyPath, .choice(names)) { make(try $0.choice(names)) }
    }

    /// The CAShapeLayer properties a scene can set, besides CALayer's (G7).
    static let shapeLayer = PropertyTable([
        "path": subclassProperty(\CAShapeLayer.path, .nullable(.path)) { $0.isNull ? nil : try $0.path() },
        "fillColor": subclassProperty(\CAShapeLayer.fillColor, .color) { try $0.color() },
        "fillRule": subclassChoice(\CAShapeLayer.fillRule, SceneDrawing.fillRules) { $0 == "evenOdd" ? .evenOdd : .nonZero },
        "strokeColor": subclassProperty(\CAShapeLayer.strokeColor, .color) { try $0.color() },
        "lineWidth": subclassProperty(\CAShapeLayer.lineWidth, .number) { CGFloat(try $0.nonNegative("lineWidth")) },
        "lineCap": subclassChoice(\CAShapeLayer.lineCap, SceneDrawing.lineCaps) { CAShapeLayerLineCap(rawValue: $0) },
        "lineJoin": subclassChoice(\CAShapeLayer.lineJoin, SceneDrawing.lineJoins) { CAShapeLayerLineJoin(rawValue: $0) },
        "miterLimit": subclassProperty(\CAShapeLayer.miterLimit, .number) { CGFloat(try $0.nonNegative("miterLimit")) },
        "lineDashPattern": subclassProperty(\CAShapeLayer.lineDashPattern, .nullable(.list(.number))) { node in
            if node.isNull { return nil }
            return try node.list().map { NSNumber(value: try $0.nonNegative("a dash length")) }
        },
        "lineDashPhase": subclassProperty(\CAShapeLayer.lineDashPhase, .number) { CGFloat(try $0.number()) },
        "strokeStart": subclassProperty(\CAShapeLayer.strokeStart, .number) { CGFloat(try $0.number()) },
        "strokeEnd": subclassProperty(\CAShapeLayer.strokeEnd, .number) { CGFloat(try $0.number()) },
    ])

    /// The CAGradientLayer properties a scene can set, besides CALayer's (G7).
    static let gradientLayer = PropertyTable([
        "colors": subclassProperty(\CAGradientLayer.colors, .nullable(.list(.color))) { node in
            if node.isNull { return nil }
            return try node.list().map { item in
                guard let color = try item.color() else { throw item.typeError("a colour") }
                return color
            }
        },
        "locations": subclassProperty(\CAGradientLayer.locations, .nullable(.list(.number))) { node in
            if node.isNull { return nil }
            return try node.list().map { NSNumber(value: try $0.number()) }
        },
        "startPoint": subclassProperty(\CAGradientLayer.startPoint, .point) { try $0.point() },
        "endPoint": subclassProperty(\CAGradientLayer.endPoint, .point) { try $0.point() },
        "type": subclassChoice(\CAGradientLayer.type, ["axial", "radial", "conic"]) { CAGradientLayerType(rawValue: $0) },
    ])
}

extension SceneNode {
    /// A number ≥ 0; `what` names it in the error.
    fileprivate func nonNegative(_ what: String) throws -> Double {
        let value = try number()
        guard value >= 0 else { throw error("\(name): \(what) must be 0 or more, got \(value)") }
        return value
    }
}
