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
        let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        key = parts[0]
        members = Array(parts.dropFirst())
        member = members.isEmpty ? nil : AnimationValue.Member(members)
    }
}
