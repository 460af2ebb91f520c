import FlipbookQuartz
import Foundation
import Testing

/// TX1–TX4, TX6: transactions, implicit animations and the action search;
/// CA7 delegate callbacks; CA8 presentation; T2 layer pausing; T5 virtual time.
@MainActor
@Suite struct CATransactionTests {
    @Test func standaloneLayerAnimatesImplicitlyWithTheDefaultCurve_TX1() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn { layer.opacity = 0 }
        stage.advance(to: 0.125)
        let half = stage.number(layer, "opacity")
        stage.advance(to: 0.25)

        #expect(abs(half - (1 - 0.802403)) < 1e-5, "FACTS §1: default curve at 0.5 of 0.25 s")
        #expect(stage.number(layer, "opacity") == 0)
        #expect(layer.opacity == 0)
    }

    @Test func transactionSettingsApplyToImplicitAnimationsAndNest_TX2() {
        let stage = Stage()
        let layer = stage.committedLayer()
        var readings: [Double] = []

        stage.turn {
            readings.append(CATransaction.animationDuration())
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.begin()
            readings.append(CATransaction.animationDuration())
            layer.cornerRadius = 20
            CATransaction.commit()
            CATransaction.commit()
            readings.append(CATransaction.animationDuration())
        }
        stage.advance(to: 0.5)

        #expect(readings == [0.25, 1, 0.25])
        #expect(abs(stage.number(layer, "cornerRadius") - 10) < 1e-9, "linear over the outer transaction's 1 s")
    }

    /// An explicit animation without a duration takes the transaction's (TX2); of a
    /// transaction of 0 s it has no cycle, so repeating it for ever still has no active time
    /// (T2, FACTS §3): it stops, finished, when it starts, and is removed (CA7).
    @Test func anEndlessRepeatOfATransactionOfZeroSecondsStopsAtOnce_TX2_T2_CA7() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let log = DelegateLog()

        stage.advance(to: 1)
        stage.turn {
            CATransaction.begin()
            CATransaction.setAnimationDuration(0)
            let pulse = CABasicAnimation(keyPath: "opacity")
            (pulse.fromValue, pulse.toValue, pulse.repeatCount, pulse.delegate) = (1, 0, .infinity, log)
            let group = CAAnimationGroup()
            group.animations = [CABasicAnimation(keyPath: "position.x")]
            (group.repeatCount, group.autoreverses) = (.infinity, true)
            layer.add(pulse, forKey: "pulse")
            layer.add(group, forKey: "group")
            CATransaction.commit()
        }
        stage.advance(to: 2)

        #expect(log.entries == ["start@1.0", "stop(true)@1.0"])
        #expect(layer.animationKeys() == nil)
    }

    @Test func disableActionsMakesChangesImmediate_TX2() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.opacity = 0.2
            CATransaction.commit()
        }

        #expect(layer.animationKeys() == nil)
        #expect(abs(stage.number(layer, "opacity") - 0.2) < 1e-6)
    }

    @Test func completionRunsWhenAllAnimationsEndAndItsChangesAreANewTransaction_TX3() {
        let stage = Stage()
        let layer = stage.committedLayer()
        var completedAt: Double?

        stage.turn {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setCompletionBlock {
                completedAt = CACurrentMediaTime()
                layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            }
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
        }
        stage.advance(to: 1)
        let rotation = layer.animation(forKey: "transform")?.duration
        stage.advance(to: 1.25)

        #expect(completedAt == 1, "S001: after the 1 s colour change")
        #expect(rotation == 0.25, "S001: the rotation in the completion takes the default 0.25 s")
        #expect(layer.animationKeys() == nil)
    }

    @Test func completionWithoutAnimationsRunsAtOnce_TX3() {
        let stage = Stage()
        var ran = false

        stage.turn {
            CATransaction.begin()
            CATransaction.setCompletionBlock { ran = true }
            CATransaction.commit()
        }

        #expect(!ran, "not inside the committing turn")
        stage.advance(to: 0)
        #expect(ran)
    }

    @Test func actionSearchOrderAndNullStops_TX4() {
        final class Delegate: CALayerDelegate {
            var answer: CAAction?
            func action(for layer: CALayer, forKey event: String) -> CAAction? { answer }
        }
        let stage = Stage()
        let layer = stage.committedLayer()
        let delegate = Delegate()
        layer.delegate = delegate
        let fromActions = CABasicAnimation()
        fromActions.duration = 3
        let fromStyle = CABasicAnimation()
        fromStyle.duration = 4

        layer.style = ["actions": ["opacity": fromStyle]]
        #expect((layer.action(forKey: "opacity") as? CABasicAnimation)?.duration == 4)
        layer.actions = ["opacity": fromActions]
        #expect((layer.action(forKey: "opacity") as? CABasicAnimation)?.duration == 3)
        delegate.answer = NSNull()
        #expect(layer.action(forKey: "opacity") == nil, "null stops the search")
        layer.actions = ["opacity": NSNull()]
        delegate.answer = nil
        #expect(layer.action(forKey: "opacity") == nil)
        #expect(layer.action(forKey: "cornerRadius") is CABasicAnimation, "defaultAction")
    }

    @Test func customActionIsHonoured_TX4() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let fade = CATransition()
        fade.duration = 1
        layer.actions = ["backgroundColor": fade]

        stage.turn { layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        stage.advance(to: 0.5)

        #expect(layer.animation(forKey: "backgroundColor") is CATransition)
        let transition = layer.renderLayer()?.transition
        #expect(transition?.type == .fade)
        #expect(abs((transition?.progress ?? 0) - 0.5) < 1e-9)
    }

    @Test func layerAddedInTheSameTurnDoesNotAnimate_TX6() {
        let stage = Stage()
        let layer = CALayer()

        stage.turn {
            stage.root.addSublayer(layer)
            layer.opacity = 0.5
        }
        #expect(layer.animationKeys() == nil)
        stage.turn { layer.opacity = 0 }
        #expect(layer.animationKeys() == ["opacity"], "rendered once, it animates")
    }

    @Test func delegateHearsStartAndStopAndRemovalIsNotFinished_CA7() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let log = DelegateLog()
        let first = CABasicAnimation(keyPath: "opacity")
        (first.fromValue, first.toValue, first.duration, first.delegate) = (1.0, 0.0, 1, log)
        let second = first.copy()
        second.beginTime = 2.5

        stage.turn { layer.add(first, forKey: "a") }
        stage.advance(to: 2)
        stage.turn { layer.add(second, forKey: "b") }
        stage.advance(to: 3)
        stage.turn { layer.removeAnimation(forKey: "b") }
        stage.advance(to: 3)

        #expect(log.entries == ["start@0.0", "stop(true)@1.0", "start@2.5", "stop(false)@3.0"])
    }

    @Test func replacingAnAnimationStopsTheOldOneUnfinished_CA7() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let log = DelegateLog()
        let animation = CABasicAnimation(keyPath: "opacity")
        (animation.toValue, animation.duration, animation.delegate) = (0.0, 1, log)

        stage.turn { layer.add(animation, forKey: "fade") }
        stage.advance(to: 0.5)
        stage.turn { layer.add(animation, forKey: "fade") }
        stage.advance(to: 2)

        #expect(log.entries == ["start@0.0", "stop(false)@0.5", "start@0.5", "stop(true)@1.5"])
    }

    @Test func presentationIsNilUntilCommittedAndTheRendererDrawsIt_CA8() {
        let stage = Stage()
        let loose = CALayer()
        let layer = stage.committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        (animation.fromValue, animation.toValue, animation.duration) = (0.0, 1.0, 1)

        stage.turn { layer.add(animation, forKey: nil) }
        stage.advance(to: 0.25)

        #expect(loose.presentation() == nil)
        #expect(layer.presentation()?.model() === layer)
        #expect(abs((layer.renderLayer()?.opacity ?? 0) - 0.25) < 1e-6)
    }

    @Test func pausingALayerFreezesItsAnimations_T2() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = CABasicAnimation(keyPath: "position.x")
        (animation.fromValue, animation.toValue, animation.duration) = (0.0, 100.0, 1)
        stage.turn { layer.add(animation, forKey: "x") }
        stage.advance(to: 0.25)

        stage.turn {
            let paused = layer.localTime(at: CACurrentMediaTime())
            layer.speed = 0
            layer.timeOffset = paused
        }
        stage.advance(to: 5)

        #expect(abs(stage.number(layer, "position.x") - 25) < 1e-9)
        #expect(layer.animationKeys() == ["x"], "a paused animation never ends")
    }

    @Test func convertTimeMapsThroughEachLayersTimingBothWays_T2() {
        let (parent, child, sibling) = (CALayer(), CALayer(), CALayer())
        (parent.beginTime, parent.speed) = (1, 2)
        (child.timeOffset, sibling.speed) = (0.5, 0.5)
        parent.addSublayer(child)
        parent.addSublayer(sibling)

        let fromGlobal = child.convertTime(3, from: nil)
        let toGlobal = child.convertTime(fromGlobal, to: nil)
        let toSibling = child.convertTime(fromGlobal, to: sibling)
        let fromChild = sibling.convertTime(fromGlobal, from: child)

        #expect(abs(fromGlobal - 4.5) < 1e-12, "(3 − 1)·2, then + 0.5")
        #expect(abs(toGlobal - 3) < 1e-12)
        #expect(abs(toSibling - 2) < 1e-12, "the parent's 4, at half speed")
        #expect(abs(fromChild - toSibling) < 1e-12)
    }

    @Test func timeMovesOnlyWhenAdvanced_T5() {
        let stage = Stage()
        var times: [Double] = []
        stage.runLoop.schedule(at: 0.1 * 3) { times.append(CACurrentMediaTime()) }
        stage.runLoop.schedule(at: 0.3) { times.append(CACurrentMediaTime()) }

        stage.advance(to: 0.2)
        #expect(times.isEmpty)
        stage.advance(to: 1)

        #expect(times == [0.3, 0.1 * 3], "each turn at its exact time (0.1 · 3 is just above 0.3), in time order")
    }
}
