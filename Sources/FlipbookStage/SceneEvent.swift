import FlipbookUIKit

/// One line of the event log of what plays on a stage: a scene's (`flipbook events`,
/// docs/golden-testing.md "Numbers instead of pixels") or a recording's.
public struct SceneEvent: Sendable, Equatable, CustomStringConvertible {
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

    /// `t = 0.5 s: animationDidStop card position finished` — a line for a person; the
    /// JSON of `flipbook events` is `json` (FlipbookScene).
    public var description: String {
        let what = switch kind {
        case .log(let message): "log \"\(message)\""
        case .animationDidStart(let layer, let key): "animationDidStart \(layer) \(key ?? "(no key)")"
        case .animationDidStop(let layer, let key, let finished):
            "animationDidStop \(layer) \(key ?? "(no key)") \(finished ? "finished" : "not finished")"
        case .transactionCompletion(let name): "transaction completion \(name ?? "(unnamed)")"
        case .completion(let name, let finished): "completion \(name ?? "(unnamed)") \(finished ? "finished" : "not finished")"
        case .animatorCompletion(let name, let position): "completion \(name) at \(position)"
        case .animatorState(let id, let state): "animator \(id) \(state)"
        case .transitionCancelled(let name): "transition \(name) cancelled"
        }
        return "t = \(time) s: \(what)"
    }
}
