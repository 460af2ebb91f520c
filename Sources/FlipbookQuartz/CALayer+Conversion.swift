import Foundation

/// Converting points and rectangles between layers' coordinate spaces, from the model
/// values: each layer maps into its superlayer by its bounds origin, anchor point,
/// transform and position, and by the superlayer's `sublayerTransform` (G1, G2). Only the
/// affine part of a 3D transform counts. A nil layer is the space of the tree's root.
extension CALayer {
    /// Converts `p` from `l`'s coordinates to this layer's.
    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        p.applying(conversion(from: l))
    }

    /// Converts `p` from this layer's coordinates to `l`'s.
    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        p.applying(conversion(to: l))
    }

    /// Converts `r` from `l`'s coordinates to this layer's: the bounding box of its corners.
    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        r.applying(conversion(from: l))
    }

    /// Converts `r` from this layer's coordinates to `l`'s: the bounding box of its corners.
    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        r.applying(conversion(to: l))
    }

    private func conversion(to l: CALayer?) -> CGAffineTransform {
        let toRoot = transformToRoot
        guard let l else { return toRoot }
        return toRoot.concatenating(l.transformToRoot.inverted())
    }

    private func conversion(from l: CALayer?) -> CGAffineTransform {
        conversion(to: l).inverted()
    }

    /// From this layer's coordinates to its root's, through every layer on the way up.
    private var transformToRoot: CGAffineTransform {
        var result = CGAffineTransform.identity
        var layer = self
        while let superlayer = layer.superlayer {
            result = result.concatenating(layer.transformToSuperlayer)
            layer = superlayer
        }
        return result
    }

    /// From this layer's coordinates to its superlayer's.
    private var transformToSuperlayer: CGAffineTransform {
        let anchor = anchorPointInBounds
        var result = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform.affineTransform)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
        if let superlayer, !superlayer.sublayerTransform.isIdentity {
            let center = superlayer.anchorPointInBounds
            result = result
                .concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
                .concatenating(superlayer.sublayerTransform.affineTransform)
                .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
        }
        return result
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    private var anchorPointInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }
}
