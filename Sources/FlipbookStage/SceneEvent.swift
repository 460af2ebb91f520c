import FlipbookUIKit

/// One line of the event log of what plays on a stage: a scene's (`flipbook events`,
/// docs/golden-testing.md "Numbers instead of pixels") or a recording's.
public struct SceneEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case log(message: String)
        case animationDidStart(layer: String, key: String?)
        case animationDidStop(layer: String, key: String?, finished: Bool)
        case transactionCompletion(name: String?)
        /// A UIView block's completion (`animate`, `animateKeyframes`,
        /// `performSystemAnimation`) or a `beginAnimations` block's did-stop.
        case completion(name: String?, finished: Bool)
        /// A completion of the property animator `name` (its id): where it ended, and no
        /// `finished`, as UIKit passes an animator's completions only the position.
        case animatorCompletion(name: String, position: UIViewAnimatingPosition)
        /// A property animator's `state` changed (PA1).
        case animatorState(id: String, state: UIViewAnimatingState)
        /// A view-controller transition an interaction cancelled (its completion does not run).
        case transitionCancelled(name: String)
    }

    /// Virtual seconds.
    public let time: Double
    public let kind: Kind

    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
