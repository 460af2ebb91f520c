import Foundation

/// UIKit's animation state, kept per `VirtualRunLoop` so that each scene or test starts
/// clean: the stack of open animation blocks and the animations-enabled flag.
@MainActor
final class UIViewAnimationState {
    /// The state of the current run loop.
    static var current: UIViewAnimationState { VirtualRunLoop.current.attachment { UIViewAnimationState() } }

    /// Open blocks, innermost last.
    var blocks: [UIViewAnimationBlock] = []
    var animationsEnabled = true
    /// The views of a running `perform(_:on:…)`, which its block must not change (V15).
    var protectedViews: [UIView] = []
    /// A protected view the block changed.
    var touchedProtectedView: UIView?
    /// The trackers recording the blocks that begin now, innermost last.
    var trackers: [UIViewAnimationTracker] = []
    /// Property animators that are active or stopped, kept alive as UIKit keeps them.
    private var liveAnimators: [UIViewPropertyAnimator] = []

    func setRetained(_ animator: UIViewPropertyAnimator, _ retained: Bool) {
        liveAnimators.removeAll { $0 === animator }
        if retained { liveAnimators.append(animator) }
    }

    /// The layer keys a view animates inside a block (V1, cornerRadius as iOS 11 does, and
    /// shadowOpacity as iOS 13 does); other keys of a view's layer change at once.
    static let animatableKeys = additiveKeys.union(replacingKeys).union(["bounds"])
    /// Keys whose animations add up (FACTS §6); `bounds` too, split into origin and size.
    static let additiveKeys: Set<String> = ["position", "transform", "cornerRadius"]
    /// Keys whose new animation replaces the one in flight (V3): since iOS 13 shadowOpacity
    /// too (FACTS §6).
    static let replacingKeys: Set<String> = ["opacity", "backgroundColor", "anchorPoint", "shadowOpacity"]

    /// The action for a change of `key` on `view`'s layer: the innermost block records
    /// it, when there is one and animations are enabled.
    func action(for view: UIView, key: String) -> CAAction? {
        if protectedViews.contains(where: { view.isDescendant(of: $0) }), touchedProtectedView == nil {
            touchedProtectedView = view
        }
        guard animationsEnabled, let block = blocks.last, Self.animatableKeys.contains(key) else { return nil }
        return RecordingAction(block: block, view: view)
    }

    /// Runs `body` with `block` open, then commits it.
    func run(_ block: UIViewAnimationBlock, _ body: () -> Void) {
        blocks.append(block)
        body()
        commit(block)
    }

    /// Lays out the block's resized views if it asks to (V11), then commits it.
    func commit(_ block: UIViewAnimationBlock) {
        if block.options.contains(.layoutSubviews) {
            for view in block.resizedViews { view.layoutIfNeeded() }
        }
        blocks.removeAll { $0 === block }
        block.commit()
    }
}

/// The action a view returns inside a block: notes the change in the block.
@MainActor
private final class RecordingAction: @MainActor CAAction {
    let block: UIViewAnimationBlock
    let view: UIView

    init(block: UIViewAnimationBlock, view: UIView) {
        self.block = block
        self.view = view
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let previous = dict?[CALayer.previousValueArgument] as? AnimationValue else { return }
        for outer in UIViewAnimationState.current.blocks where outer !== block { outer.supersede(view, key: event) }
        block.record(view, key: event, from: previous)
    }
}
