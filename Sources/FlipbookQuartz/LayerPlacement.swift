import Foundation

/// Where a layer shows — position, bounds, anchor point, transform, zPosition — and its
/// opacity: the values animations write most, held apart from the rest of its properties.
///
/// Building a frame evaluates the animations of a plain `CALayer` that write only these
/// straight into a copy of them, and reads everything else from the model in place, instead
/// of filling a presentation copy of the whole layer (see `CALayer+RenderTree.swift`).
struct LayerPlacement {
    var position: CGPoint
    var bounds: CGRect
    var anchorPoint: CGPoint
    var transform: CATransform3D
    /// As the model holds it, not yet clamped to 0…1 (the render value clamps it).
    var opacity: Float
    /// Orders the layer among its siblings; not part of its render value.
    var zPosition: CGFloat

    /// The placement `layer` holds (its model's, or a presentation copy's), read field by
    /// field: passing its `LayerProperties` would copy all of them.
    init(of layer: CALayer) {
        position = layer.properties.position
        bounds = layer.properties.bounds
        anchorPoint = layer.properties.anchorPoint
        transform = layer.properties.transform
        opacity = layer.properties.opacity
        zPosition = layer.properties.zPosition
    }

    /// One of the values, named as the animatable property it is.
    enum Field {
        case position, bounds, anchorPoint, transform, opacity, zPosition
    }

    /// A value as an animation reads and writes it, with the conversions of `CALayer`'s
    /// own animatable properties (`CALayer+KeyPaths.swift`): a value of another kind is ignored.
    subscript(field: Field) -> AnimationValue {
        get {
            switch field {
            case .position: .point(position)
            case .bounds: .rect(bounds)
            case .anchorPoint: .point(anchorPoint)
            case .transform: .transform(transform)
            case .opacity: .number(Double(opacity))
            case .zPosition: .number(Double(zPosition))
            }
        }
        set {
            switch (field, newValue) {
            case (.position, .point(let point)): position = point
            case (.bounds, .rect(let rect)): bounds = rect
            case (.anchorPoint, .point(let point)): anchorPoint = point
            case (.transform, .transform(let matrix)): transform = matrix
            case (.opacity, .number(let number)): opacity = Float(number)
            case (.zPosition, .number(let number)): zPosition = CGFloat(number)
            default: break
            }
        }
    }
}
