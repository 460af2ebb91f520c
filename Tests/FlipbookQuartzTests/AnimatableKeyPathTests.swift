import FlipbookQuartz
import Testing

/// Key paths split once into the property's key and its members (CA4: animations name
/// what they animate by key path, `transform.rotation.z`).
@Suite struct AnimatableKeyPathTests {
    @Test func aKeyPathSplitsIntoItsKeyAndMembers() {
        let path = AnimatableKeyPath("transform.rotation.z")

        #expect(path.key == "transform")
        #expect(path.members == ["rotation", "z"])
        #expect(path.member != nil)
    }

    @Test func aPropertyAloneHasNoMembers() {
        let path = AnimatableKeyPath("position")

        #expect(path.key == "position")
        #expect(path.members.isEmpty)
        #expect(path.member == nil)
    }

    @Test func emptyPartsAreKeptSoTheyNameNoValue() {
        #expect(AnimatableKeyPath("position..x").members == ["", "x"])
        #expect(AnimatableKeyPath("position.").members == [""])
        #expect(AnimatableKeyPath("").key == "")
        #expect(AnimatableKeyPath("position..x").member == nil)
    }
}
