import Foundation
import FlipbookStage

extension SceneEvent {
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
