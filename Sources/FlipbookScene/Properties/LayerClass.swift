import Foundation
import FlipbookUIKit

/// A layer class a scene can name with `class:`: how to make one, the keys it adds to
/// CALayer's, and the type whose animatable key paths animations are checked against.
@MainActor
struct LayerClass {
    typealias Reader = (SceneNode) throws -> Assignment<CALayer>

    let name: String
    let type: CALayer.Type
    /// Readers of the keys beyond CALayer's.
    let readers: [String: Reader]
    /// The keys beyond CALayer's with the kinds of their values.
    let shapeKeys: [MapShape.Key]
    /// Every animatable key path, for suggestions.
    let animatableKeyPaths: [String]

    var keys: [String] { readers.keys.sorted() }

    /// A class of layers made as `type`, whose extra keys are `table`'s, applied to
    /// layers of type `Layer`.
    init<Layer: CALayer>(_ name: String, _ type: CALayer.Type, table: PropertyTable<Layer>?,
                         animatableKeyPaths: [String] = CALayer.animatableKeyPaths) {
        self.name = name
        self.type = type
        self.animatableKeyPaths = animatableKeyPaths
        var readers: [String: Reader] = [:]
        for key in table?.keys ?? [] {
            readers[key] = { node in
                let assignment = try table!.assignment(key, node)
                return Assignment(key: key) { ($0 as? Layer).map(assignment.apply) }
            }
        }
        self.readers = readers
        self.shapeKeys = table?.shapeKeys ?? []
    }

    static let plain = LayerClass("CALayer", CALayer.self, table: PropertyTable<CALayer>?.none)
    static let textLayer = LayerClass("CATextLayer", CATextLayer.self, table: .textLayer,
                                      animatableKeyPaths: CATextLayer.textLayerAnimatableKeyPaths)

    static let replicator = LayerClass("CAReplicatorLayer", CAReplicatorLayer.self, table: .replicator)
    static let shape = LayerClass("CAShapeLayer", CAShapeLayer.self, table: PropertyTable<CALayer>.shapeLayer,
                                  animatableKeyPaths: CALayer.animatableKeyPaths + CAShapeLayer.shapeKeyPaths)
    static let gradient = LayerClass("CAGradientLayer", CAGradientLayer.self, table: PropertyTable<CALayer>.gradientLayer,
                                     animatableKeyPaths: CALayer.animatableKeyPaths + CAGradientLayer.gradientKeyPaths)

    /// The classes `layers:` and `addSublayer` accept.
    static let all: [LayerClass] = [.plain, .textLayer, .replicator, .shape, .gradient]

    static func named(_ name: String) -> LayerClass? { all.first { $0.name == name } }

    /// Every key some layer class adds, for reading a map before its class is known.
    static var extraKeys: [MapShape.Key] { all.flatMap(\.shapeKeys) }
}
