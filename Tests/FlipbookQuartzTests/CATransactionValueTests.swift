import FlipbookQuartz
import Foundation
import Testing

/// CATransaction's values by key, its lock, flush and an unmatched commit (TX2), and a
/// layer changed before it is ever attached (TX6).
@MainActor
@Suite struct CATransactionValueTests {
    @Test func settingsAnswerUnderTheirKeysAndNestedTransactionsSeeOuterValues_TX2() {
        let stage = Stage()
        let layer = stage.committedLayer()
        var readings: [String] = []

        stage.turn {
            readings.append("\(CATransaction.value(forKey: kCATransactionAnimationDuration) ?? "nil")")
            CATransaction.begin()
            CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
            CATransaction.setValue(CAMediaTimingFunction(name: .linear), forKey: kCATransactionAnimationTimingFunction)
            CATransaction.setValue("outer", forKey: "tag")
            CATransaction.begin()
            readings.append("\(CATransaction.animationDuration()) \(CATransaction.value(forKey: "tag") ?? "nil")")
            layer.opacity = 0
            CATransaction.commit()
            CATransaction.commit()
            readings.append("\(CATransaction.value(forKey: "tag") ?? "nil")")
        }
        stage.advance(to: 1)

        #expect(readings == ["0.25", "2.0 outer", "nil"])
        #expect(abs(stage.number(layer, "opacity") - 0.5) < 1e-9, "linear over the 2 s set by key")
    }

    @Test func disableActionsByKeyStopsImplicitAnimations_TX2() {
        let stage = Stage()
        let layer = stage.committedLayer()
        var read: Bool?

        stage.turn {
            CATransaction.setValue(true, forKey: kCATransactionDisableActions)
            read = CATransaction.value(forKey: kCATransactionDisableActions) as? Bool
            layer.opacity = 0.2
        }

        #expect(read == true)
        #expect(layer.animationKeys() == nil)
    }

    @Test func lockUnlockFlushAndAnUnmatchedCommitDoNotRaise_TX2() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn {
            CATransaction.lock()
            layer.opacity = 0.5
            CATransaction.unlock()
            CATransaction.flush()
            CATransaction.commit()
            CATransaction.commit()
            layer.cornerRadius = 8
        }

        #expect(layer.animationKeys()?.sorted() == ["cornerRadius", "opacity"], "both changes still animate")
        #expect(layer.opacity == 0.5)
    }

    @Test func aLayerChangedBeforeItIsEverAttachedDoesNotAnimate_TX6() {
        let stage = Stage()
        let layer = CALayer()

        stage.turn {
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.opacity = 0.3
        }
        stage.turn {
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            stage.root.addSublayer(layer)
        }
        let whenAttached = layer.animationKeys()
        stage.turn { layer.opacity = 1 }

        #expect(whenAttached == nil, "never on screen, so no implicit animation")
        #expect(layer.animationKeys() == ["opacity"], "committed once, it animates")
    }
}
