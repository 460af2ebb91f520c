import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CALayer {
    /// A property of the layer subclass `Layer`, read from `node` by `read`; applied only
    /// to layers of that class (the reader checks the class first).
    static func subclassProperty<Layer: CALayer, Value>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value>, _ read: @escaping (SceneNode) throws -> Value
    ) -> Reader {
        { node in
            let value = try read(node)
            return { ($0 as? Layer)?[keyPath: keyPath] = value }
        }
    }

    /// The CAShapeLayer properties a scene can set, besides CALayer's (G7).
    static let shapeLayer = PropertyTable(readers: [
        "path": subclassProperty(\CAShapeLayer.path) { $0.isNull ? nil : try $0.path() },
        "fillColor": subclassProperty(\CAShapeLayer.fillColor) { try $0.color() },
        "fillRule": subclassProperty(\CAShapeLayer.fillRule) {
            try $0.choice(["nonZero", "evenOdd"]) == "evenOdd" ? .evenOdd : .nonZero
        },
        "strokeColor": subclassProperty(\CAShapeLayer.strokeColor) { try $0.color() },
        "lineWidth": subclassProperty(\CAShapeLayer.lineWidth) { CGFloat(try $0.nonNegative("lineWidth")) },
        "lineCap": subclassProperty(\CAShapeLayer.lineCap) {
            CAShapeLayerLineCap(rawValue: try $0.choice(["butt", "round", "square"]))
        },
        "lineJoin": subclassProperty(\CAShapeLayer.lineJoin) {
            CAShapeLayerLineJoin(rawValue: try $0.choice(["miter", "round", "bevel"]))
        },
        "miterLimit": subclassProperty(\CAShapeLayer.miterLimit) { CGFloat(try $0.nonNegative("miterLimit")) },
        "lineDashPattern": subclassProperty(\CAShapeLayer.lineDashPattern) { node in
            if node.isNull { return nil }
            return try node.list().map { NSNumber(value: try $0.nonNegative("a dash length")) }
        },
        "lineDashPhase": subclassProperty(\CAShapeLayer.lineDashPhase) { CGFloat(try $0.number()) },
        "strokeStart": subclassProperty(\CAShapeLayer.strokeStart) { CGFloat(try $0.number()) },
        "strokeEnd": subclassProperty(\CAShapeLayer.strokeEnd) { CGFloat(try $0.number()) },
    ])

    /// The CAGradientLayer properties a scene can set, besides CALayer's (G7).
    static let gradientLayer = PropertyTable(readers: [
        "colors": subclassProperty(\CAGradientLayer.colors) { node in
            if node.isNull { return nil }
            return try node.list().map { item in
                guard let color = try item.color() else { throw item.typeError("a colour") }
                return color
            }
        },
        "locations": subclassProperty(\CAGradientLayer.locations) { node in
            if node.isNull { return nil }
            return try node.list().map { NSNumber(value: try $0.number()) }
        },
        "startPoint": subclassProperty(\CAGradientLayer.startPoint) { try $0.point() },
        "endPoint": subclassProperty(\CAGradientLayer.endPoint) { try $0.point() },
        "type": subclassProperty(\CAGradientLayer.type) {
            CAGradientLayerType(rawValue: try $0.choice(["axial", "radial", "conic"]))
        },
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
