import Foundation
import FlipbookUIKit

/// A class a standalone layer of a scene may have: how to make one, the properties a
/// scene sets on it besides CALayer's, and the key paths its animations may name (G7).
@MainActor
struct LayerClass {
    let name: String
    let type: CALayer.Type
    let properties: PropertyTable<CALayer>
    /// Animatable keys besides CALayer's.
    let animatableKeyPaths: [String]

    static let plain = LayerClass(name: "CALayer", type: CALayer.self, properties: PropertyTable(readers: [:]),
                                  animatableKeyPaths: [])

    /// Every key path an animation on a layer of this class may name, for suggestions.
    var allAnimatableKeyPaths: [String] { CALayer.animatableKeyPaths + animatableKeyPaths }
}

extension Reader {
    /// The layer classes with properties of their own, by name.
    static let contentLayerClasses: [String: LayerClass] = [
        "CAShapeLayer": LayerClass(name: "CAShapeLayer", type: CAShapeLayer.self, properties: .shapeLayer,
                                   animatableKeyPaths: CAShapeLayer.shapeKeyPaths),
        "CAGradientLayer": LayerClass(name: "CAGradientLayer", type: CAGradientLayer.self, properties: .gradientLayer,
                                      animatableKeyPaths: CAGradientLayer.gradientKeyPaths),
    ]

    /// Every key some layer class adds, so a layer's keys can be read before its class is checked.
    static var contentLayerKeys: [String] {
        contentLayerClasses.values.flatMap(\.properties.keys).uniqued().sorted()
    }

    /// The class named in a layer's `class` key (CALayer when absent or unknown; the
    /// class check reports unknown names).
    static func layerClass(named name: String?) -> LayerClass {
        name.flatMap { contentLayerClasses[$0] } ?? .plain
    }

    /// The class of the layer `reference` names: a view's layer is a CALayer.
    func layerClass(of reference: LayerReference) -> LayerClass {
        switch reference {
        case .layer(let id): Self.layerClass(named: layerClassNames[id])
        case .viewLayer: .plain
        }
    }

    /// Rejects a key of another layer class, naming the class it belongs to.
    func checkKeys(_ fields: Fields, belongTo layerClass: LayerClass) throws {
        for (key, keyNode, _) in fields.entries where layerClass.properties.readers[key] == nil {
            guard let owner = Self.contentLayerClasses.values.first(where: { $0.properties.readers[key] != nil })
            else { continue }
            throw keyNode.error("'\(key)' is a property of \(owner.name), not of \(layerClass.name)")
        }
    }
}
