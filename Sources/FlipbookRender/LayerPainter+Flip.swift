import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Eye distance of the flip's perspective, in points: m34 = −1/500 (TR4, FACTS §6;
    /// OURS, Apple documents none). It is not scaled by the layer's size: on a phone-sized
    /// view it gives the moderate perspective of iOS's flips, and a small layer flips
    /// with correspondingly little.
    static let flipEyeDistance: CGFloat = 500

    /// Draws a layer in the middle of an `oglFlip` transition (CA6; geometry TR4, OURS):
    /// the layer turns by π·p about its vertical centre line (subtypes fromLeft and
    /// fromRight) or its horizontal one (fromTop and fromBottom), seen in perspective
    /// with m34 = −1/500 about its centre, and then moved by its own transform. The old appearance
    /// shows while p < ½; from p = ½ on, the new one, turned by π·p − π so that it ends
    /// facing the viewer. At p = ½ the layer is edge-on. fromLeft brings the left edge
    /// towards the viewer first (it grows while the right edge shrinks); fromRight the
    /// right edge, fromTop the top edge, fromBottom the bottom edge. Only the face towards
    /// the viewer is drawn. The old and new appearances keep their own geometry.
    func drawFlip(from old: RenderLayer, to new: RenderLayer, progress p: Double, subtype: CATransitionSubtype) throws {
        let angle = CGFloat.pi * CGFloat(p)
        if p < 0.5 {
            try draw(Self.turned(old, by: angle, subtype: subtype))
        } else {
            try draw(Self.turned(new, by: angle - .pi, subtype: subtype))
        }
    }

    /// `layer` turned by `angle` about its centre line for `subtype`, in the flip's
    /// perspective, ahead of its own transform.
    private static func turned(_ layer: RenderLayer, by angle: CGFloat, subtype: CATransitionSubtype) -> RenderLayer {
        // With m34 = −1/d, W = 1 − z/d: what turns towards +z grows. A turn by +θ about y
        // sends x to z = −x·sin θ, so the left edge (x < 0) comes forward; a turn by −θ
        // about x sends y to z = −y·sin θ, so the top edge (y < 0) comes forward.
        let rotation: CATransform3D = switch subtype {
        case .fromRight: CATransform3DMakeRotation(-angle, 0, 1, 0)
        case .fromTop: CATransform3DMakeRotation(-angle, 1, 0, 0)
        case .fromBottom: CATransform3DMakeRotation(angle, 1, 0, 0)
        default: CATransform3DMakeRotation(angle, 0, 1, 0)
        }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / flipEyeDistance
        // About the centre of the bounds, then back to anchor-point coordinates, where the
        // layer's transform applies.
        let size = layer.bounds.size
        let anchorToCentre = CGPoint(x: (0.5 - layer.anchorPoint.x) * size.width,
                                     y: (0.5 - layer.anchorPoint.y) * size.height)
        let flip = CATransform3DMakeTranslation(-anchorToCentre.x, -anchorToCentre.y, 0)
            .concatenating(rotation)
            .concatenating(perspective)
            .concatenating(CATransform3DMakeTranslation(anchorToCentre.x, anchorToCentre.y, 0))
        return RenderLayer(position: layer.position, bounds: layer.bounds, anchorPoint: layer.anchorPoint,
                           transform: flip.concatenating(layer.transform),
                           sublayerTransform: layer.sublayerTransform, opacity: layer.opacity,
                           backgroundColor: layer.backgroundColor, content: layer.content, cornerRadius: layer.cornerRadius,
                           maskedCorners: layer.maskedCorners, cornerCurve: layer.cornerCurve,
                           borderWidth: layer.borderWidth, borderColor: layer.borderColor, shadow: layer.shadow,
                           masksToBounds: layer.masksToBounds, isDoubleSided: layer.isDoubleSided,
                           mask: layer.mask, sublayers: layer.sublayers)
    }
}
