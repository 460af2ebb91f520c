import Foundation
import FlipbookUIKit

/// A layer class a scene can name with `class:`: how to make one, the keys it adds to
/// CALayer's, and the type whose animatable key paths animations are checked against.
@MainActor
struct LayerClass {
    let name: String
    let type: CALayer.Type
    /// The properties beyond CALayer's.
    let table: PropertyTable<CALayer>
    /// Every animatable key path, for suggestions.
    let animatableKeyPaths: [String]
    /// Makes a view whose `layerClass` is this class (a view's `layerClass:`).
    let makeView: @MainActor () -> UIView

    init<Layer: CALayer>(_ name: String, _ type: Layer.Type, table: PropertyTable<CALayer> = PropertyTable([:]),
                         animatableKeyPaths: [String] = CALayer.animatableKeyPaths) {
        self.name = name
        self.type = type
        self.table = table
        self.animatableKeyPaths = animatableKeyPaths
        makeView = { LayerClassView<Layer>() }
    }

    static let plain = LayerClass("CALayer", CALayer.self)
    static let textLayer = LayerClass("CATextLayer", CATextLayer.self, table: .textLayer,
                                      animatableKeyPaths: CATextLayer.textLayerAnimatableKeyPaths)
    static let replicator = LayerClass("CAReplicatorLayer", CAReplicatorLayer.self, table: .replicator)
    static let shape = LayerClass("CAShapeLayer", CAShapeLayer.self, table: .shapeLayer,
                                  animatableKeyPaths: CALayer.animatableKeyPaths + CAShapeLayer.shapeKeyPaths)
    static let gradient = LayerClass("CAGradientLayer", CAGradientLayer.self, table: .gradientLayer,
                                     animatableKeyPaths: CALayer.animatableKeyPaths + CAGradientLayer.gradientKeyPaths)

    /// The classes `layers:` and `addSublayer` accept.
    static let all: [LayerClass] = [.plain, .textLayer, .replicator, .shape, .gradient]

    static func named(_ name: String) -> LayerClass? { all.first { $0.name == name } }

    /// Every key some layer class adds, for reading a map before its class is known.
    static var extraKeys: [MapShape.Key] { all.flatMap(\.table.shapeKeys) }
}

extension PropertyTable where Target == CALayer {
    /// Every property a scene can set on a layer of any class: what a run applies.
    static let anyLayer = PropertyTable.layer.adding(.textLayer, .replicator, .shapeLayer, .gradientLayer)
}

extension PropertyTable where Target == UIView {
    /// Every property a scene can set on a view of any class: what a run applies. A key two
    /// classes share (`contentMode`, `animating`) is applied the same way on both.
    static let anyView = PropertyTable.view.adding(.label, .imageView, .activityIndicator)
}
