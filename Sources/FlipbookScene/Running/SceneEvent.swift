import Foundation
import FlipbookUIKit

/// One line of a scene's event log (docs/golden-testing.md "Numbers instead of pixels").
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

    /// The event as the JSON object `flipbook events` prints, keys in the documented order.
    public var json: JSONValue {
        var entries: [(String, JSONValue)] = [("t", .number(time))]
        switch kind {
        case .log(let message):
            entries += [("event", .string("log")), ("message", .string(message))]
        case .animationDidStart(let layer, let key):
            entries += [("event", .string("animationDidStart")), ("layer", .string(layer)), ("key", key.map(JSONValue.string) ?? .null)]
        case .animationDidStop(let layer, let key, let finished):
            entries += [("event", .string("animationDidStop")), ("layer", .string(layer)),
                        ("key", key.map(JSONValue.string) ?? .null), ("finished", .bool(finished))]
        case .transactionCompletion(let name):
            entries += [("event", .string("transactionCompletion")), ("name", name.map(JSONValue.string) ?? .null)]
        case .completion(let name, let finished):
            entries += [("event", .string("completion")), ("name", name.map(JSONValue.string) ?? .null),
                        ("finished", .bool(finished))]
        case .animatorCompletion(let name, let position):
            // The case names are UIKit's (start, end, current), as the log writes them.
            entries += [("event", .string("completion")), ("name", .string(name)), ("position", .string("\(position)"))]
        case .animatorState(let id, let state):
            entries += [("event", .string("animatorState")), ("id", .string(id)), ("state", .string("\(state)"))]
        case .transitionCancelled(let name):
            entries += [("event", .string("completion")), ("name", .string(name)), ("finished", .bool(false)),
                        ("cancelled", .bool(true))]
        }
        return .object(entries)
    }
}
