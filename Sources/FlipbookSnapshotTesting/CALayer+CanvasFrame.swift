import FlipbookUIKit

extension CALayer {
    /// Where the layer shows on the canvas now: the bounding box of its bounds mapped by
    /// each presentation up to `root` (the canvas's layer) — position, anchor point,
    /// transform, the superlayers' bounds origins and sublayer transforms — in canvas
    /// points. nil when the layer is not `root` or under it, or when a perspective puts
    /// a corner behind the eye.
    func shownFrame(onCanvasOf root: CALayer) -> CGRect? {
        let own = presentation() ?? self
        var toCanvas = CATransform3D.identity
        var layer = self
        while true {
            let shown = layer.presentation() ?? layer
            toCanvas = toCanvas.concatenating(Self.ownToParent(shown))
            if layer === root { break }
            guard let parent = layer.superlayer else { return nil }
            toCanvas = toCanvas.concatenating(Self.sublayersToOwn(parent.presentation() ?? parent))
            layer = parent
        }
        let size = own.bounds.size
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0),
                       CGPoint(x: 0, y: size.height), CGPoint(x: size.width, y: size.height)]
        guard corners.allSatisfy({ $0.x * toCanvas.m14 + $0.y * toCanvas.m24 + toCanvas.m44 > 0 }) else { return nil }
        let mapped = corners.map(toCanvas.apply(to:))
        let xs = mapped.map(\.x), ys = mapped.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The layer's own coordinates (origin at its bounds' top-left corner) into its
    /// superlayer's sublayer space: −anchor · size, the transform, then the position.
    private static func ownToParent(_ layer: CALayer) -> CATransform3D {
        let size = layer.bounds.size
        return CATransform3DMakeTranslation(-layer.anchorPoint.x * size.width, -layer.anchorPoint.y * size.height, 0)
            .concatenating(layer.transform)
            .concatenating(CATransform3DMakeTranslation(layer.position.x, layer.position.y, 0))
    }

    /// A layer's sublayer space into its own coordinates: −bounds.origin (G5), then the
    /// sublayer transform about the anchor point.
    private static func sublayersToOwn(_ layer: CALayer) -> CATransform3D {
        let bounds = layer.bounds
        let origin = CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0)
        guard !layer.sublayerTransform.isIdentity else { return origin }
        let anchor = CGPoint(x: layer.anchorPoint.x * bounds.width, y: layer.anchorPoint.y * bounds.height)
        return origin
            .concatenating(CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0))
            .concatenating(layer.sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
    }
}
