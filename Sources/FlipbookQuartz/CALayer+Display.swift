import Foundation

extension CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
}

/// Display, as Core Animation has it (G8): a layer marked as needing display (by
/// `setNeedsDisplay()`, a change of bounds size with `needsDisplayOnBoundsChange`, or
/// being new) is drawn at the end of the turn, after layout, or at once by
/// `displayIfNeeded()`. What it drew is kept as a `DisplayList` and shown in every frame
/// until it is marked again: moving, transforming or fading the layer never redraws it.
extension CALayer {
    /// Marks the layer's content as needing to be redrawn; it is redrawn once, at the end
    /// of the turn (if the layer is shown then) or by `displayIfNeeded()`.
    public func setNeedsDisplay() {
        needsOwnDisplay = true
        subtreeNeedsDisplay = true
        setOnAncestors(\.subtreeNeedsDisplay)
    }

    /// Marks `rect` (bounds coordinates) as needing to be redrawn. The whole layer is
    /// redrawn, which Core Animation allows: drawing is recorded, not kept as pixels.
    public func setNeedsDisplay(_ rect: CGRect) {
        setNeedsDisplay()
    }

    /// Whether the layer is marked as needing display.
    public func needsDisplay() -> Bool { needsOwnDisplay }

    /// Redraws the layer now if it is marked as needing display.
    public func displayIfNeeded() {
        guard needsOwnDisplay else { return }
        needsOwnDisplay = false
        display()
    }

    /// What `display()` does by default: records `draw(in:)` into a display list, which
    /// replaces `contents` if it draws something (G13). A drawing of nothing leaves
    /// `contents` as it is: Flipbook cannot tell a layer that draws nothing from one that
    /// does not draw, as a `UIImageView` or a layer given only an image.
    func displayByDrawing() {
        let context = CGContext(bounds: bounds)
        draw(in: context)
        let list = context.makeDisplayList()
        guard list.drawsSomething else {
            displayList = nil
            return
        }
        displayList = list
        replaceContentsByDrawing()
    }

    /// The content the last drawing left, if it draws anything; shown while `contents`
    /// is nil (G13).
    var drawnContent: LayerContent? { displayList.map { .drawing($0) } }

    /// The display pass at the end of a turn: displays the layers of this shown tree that
    /// need it, parents before children, visiting only subtrees marked as needing it.
    /// Hidden subtrees wait until they are shown: they keep their mark, and so do the
    /// layers above them. A layer marked while the pass runs is displayed in this pass if
    /// it has not been visited yet, else in the next one.
    func displayShownSubtreeIfNeeded() {
        guard subtreeNeedsDisplay, !isHidden else { return }
        // Cleared first: a layer marked while the pass runs (by a drawing, here or anywhere
        // in the tree) marks this one again on its way up.
        subtreeNeedsDisplay = false
        displayIfNeeded()
        for layer in (mask.map { [$0] } ?? []) + (sublayers ?? []) {
            layer.displayShownSubtreeIfNeeded()
            // A hidden layer keeps its mark, and so do the layers above it.
            if layer.subtreeNeedsDisplay { subtreeNeedsDisplay = true }
        }
    }
}
