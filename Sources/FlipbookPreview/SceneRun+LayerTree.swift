import FlipbookScene
import FlipbookUIKit
import Foundation

extension SceneRun {
    /// The layer tree shown now, below the canvas's own layer: for each layer its `id` (null
    /// for one the scene does not name), its `class` (and its view's, `view`), its `box` on
    /// the canvas and whether it `hidden`, and its sublayers (`children`), in drawing order.
    func layerTree() -> JSONValue {
        var ids: [ObjectIdentifier: String] = [:]
        for (id, layer) in namedLayers where ids[ObjectIdentifier(layer)] == nil { ids[ObjectIdentifier(layer)] = id }
        func node(_ layer: CALayer) -> JSONValue {
            .object([
                ("id", ids[ObjectIdentifier(layer)].map(JSONValue.string) ?? .null),
                ("class", .string(String(describing: type(of: layer)))),
                ("view", (layer.delegate as? UIView).map { .string(String(describing: type(of: $0))) } ?? .null),
                ("box", Self.json(canvasBox(of: layer))),
                ("hidden", .bool((layer.presentation() ?? layer).isHidden)),
                ("children", .array((layer.sublayers ?? []).map(node))),
            ])
        }
        return .array((rootView.layer.sublayers ?? []).map(node))
    }

    /// Where `layer`'s bounds show on the canvas now, in points: through its own and each
    /// superlayer's presentation geometry (position, anchor point, the affine part of the
    /// transform, the bounds' origin), up to the canvas. Sublayer transforms are left out.
    func canvasBox(of layer: CALayer) -> CGRect {
        var matrix = CGAffineTransform.identity
        var current = layer
        while current !== rootView.layer, let parent = current.superlayer {
            let shown = current.presentation() ?? current, parentShown = parent.presentation() ?? parent
            let size = shown.bounds.size
            matrix = matrix
                .concatenating(CGAffineTransform(translationX: -shown.anchorPoint.x * size.width, y: -shown.anchorPoint.y * size.height))
                .concatenating(shown.transform.affineTransform)
                .concatenating(CGAffineTransform(translationX: shown.position.x, y: shown.position.y))
                .concatenating(CGAffineTransform(translationX: -parentShown.bounds.minX, y: -parentShown.bounds.minY))
            current = parent
        }
        return CGRect(origin: .zero, size: (layer.presentation() ?? layer).bounds.size).applying(matrix)
    }

    static func json(_ rect: CGRect) -> JSONValue {
        .array([rect.minX, rect.minY, rect.width, rect.height].map { .number(Double($0)) })
    }
}
