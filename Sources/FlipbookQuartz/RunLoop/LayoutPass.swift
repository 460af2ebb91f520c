/// The work before the outermost commit: `layoutIfNeeded()` on each shown tree, then the
/// display pass (G8).
final class LayoutPass {
    private var isRunning = false

    /// Lays out, then displays, the trees under `runLoop`'s root layers; does nothing for a
    /// commit that layout or drawing makes, inside the pass. Layout skips clean subtrees;
    /// the display pass still visits every shown layer.
    func run(on runLoop: VirtualRunLoop) {
        guard !isRunning else { return }
        isRunning = true
        defer { isRunning = false }
        for root in runLoop.rootLayers { root.layoutIfNeeded() }
        for root in runLoop.rootLayers { root.displayShownSubtreeIfNeeded() }
    }
}
