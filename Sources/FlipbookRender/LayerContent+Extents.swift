import FlipbookQuartz
import Foundation

extension LayerContent {
    /// What the content draws beyond the layer's bounds, in the layer's own coordinates;
    /// nil when it stays inside them (or is not known to leave them).
    func extents(in layer: RenderLayer) -> CGRect? {
        switch self {
        case .text, .drawing, .shape, .gradient, .backdropBlur:
            return nil
        case .image(let content):
            return layer.masksToBounds ? nil : content.destination(in: layer.bounds.size)
        case .replicatorInstance(let instance):
            return Self.extents(of: instance.sublayers, in: layer)
        case .particles(let particles):
            return Self.extents(of: particles.layers, in: layer)
        }
    }

    /// The box of `sublayers` drawn in `layer`'s bounds coordinates, in its own.
    private static func extents(of sublayers: [RenderLayer], in layer: RenderLayer) -> CGRect? {
        let toLocal = CGAffineTransform(translationX: -layer.bounds.minX, y: -layer.bounds.minY)
        return sublayers.reduce(nil) { (box: CGRect?, sublayer) in
            let toOwn = PlaneProjection(flattening: sublayer.transformToParent)
            let child = sublayer.transform.isAffine
                ? sublayer.extents().applying(sublayer.matrixToParent.concatenating(toLocal))
                : toOwn.boundingBox(ofImageOf: sublayer.extents())?.applying(toLocal)
            guard let child else { return box }
            return box?.union(child) ?? child
        }
    }
}
