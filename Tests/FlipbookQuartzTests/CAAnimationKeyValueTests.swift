import FlipbookQuartz
import Foundation
import Testing

/// Key-value coding on animations (CA7): code tags an animation with `setValue(_:forKey:)`
/// and reads the tag back in `animationDidStop`, on the copy the layer ran.
@MainActor
@Suite struct CAAnimationKeyValueTests {
    /// Keeps the tag of each animation that stopped.
    final class TagLog: CAAnimationDelegate {
        var tags: [String] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            tags.append(anim.value(forKey: "name") as? String ?? "untagged")
        }
    }

    @Test func aTagSetBeforeAddingIsReadBackFromTheCopyThatStopped_CA7() {
        let stage = Stage(), log = TagLog()
        let layer = stage.committedLayer()
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 0
        spin.toValue = 1
        spin.duration = 0.5
        spin.delegate = log
        spin.setValue("fade-in", forKey: "name")

        stage.turn { layer.add(spin, forKey: "fade") }
        spin.setValue("changed after adding", forKey: "name")
        stage.advance(to: 1)

        #expect(log.tags == ["fade-in"], "the layer ran a copy made when it was added")
        #expect(spin.value(forKey: "name") as? String == "changed after adding")
        #expect(spin.value(forKey: "never set") == nil)
    }

    @Test func timingPropertiesAreReachableByTheirNames_CA7() {
        let animation = CABasicAnimation(keyPath: "position.x")

        animation.setValue(2.5, forKey: "duration")
        animation.setValue(true, forKey: "autoreverses")
        animation.setValue(NSNumber(value: 3), forKey: "repeatCount")
        animation.setValue(nil, forKey: "duration")

        #expect(animation.duration == 2.5, "nil is no duration: the property keeps its value")
        #expect(animation.autoreverses && animation.repeatCount == 3)
        #expect(animation.value(forKey: "duration") as? Double == 2.5)
    }
}
