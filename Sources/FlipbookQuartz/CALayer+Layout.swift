import Foundation

extension CALayerDelegate {
    public func layoutSublayers(of layer: CALayer) {}
}

/// Layout, as Core Animation has it: a layer marked as needing layout (by `setNeedsLayout()`,
/// a change of `bounds.size`, a sublayer added or removed, or being new) gets its
/// `layoutSublayers()` called at the end of the turn, before the transaction commits, or
/// at once by `layoutIfNeeded()`. Layout goes top-down: a layer lays out its sublayers
/// before they lay out theirs.
extension CALayer {
    /// Marks the layer as needing layout; nothing is laid out until the end of the turn
    /// or a `layoutIfNeeded()`.
    public func setNeedsLayout() {
        needsOwnLayout = true
        subtreeNeedsLayout = true
        propagateLayoutNeedUp()
    }

    /// Whether the layer is marked as needing layout.
    public func needsLayout() -> Bool { needsOwnLayout }

    /// Lays out now whatever needs it at and below the topmost ancestor of this layer that
    /// needs layout (or this layer when none does).
    public func layoutIfNeeded() {
        var top = self
        while let parent = top.superlayer, parent.needsOwnLayout { top = parent }
        top.layOutSubtreeIfNeeded()
    }

    /// Tells the ancestors that something below them needs layout. Stops at the first one
    /// that knows: its own ancestors know too.
    func propagateLayoutNeedUp() {
        var node = superlayer
        while let current = node, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            node = current.superlayer
        }
    }

    /// Lays out this layer if it needs it, then visits its sublayers (and mask), skipping
    /// subtrees where nothing needs layout. A layer marked again while the pass runs is
    /// laid out in this pass if it has not been visited yet, else in the next one.
    private func layOutSubtreeIfNeeded() {
        guard subtreeNeedsLayout else { return }
        if needsOwnLayout {
            needsOwnLayout = false
            layoutSublayers()
        }
        let below = (sublayers ?? []) + (mask.map { [$0] } ?? [])
        for layer in below { layer.layOutSubtreeIfNeeded() }
        subtreeNeedsLayout = needsOwnLayout || below.contains { $0.subtreeNeedsLayout }
    }
}
