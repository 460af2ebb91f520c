import Foundation

/// A rectangle of content in a tree of layers, with the model properties of Core Animation.
///
/// Geometry follows Core Animation: `position` is where `anchorPoint` (a unit point in
/// `bounds`) sits in the superlayer's coordinate space, `transform` applies about the
/// anchor point, and `bounds.origin` shifts the coordinate space of sublayers (G5).
/// `frame` is derived (G2). Lengths are points; the renderer multiplies by the canvas scale.
@MainActor
open class CALayer {
    public var position: CGPoint = .zero
    public var bounds: CGRect = .zero
    /// The point of `bounds` (in unit coordinates) placed at `position`; default (0.5, 0.5).
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var transform: CATransform3D = .identity
    /// Applied to the sublayers, about the anchor point, when rendering.
    public var sublayerTransform: CATransform3D = .identity
    /// Opacity of the layer and its sublayers as a group, 0…1.
    public var opacity: Float = 1
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat = 0
    /// Drawn inset from the bounds, above the contents and sublayers.
    public var borderWidth: CGFloat = 0
    public var borderColor: CGColor? = .black
    public var shadowColor: CGColor? = .black
    public var shadowOpacity: Float = 0
    /// Default (0, −3), as Core Animation's.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The blur radius; the Gaussian's standard deviation equals this radius.
    public var shadowRadius: CGFloat = 3
    public var shadowPath: CGPath?
    public var masksToBounds = false
    public var isHidden = false
    /// Orders siblings: higher draws later; equal values keep sublayer order.
    public var zPosition: CGFloat = 0
    public var isDoubleSided = true
    public var name: String?
    /// A layer whose alpha masks this layer's content; positioned in this layer's coordinates.
    public var mask: CALayer? {
        didSet {
            oldValue?.superlayer = nil
            mask?.removeFromSuperlayer()
            mask?.superlayer = self
        }
    }

    public private(set) var sublayers: [CALayer]?
    public private(set) weak var superlayer: CALayer?

    public required init() {}

    /// The layer's rectangle in its superlayer's coordinates (G2).
    ///
    /// The getter is the bounding box of `bounds` transformed about the anchor point and
    /// placed at `position`. The setter behaves as if `transform` were identity: it sets
    /// `position` and `bounds.size` and keeps `bounds.origin`, so while the transform is
    /// not identity the result is not the rectangle asked for (G3).
    public var frame: CGRect {
        get {
            let size = bounds.size
            let anchor = CGPoint(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
            let local = CGRect(x: -anchor.x, y: -anchor.y, width: size.width, height: size.height)
            let box = transform.isIdentity ? local : local.applying(transform.affineTransform)
            return box.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let rect = newValue.standardized
            bounds.size = rect.size
            position = CGPoint(x: rect.minX + anchorPoint.x * rect.width,
                               y: rect.minY + anchorPoint.y * rect.height)
        }
    }

    // MARK: Tree

    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the sublayer count), removing it from any old parent.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(!isDescendant(of: layer), "a layer cannot be added inside itself")
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayer(layer, relativeTo: sibling, offset: 1)
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayer(layer, relativeTo: sibling, offset: 0)
    }

    private func insertSublayer(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int) {
        layer.removeFromSuperlayer()
        guard let sibling, let index = sublayers?.firstIndex(where: { $0 === sibling }) else {
            return addSublayer(layer)
        }
        insertSublayer(layer, at: UInt32(index + offset))
    }

    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let index = sublayers?.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(index))
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.mask === self {
            parent.mask = nil
            return
        }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }

    /// Whether `self` is `layer` or one of its descendants.
    public func isDescendant(of layer: CALayer) -> Bool {
        var node: CALayer? = self
        while let current = node {
            if current === layer { return true }
            node = current.superlayer
        }
        return false
    }
}
