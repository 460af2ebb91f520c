import FlipbookQuartz
import Foundation

extension RenderLayer {
    var drawsBackground: Bool {
        (backgroundColor?.alpha ?? 0) > 0 && bounds.width > 0 && bounds.height > 0
    }

    var drawsBorder: Bool { borderWidth > 0 && (borderColor?.alpha ?? 0) > 0 }

    /// Maps the layer's own coordinates (origin at the top-left of its bounds) into its
    /// superlayer's sublayer space: translate(−anchor·size) · transform · translate(position).
    /// Only for an affine `transform`: other entries are dropped (`transformToParent` keeps them).
    var matrixToParent: CGAffineTransform {
        let size = bounds.size
        return CGAffineTransform(translationX: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height)
            .concatenating(transform.affineTransform)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// `matrixToParent` in 3D: the layer's own coordinates into its superlayer's sublayer
    /// space, translate(−anchor·size) · transform · translate(position), nothing dropped.
    var transformToParent: CATransform3D {
        let size = bounds.size
        return CATransform3DMakeTranslation(-anchorPoint.x * size.width, -anchorPoint.y * size.height, 0)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, 0))
    }

    /// `sublayerMatrix` in 3D: sublayer coordinates into the layer's own, −bounds.origin,
    /// then `sublayerTransform` (m34 perspective included) about the anchor point.
    var sublayerTransformToOwn: CATransform3D {
        let origin = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
        guard !sublayerTransform.isIdentity else { return origin }
        let anchor = CGPoint(x: anchorPoint.x * bounds.width, y: anchorPoint.y * bounds.height)
        return origin
            .concatenating(CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0))
            .concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
    }

    /// Maps sublayer coordinates into the layer's own: −bounds.origin (G5), then
    /// `sublayerTransform` about the anchor point.
    var sublayerMatrix: CGAffineTransform {
        let origin = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
        guard !sublayerTransform.isIdentity else { return origin }
        let anchor = CGPoint(x: anchorPoint.x * bounds.width, y: anchorPoint.y * bounds.height)
        return origin
            .concatenating(CGAffineTransform(translationX: -anchor.x, y: -anchor.y))
            .concatenating(sublayerTransform.affineTransform)
            .concatenating(CGAffineTransform(translationX: anchor.x, y: anchor.y))
    }

    /// A rectangle in the layer's own coordinates that holds everything the subtree draws.
    func extents(includeShadow: Bool = true) -> CGRect {
        var box = CGRect(origin: .zero, size: bounds.size)
        if !masksToBounds {
            let toLocal = sublayerMatrix
            for sublayer in sublayers {
                if sublayerTransform.isAffine, sublayer.transform.isAffine {
                    guard sublayer.matrixToParent.isInvertible else { continue }
                    box = box.union(sublayer.extents().applying(sublayer.matrixToParent.concatenating(toLocal)))
                } else {
                    let toOwn = PlaneProjection(flattening: sublayer.transformToParent.concatenating(sublayerTransformToOwn))
                    guard let child = toOwn.boundingBox(ofImageOf: sublayer.extents()) else { continue }
                    box = box.union(child)
                }
            }
        }
        if let content, let contentBox = content.extents(in: self) { box = box.union(contentBox) }
        if includeShadow, let shadow {
            let margin = ShadowPainter.blurMargin(forRadius: shadow.radius)
            let shape = shadow.path?.boundingBox ?? box
            box = box.union(shape.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
                .insetBy(dx: -margin, dy: -margin))
        }
        return box
    }
}
