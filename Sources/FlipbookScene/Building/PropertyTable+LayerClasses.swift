import Foundation
import FlipbookUIKit

extension PropertyTable where Target == CALayer {
    /// The CAShapeLayer properties a scene can set, besides CALayer's (G7).
    static let shapeLayer = PropertyTable([
        "path": subclassProperty(\CAShapeLayer.path, .nullable(.path)) { $0.isNull ? nil : try $0.path() },
        "fillColor": subclassProperty(\CAShapeLayer.fillColor, .color) { try $0.color() },
        "fillRule": subclassChoice(\CAShapeLayer.fillRule, SceneDrawing.fillRules) { $0 == "evenOdd" ? .evenOdd : .nonZero },
        "strokeColor": subclassProperty(\CAShapeLayer.strokeColor, .color) { try $0.color() },
        "lineWidth": subclassProperty(\CAShapeLayer.lineWidth, .nonNegative(.number)) { CGFloat(try $0.nonNegative("lineWidth")) },
        "lineCap": subclassChoice(\CAShapeLayer.lineCap, SceneDrawing.lineCaps) { CAShapeLayerLineCap(rawValue: $0) },
        "lineJoin": subclassChoice(\CAShapeLayer.lineJoin, SceneDrawing.lineJoins) { CAShapeLayerLineJoin(rawValue: $0) },
        "miterLimit": subclassProperty(\CAShapeLayer.miterLimit, .nonNegative(.number)) { CGFloat(try $0.nonNegative("miterLimit")) },
        "lineDashPattern": subclassProperty(\CAShapeLayer.lineDashPattern, .nullable(.list(.nonNegative(.number))), { node -> [Double]? in
            if node.isNull { return nil }
            return try node.list().map { try $0.nonNegative("a dash length") }
        }, as: { $0?.map { NSNumber(value: $0) } }),
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
        "locations": subclassProperty(\CAGradientLayer.locations, .nullable(.list(.number)), { node -> [Double]? in
            if node.isNull { return nil }
            return try node.list().map { try $0.number() }
        }, as: { $0?.map { NSNumber(value: $0) } }),
        "startPoint": subclassProperty(\CAGradientLayer.startPoint, .point) { try $0.point() },
        "endPoint": subclassProperty(\CAGradientLayer.endPoint, .point) { try $0.point() },
        "type": subclassChoice(\CAGradientLayer.type, ["axial", "radial", "conic"]) { CAGradientLayerType(rawValue: $0) },
    ])

    /// The CAReplicatorLayer properties a scene can set, besides a layer's (G7).
    static let replicator = PropertyTable([
        "instanceCount": subclassProperty(\CAReplicatorLayer.instanceCount, .nonNegative(.integer)) { node in
            let count = try node.integer()
            guard count >= 0 else { throw node.error("'instanceCount' must be 0 or more, got \(count)") }
            // Each instance draws the sublayers again: instances count as layers.
            try node.check("'instanceCount'", count, against: \.layers)
            return count
        },
        "instanceDelay": subclassProperty(\CAReplicatorLayer.instanceDelay, .time) { try $0.time() },
        "instanceTransform": subclassProperty(\CAReplicatorLayer.instanceTransform, .transform) { try $0.transform() },
        "instanceColor": subclassProperty(\CAReplicatorLayer.instanceColor, .color) { try $0.color() },
        "instanceRedOffset": subclassProperty(\CAReplicatorLayer.instanceRedOffset, .number) { try $0.float() },
        "instanceGreenOffset": subclassProperty(\CAReplicatorLayer.instanceGreenOffset, .number) { try $0.float() },
        "instanceBlueOffset": subclassProperty(\CAReplicatorLayer.instanceBlueOffset, .number) { try $0.float() },
        "instanceAlphaOffset": subclassProperty(\CAReplicatorLayer.instanceAlphaOffset, .number) { try $0.float() },
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
