import Foundation

/// A still of a layer subtree as it showed when taken: its render values, frozen. What
/// `CALayer.render(in:)`, `UIView.snapshotView(afterScreenUpdates:)` and
/// `drawHierarchy(in:afterScreenUpdates:)` draw, in the layer's own space (the top-left of
/// its bounds at the origin), without the layer's position and transform.
///
/// Snapshots compare by the identity of their subtree, as replicator instances do (R2):
/// two snapshots are never taken for one another by a rasterization cache.
public struct LayerSnapshot: Sendable, Hashable {
    /// The subtree as it showed.
    public let layer: RenderLayer

    public init(layer: RenderLayer) {
        self.layer = layer
    }

    /// The layer's size when it was taken.
    public var size: CGSize { layer.bounds.size }

    public static func == (lhs: LayerSnapshot, rhs: LayerSnapshot) -> Bool { lhs.layer === rhs.layer }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(layer)) }
}

extension CALayer {
    /// The subtree as it shows now, after the layout and drawing still pending in it are
    /// done: its presentation at the current time; nil when the layer is hidden.
    public func snapshot() -> LayerSnapshot? {
        layoutIfNeeded()
        displayShownSubtreeIfNeeded()
        return renderLayer().map(LayerSnapshot.init)
    }

    /// Draws the layer and its sublayers into `ctx` in the layer's coordinate space (its
    /// bounds), as they show now — Core Animation's `render(in:)`.
    public func render(in ctx: CGContext) {
        guard let snapshot = snapshot() else { return }
        ctx.draw(snapshot, in: bounds)
    }
}
