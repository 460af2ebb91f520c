import Foundation

/// Snapshots of a view as it shows: a stand-in view for custom transitions, or the view
/// drawn into the current graphics context.
///
/// A snapshot holds the view's subtree as drawn when it is taken (its presentation at the
/// current time, pending layout and drawing done first), in the view's own space: the
/// view's position and transform are left out, its alpha is kept. Later changes to the
/// view do not reach it. Both `afterScreenUpdates` values take the view as it is now:
/// a recording has no screen update in flight to wait for.
extension UIView {
    /// A new view showing the view as it looks now, sized to its bounds (at the origin);
    /// nil when the view is hidden. The snapshot stretches with its own bounds, as an
    /// image does, so a transition can move and scale it.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        guard let snapshot = layer.snapshot() else { return nil }
        let view = SnapshotView(frame: CGRect(origin: .zero, size: bounds.size))
        (view.layer as? SnapshotLayer)?.snapshot = snapshot
        return view
    }

    /// Draws the view and its subviews as they look now into the current context, the
    /// view's bounds stretched into `rect` (in the context's coordinates). Returns false
    /// when there is no current context or the view is hidden.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext(), let snapshot = layer.snapshot() else { return false }
        context.draw(snapshot, in: rect)
        return true
    }
}

/// The view `snapshotView(afterScreenUpdates:)` returns.
private final class SnapshotView: UIView {
    override class var layerClass: AnyClass { SnapshotLayer.self }
}

/// A layer showing a snapshot stretched over its bounds.
final class SnapshotLayer: CALayer {
    var snapshot: LayerSnapshot?

    required init() { super.init() }

    required init(layer: Any) { super.init(layer: layer) }

    override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        snapshot = (layer as? SnapshotLayer)?.snapshot
    }

    override func renderContent() -> LayerContent? {
        guard let snapshot else { return nil }
        let frame = CGRect(origin: .zero, size: snapshot.size)
        return .drawing(DisplayList(bounds: frame, operations: [.drawLayer(snapshot, in: frame)]))
    }
}
