/// An animatable key path split once into the property's key and the members below it:
/// `transform.rotation.z` is the key `transform` with the members `rotation`, `z`.
///
/// Animations keep theirs, so evaluating one each frame does not split its string again.
public struct AnimatableKeyPath: Hashable, Sendable {
    /// The key path as written.
    public let string: String
    /// The property's key (`transform`).
    public let key: String
    /// The members below the property (`["rotation", "z"]`); empty for the whole value.
    public let members: [String]
    /// The members parsed; nil for the whole value, and for names no value has.
    public let member: AnimationValue.Member?

    public init(_ string: String) {
        self.string = string
        // Split by hand over UTF-8: `split(separator:)` took 6,000 instructions a key
        // path, and a scene resolves several per animation it adds.
        var parts: [String] = []
        var start = string.utf8.startIndex
        for index in string.utf8.indices where string.utf8[index] == UInt8(ascii: ".") {
            parts.append(String(string[start..<index]))
            start = string.utf8.index(after: index)
        }
        parts.append(String(string[start...]))
        key = parts[0]
        members = Array(parts.dropFirst())
        member = members.isEmpty ? nil : AnimationValue.Member(members)
    }
}
