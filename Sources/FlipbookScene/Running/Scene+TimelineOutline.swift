import Foundation

extension Scene {
    /// The timeline's entries for a viewer (`flipbook preview`), in file order: each entry's
    /// time `t`, the `line` its first action is written at, and its actions' verbs (`do`).
    public var timelineOutline: JSONValue {
        .array(timeline.map { entry in
            let line = entry.actions.lazy.compactMap(\.location).first?.line
            return .object([("t", .number(entry.time)), ("line", line.map(JSONValue.integer) ?? .null),
                            ("do", .array(entry.actions.map { .string($0.verb) }))])
        })
    }
}

extension Action {
    /// Where the action is written, if the reader recorded it.
    var location: SceneError.Location? {
        if case .located(let place, _) = self { return place }
        return nil
    }

    /// The action's name as its case names it: `setView`, `addAnimation`, `animate`, …
    var verb: String {
        if case .located(_, let action) = self { return action.verb }
        return Mirror(reflecting: self).children.first?.label ?? "\(self)"
    }
}
