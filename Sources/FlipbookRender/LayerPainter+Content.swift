internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a content layer's content (G7) in the layer's bounds space (origin at the
    /// top-left of its bounds), with `alpha` applied, above the background and below the
    /// sublayers; clipped to the rounded bounds when the layer masks to its bounds.
    func drawContent(_ content: LayerContent, of layer: RenderLayer, alpha: CGFloat) throws {
        switch content {
        case .text(let text): try drawText(text, in: layer.bounds.size, alpha: alpha)
        case .drawing(let list): try drawDisplayList(list, of: layer, alpha: alpha)
        case .image(let image): try drawImage(image, of: layer, alpha: alpha)
        case .replicatorInstance(let instance): try drawInstance(instance, of: layer, alpha: alpha)
        case .shape(let shape): try drawShape(shape, of: layer, alpha: alpha)
        case .gradient(let gradient): try drawGradient(gradient, of: layer, alpha: alpha)
        case .backdropBlur(let radius): try drawBackdropBlur(radius: radius, of: layer, alpha: alpha)
        case .particles(let particles):
            try drawInstance(ReplicatorInstance(color: .white, sublayers: particles.layers), of: layer, alpha: alpha)
        }
    }
}
