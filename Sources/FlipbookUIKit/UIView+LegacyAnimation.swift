import Foundation

/// Receives the legacy `beginAnimations` block's start and stop (V16).
///
/// UIKit names these methods with `setAnimationWillStart(_:)` and
/// `setAnimationDidStop(_:)` selectors; without an Objective-C runtime, Flipbook calls
/// this protocol's methods on the object given to `setAnimationDelegate(_:)` instead.
@preconcurrency @MainActor
public protocol UIViewAnimationDelegate: AnyObject {
    /// Called when the block's first animation starts (at once when it has none).
    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?)
    /// Called when the block's last animation stops, with whether all of them finished.
    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?)
}

extension UIViewAnimationDelegate {
    public func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {}
    public func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {}
}

/// The begin/commit animation blocks of iOS 3 (V16): changes between
/// `beginAnimations` and `commitAnimations` animate with the settings made by the
/// `setAnimation…` calls in between, wherever in the block they come. Blocks nest; a
/// nested block starts with its outer block's settings.
extension UIView {
    /// Opens a block; its duration is 0.2 s unless set (FACTS §6).
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer? = nil) {
        let state = UIViewAnimationState.current
        let parent = state.blocks.last
        let block = UIViewAnimationBlock(kind: .legacy(id: animationID, context: context),
                                         duration: parent?.duration ?? 0.2, delay: parent?.delay ?? 0,
                                         timing: parent?.timing ?? .curve(AnimationCurve.easeInOut.timingFunction),
                                         options: [], completion: nil)
        block.outerDelay = parent?.delay ?? 0
        state.blocks.append(block)
    }

    /// Closes the innermost legacy block and starts its animations.
    public static func commitAnimations() {
        let state = UIViewAnimationState.current
        guard let block = state.blocks.last(where: \.isLegacy) else { return }
        state.commit(block)
    }

    /// The duration of the innermost legacy block's animations (0.2 s unless set); one that
    /// is not finite is taken as 0, with a warning (T6).
    public static func setAnimationDuration(_ duration: TimeInterval) {
        currentLegacyBlock?.duration = TimingValueRule.finite.orZero(duration, "UIView.setAnimationDuration", later: "durations")
    }

    /// Delays the innermost legacy block's animations; the delay counts from the start
    /// of the enclosing block, if there is one. One that is not finite is taken as 0, with
    /// a warning (T6).
    public static func setAnimationDelay(_ delay: TimeInterval) {
        guard let block = currentLegacyBlock else { return }
        block.delay = block.outerDelay + TimingValueRule.finite.orZero(delay, "UIView.setAnimationDelay", later: "delays")
    }

    /// The innermost legacy block's curve (ease-in-ease-out unless set).
    public static func setAnimationCurve(_ curve: AnimationCurve) {
        currentLegacyBlock?.timing = .curve(curve.timingFunction)
    }

    /// Whether the innermost legacy block's replacing animations start from the values on
    /// screen (V4).
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        currentLegacyBlock?.beginsFromCurrentState = fromCurrentState
    }

    /// The object told when the block's animations start and stop; kept strongly until then.
    public static func setAnimationDelegate(_ delegate: UIViewAnimationDelegate?) {
        guard let block = currentLegacyBlock else { return }
        guard let delegate else {
            block.willStart = nil
            block.completion = nil
            return
        }
        guard case .legacy(let id, let rawContext) = block.kind else { return }
        nonisolated(unsafe) let context = rawContext
        block.willStart = { delegate.animationWillStart(id, context: context) }
        block.completion = { finished in delegate.animationDidStop(id, finished: finished, context: context) }
    }

    private static var currentLegacyBlock: UIViewAnimationBlock? {
        UIViewAnimationState.current.blocks.last.flatMap { $0.isLegacy ? $0 : nil }
    }
}

extension UIViewAnimationBlock {
    var isLegacy: Bool {
        if case .legacy = kind { return true }
        return false
    }
}
