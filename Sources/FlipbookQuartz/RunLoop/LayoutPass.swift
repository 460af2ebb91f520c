/// The work before the outermost commit: `layoutIfNeeded()` on each shown tree, then the
/// display pass (G8).
final class LayoutPass {
    private var isRunning = false

    /// Lays out, then displays, the trees under `runLoop`'s root layers; does nothing for a
    /// commit that layout or drawing makes, inside the pass. Both skip subtrees where
    /// nothing needs them.
    func run(on runLoop: VirtualRunLoop) {
        guard !isRunning else { return }
        isRunning = true
        defer { isRunning = false }
        for root in runLoop.rootLayers { root.layoutIfNeeded() }
        for root in runLoop.rootLayers { root.displayShownSubtreeIfNeeded() }
    }
}
