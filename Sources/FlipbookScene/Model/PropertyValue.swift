import Foundation

/// A property's value as a scene gives it — a point, a colour, a transform, a font … —
/// kept as plain data, so that scenes can be printed, compared and sent between tasks.
///
/// It holds a value of the type the property stores, or of the plain type it is made
/// from (a `CGColor` for a `UIColor`, a `CGImage` for a `UIImage`); `PropertyTable`
/// knows which, key by key.
struct PropertyValue: Sendable, Hashable, CustomStringConvertible {
    let base: any Hashable & Sendable

    init(_ base: some Hashable & Sendable) { self.base = base }

    /// The value as `type`, which must be the type it was made with.
    func value<T>(as type: T.Type) -> T { base as! T }

    static func == (a: PropertyValue, b: PropertyValue) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }

    func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }

    var description: String { String(describing: base) }
}

/// `key: value` of a view or a layer, as a scene sets it (`frame: [0, 0, 10, 10]`).
struct PropertyAssignment: Sendable, Hashable {
    /// The property's Swift name.
    let key: String
    let value: PropertyValue
}
