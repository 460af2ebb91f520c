import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// The Core Animation verbs of a scene (`addAnimation`, `removeAnimation`, `transaction`,
/// `set`, `addSublayer`, `log`) run through the public API: values read from
/// `presentation()` and `probe`, events from `SceneRun.events` (docs/scene-format.md "Timeline").
@MainActor
@Suite struct AnimationSceneTests: SceneTesting {
    /// FACTS §1: the `default` curve at x = 0.5.
    private let defaultCurveAtHalf = 0.802403

    /// The angle of a z rotation, in radians.
    private func rotation(of transform: CATransform3D) -> Double {
        atan2(Double(transform.m12), Double(transform.m11))
    }

    /// Events as `t kind` lines, times rounded to 1e-9, for exact comparison with the expected log.
    private func log(_ run: SceneRun) -> [String] {
        run.events.map { "\(($0.time * 1e9).rounded() / 1e9) \($0.kind)" }
    }

    // MARK: Explicit animations

    @Test func basicAnimationOfPositionXIsHalfWayAtHalfItsDuration_CA1() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 100]}
            layers: [{id: dot, frame: [0, 40, 20, 20]}]
            timeline:
              - at: 0
                do:
                  - addAnimation:
                      layer: dot
                      key: slide
                      animation: {class: CABasicAnimation, keyPath: position.x, fromValue: 10, toValue: 110, duration: 1}
            """)

        let half = try shown("dot", in: run, at: 0.5)

        // An explicit animation with no timing function is linear (TX1).
        #expect(isClose(half.position.x, 60))
        #expect(half.position.y == 50)
        #expect(run.layer("dot")?.position.x == 10, "the model does not change (CA3)")
    }

    @Test func probeShowsPresentationAndModelWhileAnAnimationRuns_CA3_CA8() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: box, frame: [0, 0, 50, 50]}]
            timeline:
              - at: 0
                do:
                  - addAnimation:
                      layer: box.layer
                      key: fade
                      animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1}
            """)

        let presentation = try run.probe(at: [0.25], target: "box")
        let model = try run.probe(at: [0.75], target: "box", model: true)

        #expect(presentation.number(at: "frames", 0, "layers", "box.layer", "opacity") == 0.75)
        #expect(model.number(at: "frames", 0, "layers", "box.layer", "opacity") == 1)
    }

    @Test func animationWithFillModeForwardsAndNotRemovedKeepsItsFinalValue_CA3() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: kept, frame: [0, 0, 10, 10]}
              - {id: removed, frame: [0, 0, 10, 10]}
            timeline:
              - at: 0
                do:
                  - addAnimation:
                      layer: kept
                      animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0.2, duration: 1,
                                  isRemovedOnCompletion: false, fillMode: forwards}
                  - addAnimation:
                      layer: removed
                      animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0.2, duration: 1}
            """)

        let kept = try shown("kept", in: run, at: 2)
        let removed = try shown("removed", in: run, at: 2)

        #expect(isClose(Double(kept.opacity), 0.2))
        #expect(run.layer("kept")?.opacity == 1, "the model keeps its value")
        #expect(removed.opacity == 1, "fillMode removed shows the model again after the end")
    }

    /// The scene's run builds one prototype per animation and hands each layer a copy of its
    /// own: the second layer fills its `fromValue` from its own presentation, not the first's.
    @Test func oneAnimationAddedToTwoLayersStartsFromEachLayersOwnValue_CA3() throws {
        let spec = "{class: CABasicAnimation, keyPath: position.x, toValue: 200, duration: 1}"
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 100]}
            layers:
              - {id: first, position: [10, 20], bounds: [0, 0, 10, 10]}
              - {id: second, position: [100, 60], bounds: [0, 0, 10, 10]}
            timeline:
              - at: 0
                do: [{addAnimation: {layer: first, key: slide, animation: \(spec)}}]
              - at: 0.5
                do: [{addAnimation: {layer: second, key: slide, animation: \(spec)}}]
            """)

        let first = try shown("first", in: run, at: 0.75)
        let second = try shown("second", in: run, at: 0.75)

        #expect(isClose(first.position.x, 10 + 0.75 * 190))
        #expect(isClose(second.position.x, 100 + 0.25 * 100), "from its own 100, not the first layer's 10")
    }

    @Test func animationsReadOneAfterAnotherKeepTheirOwnBeginsAndValues_T2() throws {
        // The reader lets an animation share the prototype of the one before when only its
        // beginTime differs: each must still begin when it says, and one differing in a
        // value must not take the one before's.
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 100]}
            layers: [{id: first, position: [0, 10]}, {id: later, position: [0, 30]}, {id: shorter, position: [0, 50]}]
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: first, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 200, duration: 1}}
                  - addAnimation: {layer: later, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 200, duration: 1, beginTime: 0.5}}
                  - addAnimation: {layer: shorter, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 100, duration: 1}}
            """)

        #expect(isClose(try shown("first", in: run, at: 0.75).position.x, 0.75 * 200))
        #expect(isClose(try shown("later", in: run, at: 0.75).position.x, 0.25 * 200), "begun at 0.5 s")
        #expect(isClose(try shown("shorter", in: run, at: 0.75).position.x, 0.75 * 100), "to its own 100")
    }

    @Test func cumulativeRepeatsStartWhereThePreviousCycleEnded_T2() throws {
        // FACTS §3: cumulative 10→20 with repeatCount 3 → 35 at 1.5 s.
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: l, frame: [0, 0, 50, 50]}]
            timeline:
              - at: 0
                do:
                  - addAnimation:
                      layer: l
                      animation: {class: CABasicAnimation, keyPath: cornerRadius, fromValue: 10, toValue: 20,
                                  duration: 1, repeatCount: 3, isCumulative: true}
            """)

        let atOneAndAHalf = try shown("l", in: run, at: 1.5)

        #expect(isClose(atOneAndAHalf.cornerRadius, 35))
        #expect(try run.scene.duration() == 3, "three cycles of 1 s")
    }

    @Test func removeAnimationStopsItUnfinishedAtTheRemovalTime_CA7() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - addAnimation:
                      layer: box
                      key: fade
                      animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1}
              - {at: 0.4, do: [{removeAnimation: {layer: box, key: fade}}]}
            """))

        let afterRemoval = try shown("box", in: run, at: 0.5)
        run.advance(to: 2)

        #expect(afterRemoval.opacity == 1, "the model value shows again")
        #expect(log(run) == [
            "0.0 animationDidStart(layer: \"box\", key: Optional(\"fade\"))",
            "0.4 animationDidStop(layer: \"box\", key: Optional(\"fade\"), finished: false)",
        ])
        #expect(try run.scene.duration() == 0.4)
    }

    @Test func removeAllAnimationsStopsEveryAnimationOfTheLayer_CA7() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - addAnimation: {layer: box, key: a, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1}}
                  - addAnimation: {layer: box, key: b, animation: {class: CABasicAnimation, keyPath: cornerRadius, toValue: 5, duration: 1}}
              - {at: 0.5, do: [{removeAllAnimations: {layer: box}}]}
            """))

        run.advance(to: 2)

        #expect(log(run) == [
            "0.0 animationDidStart(layer: \"box\", key: Optional(\"a\"))",
            "0.0 animationDidStart(layer: \"box\", key: Optional(\"b\"))",
            "0.5 animationDidStop(layer: \"box\", key: Optional(\"a\"), finished: false)",
            "0.5 animationDidStop(layer: \"box\", key: Optional(\"b\"), finished: false)",
        ])
        #expect(run.layer("box")?.animationKeys() == nil)
    }

    @Test func beginTimeIsRelativeToTheEntryAndDelaysStartAndStop_CA7_T2() throws {
        let run = try run(scene("box", timeline: """
              - at: 1
                do:
                  - addAnimation:
                      layer: box
                      key: fade
                      animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 0.5, toValue: 0,
                                  duration: 1, beginTime: 0.5}
            """))

        let beforeStart = try shown("box", in: run, at: 1.25)
        let halfWay = try shown("box", in: run, at: 2)
        run.advance(to: 3)

        #expect(beforeStart.opacity == 1, "fillMode removed: no effect before the begin time")
        #expect(isClose(Double(halfWay.opacity), 0.25))
        #expect(log(run) == [
            "1.5 animationDidStart(layer: \"box\", key: Optional(\"fade\"))",
            "2.5 animationDidStop(layer: \"box\", key: Optional(\"fade\"), finished: true)",
        ])
        #expect(try run.scene.duration() == 2.5)
    }

    @Test func negativeBeginTimeStartsPartWayEvenWhenItLandsOnTimeZero_T2() throws {
        // Added at 0.5: a begins at 0 (the API's "now" value, so the scene must not pass
        // a plain 0), b at 0.25.
        let run = try run(scene("a", "b", timeline: """
              - at: 0.5
                do:
                  - addAnimation: {layer: a, key: f, animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1, beginTime: -0.5}}
                  - addAnimation: {layer: b, key: f, animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1, beginTime: -0.25}}
            """))

        let a = try shown("a", in: run, at: 0.5)
        let b = try shown("b", in: run, at: 0.5)
        run.advance(to: 2)

        #expect(isClose(Double(a.opacity), 0.5))
        #expect(isClose(Double(b.opacity), 0.75))
        #expect(log(run).filter { $0.contains("Stop") } == [
            "1.0 animationDidStop(layer: \"a\", key: Optional(\"f\"), finished: true)",
            "1.25 animationDidStop(layer: \"b\", key: Optional(\"f\"), finished: true)",
        ])
    }

    @Test func addingUnderAnExistingKeyStopsTheOldAnimationUnfinished_CA7() throws {
        let run = try run(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, key: k, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1}}}]}
              - {at: 0.5, do: [{addAnimation: {layer: box, key: k, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0.5, duration: 1}}}]}
            """))

        run.advance(to: 2)

        #expect(log(run) == [
            "0.0 animationDidStart(layer: \"box\", key: Optional(\"k\"))",
            "0.5 animationDidStop(layer: \"box\", key: Optional(\"k\"), finished: false)",
            "0.5 animationDidStart(layer: \"box\", key: Optional(\"k\"))",
            "1.5 animationDidStop(layer: \"box\", key: Optional(\"k\"), finished: true)",
        ])
    }

    @Test func nilFromValueStartsFromThePresentationValueWhenAdded_CA3() throws {
        let run = try run(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, key: out, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1}}}]}
              - {at: 0.5, do: [{addAnimation: {layer: box, key: back, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 1, duration: 1}}}]}
            """))

        let halfWayBack = try shown("box", in: run, at: 1)

        // From the 0.5 shown at 0.5 (not the model's 1) halfway to 1.
        #expect(isClose(Double(halfWayBack.opacity), 0.75))
    }

    @Test func autoreversingRepeatsFollowTheMediaTimingChecks_T2() throws {
        // FACTS §3 (begin 10, duration 1): repeatCount 2 + autoreverses → progress 0.25 at
        // 12.25, ended at 14. The scene's beginTime is relative to the entry at 0.
        let run = try run(scene("l", timeline: """
              - at: 0
                do:
                  - addAnimation:
                      layer: l
                      key: wobble
                      animation: {class: CABasicAnimation, keyPath: cornerRadius, fromValue: 0, toValue: 100,
                                  duration: 1, beginTime: 10, repeatCount: 2, autoreverses: true}
            """))

        let quarter = try shown("l", in: run, at: 12.25)
        let reversing = try shown("l", in: run, at: 13.75)
        run.advance(to: 20)

        #expect(isClose(quarter.cornerRadius, 25))
        #expect(isClose(reversing.cornerRadius, 25))
        #expect(log(run) == [
            "10.0 animationDidStart(layer: \"l\", key: Optional(\"wobble\"))",
            "14.0 animationDidStop(layer: \"l\", key: Optional(\"wobble\"), finished: true)",
        ])
        #expect(try run.scene.duration() == 14)
    }

    @Test func backwardsFillHoldsTheStartValueBeforeTheBeginTime_T2() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - addAnimation:
                      layer: box
                      animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 0.2, toValue: 0.6,
                                  duration: 1, beginTime: 1, fillMode: backwards}
            """))

        let waiting = try shown("box", in: run, at: 0.5)
        let after = try shown("box", in: run, at: 2.5)

        #expect(isClose(Double(waiting.opacity), 0.2))
        #expect(after.opacity == 1, "no forwards fill")
    }

    @Test func explicitAnimationWithoutDurationTakesTheTransactionsDuration_TX2() throws {
        let run = try run(scene("a", "b", timeline: """
              - at: 0
                do:
                  - addAnimation: {layer: a, key: plain, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0}}
                  - transaction:
                      duration: 2
                      do: [{addAnimation: {layer: b, key: long, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0}}}]
            """))

        run.advance(to: 3)

        #expect(log(run).filter { $0.contains("Stop") } == [
            "0.25 animationDidStop(layer: \"a\", key: Optional(\"plain\"), finished: true)",
            "2.0 animationDidStop(layer: \"b\", key: Optional(\"long\"), finished: true)",
        ])
    }

    // MARK: Implicit animations and transactions

    @Test func settingAViewBackedLayerIsImmediate_TX5() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: card, frame: [0, 0, 50, 50]}]
            timeline:
              - {at: 0.5, do: [{set: {target: card.layer, opacity: 0, cornerRadius: 8}}, {set: {target: card, alpha: 0.5}}]}
            """)

        let justAfter = try shown("card.layer", in: run, at: 0.5)

        #expect(justAfter.opacity == 0.5, "the view's alpha, set last, is its layer's opacity")
        #expect(justAfter.cornerRadius == 8)
        #expect(run.layer("card.layer")?.animationKeys() == nil)
    }

    @Test func aTransactionDoesNotMakeAViewBackedLayerAnimate_TX5() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: card, frame: [0, 0, 50, 50]}]
            timeline:
              - {at: 0, do: [{transaction: {duration: 1, do: [{set: {target: card.layer, opacity: 0}}]}}]}
            """)

        let justAfter = try shown("card.layer", in: run, at: 0)

        #expect(justAfter.opacity == 0)
        #expect(try run.scene.duration() == 0)
    }

    @Test func settingAStandaloneLayerAnimatesOverAQuarterSecondWithTheDefaultCurve_TX1() throws {
        let run = try run(scene("dot", timeline: """
              - {at: 0, do: [{set: {target: dot, opacity: 0}}]}
            """))

        let start = try shown("dot", in: run, at: 0)
        let half = try shown("dot", in: run, at: 0.125)
        let end = try shown("dot", in: run, at: 0.25)

        #expect(start.opacity == 1)
        #expect(isClose(Double(half.opacity), 1 - defaultCurveAtHalf, 1e-5))
        #expect(end.opacity == 0)
        #expect(run.layer("dot")?.opacity == 0, "the model changes at once")
        #expect(try run.scene.duration() == 0.25)
    }

    @Test func transactionDurationAndTimingFunctionShapeTheImplicitAnimation_TX2() throws {
        let run = try run(scene("dot", timeline: """
              - at: 0
                do:
                  - transaction: {duration: 1, timingFunction: linear, do: [{set: {target: dot, opacity: 0}}]}
            """))

        let quarter = try shown("dot", in: run, at: 0.25)
        let half = try shown("dot", in: run, at: 0.5)

        #expect(isClose(Double(quarter.opacity), 0.75))
        #expect(isClose(Double(half.opacity), 0.5))
        #expect(try run.scene.duration() == 1)
    }

    @Test func completionRunsWhenTheTransactionsAnimationsEndAndAnimatesAnew_TX3() throws {
        // S001: a 1 s colour change, then in the completion a 45° turn — which takes 0.25 s.
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 200]}
            layers: [{id: colorLayer, frame: [50, 50, 100, 100], backgroundColor: blue}]
            timeline:
              - at: 0
                do:
                  - transaction:
                      name: color
                      duration: 1
                      timingFunction: linear
                      do: [{set: {target: colorLayer, backgroundColor: red}}]
                      completion:
                        - {set: {target: colorLayer, transform: [{rotate: 45deg}]}}
                        - {log: turning}
            """)

        let half = try shown("colorLayer", in: run, at: 0.5)
        let completionTurn = try shown("colorLayer", in: run, at: 1)
        let eventsAtOne = log(run)
        let turning = try shown("colorLayer", in: run, at: 1.125)
        let turned = try shown("colorLayer", in: run, at: 1.25)

        #expect(half.backgroundColor == CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(completionTurn.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(isClose(rotation(of: completionTurn.transform), 0))
        #expect(eventsAtOne == ["1.0 transactionCompletion(name: Optional(\"color\"))", "1.0 log(message: \"turning\")"])
        #expect(isClose(rotation(of: turning.transform), .pi / 4 * defaultCurveAtHalf, 1e-5))
        #expect(isClose(rotation(of: turned.transform), .pi / 4))
        #expect(try run.scene.duration() == 1.25, "the scene lasts until the completion's animation ends")
    }

    @Test func completionOfATransactionWithoutAnimationsRunsAtOnce_TX3() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: card, frame: [0, 0, 10, 10]}]
            timeline:
              - at: 0.5
                do: [{transaction: {name: quiet, do: [{set: {target: card, alpha: 0}}], completion: [{log: done}]}}]
            """)

        run.advance(to: 1)

        #expect(log(run) == ["0.5 transactionCompletion(name: Optional(\"quiet\"))", "0.5 log(message: \"done\")"])
    }

    @Test func completionWaitsForTheLongestAnimationAddedInTheTransaction_TX3() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - transaction:
                      name: both
                      do:
                        - {set: {target: box, opacity: 0}}
                        - {addAnimation: {layer: box, key: spin, animation: {class: CABasicAnimation, keyPath: transform.rotation.z, toValue: 1turn, duration: 2}}}
                      completion: [{log: done}]
            """))

        run.advance(to: 3)

        #expect(log(run).suffix(2) == ["2.0 transactionCompletion(name: Optional(\"both\"))", "2.0 log(message: \"done\")"])
    }

    @Test func completionRunsWhenItsAnimationIsRemovedEarly_TX3_CA7() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - transaction:
                      name: cut
                      do: [{addAnimation: {layer: box, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 2}}}]
                      completion: [{log: done}]
              - {at: 0.5, do: [{removeAnimation: {layer: box, key: fade}}]}
            """))

        run.advance(to: 3)

        #expect(log(run) == [
            "0.0 animationDidStart(layer: \"box\", key: Optional(\"fade\"))",
            "0.5 animationDidStop(layer: \"box\", key: Optional(\"fade\"), finished: false)",
            "0.5 transactionCompletion(name: Optional(\"cut\"))",
            "0.5 log(message: \"done\")",
        ])
    }

    @Test func nestedTransactionInheritsTheOuterDuration_TX2() throws {
        let run = try run(scene("dot", timeline: """
              - at: 0
                do:
                  - transaction:
                      duration: 1
                      timingFunction: linear
                      do: [{transaction: {do: [{set: {target: dot, opacity: 0}}]}}]
            """))

        let half = try shown("dot", in: run, at: 0.5)

        #expect(isClose(Double(half.opacity), 0.5))
    }

    @Test func changeDuringAnImplicitAnimationStartsFromWhatIsShown_TX1() throws {
        let run = try run(scene("dot", timeline: """
              - {at: 0, do: [{set: {target: dot, opacity: 0}}]}
              - {at: 0.125, do: [{set: {target: dot, opacity: 1}}]}
            """))

        let midway = try shown("dot", in: run, at: 0.25)

        let shownAtChange = 1 - defaultCurveAtHalf
        #expect(isClose(Double(midway.opacity), shownAtChange + (1 - shownAtChange) * defaultCurveAtHalf, 1e-5))
        #expect(try run.scene.duration() == 0.375)
    }

    @Test func settingAStandaloneFrameAnimatesPositionAndBounds_TX1() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 200]}
            layers: [{id: dot, frame: [0, 0, 10, 10]}]
            timeline:
              - {at: 0, do: [{transaction: {duration: 1, timingFunction: linear, do: [{set: {target: dot, frame: [100, 100, 30, 30]}}]}}]}
            """)

        let half = try shown("dot", in: run, at: 0.5)

        #expect(half.position == CGPoint(x: 60, y: 60))
        #expect(half.bounds.size == CGSize(width: 20, height: 20))
    }

    @Test func disableActionsMakesAStandaloneSetImmediate_TX2() throws {
        let run = try run(scene("dot", timeline: """
              - at: 0.5
                do: [{transaction: {disableActions: true, do: [{set: {target: dot, opacity: 0, position: [50, 50]}}]}}]
            """))

        let justAfter = try shown("dot", in: run, at: 0.5)

        #expect(justAfter.opacity == 0)
        #expect(justAfter.position == CGPoint(x: 50, y: 50))
        #expect(run.layer("dot")?.animationKeys() == nil)
        #expect(try run.scene.duration() == 0.5)
    }

    @Test func disableActionsLeavesExplicitAnimationsRunning_TX2() throws {
        let run = try run(scene("dot", timeline: """
              - at: 0
                do:
                  - transaction:
                      disableActions: true
                      do: [{addAnimation: {layer: dot, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 1}}}]
            """))

        let half = try shown("dot", in: run, at: 0.5)

        #expect(isClose(Double(half.opacity), 0.5))
    }

    @Test func aLayerAddedAndChangedInOneTurnDoesNotAnimateButLaterChangesDo_TX6() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: host, frame: [0, 0, 100, 100]}]
            timeline:
              - at: 0.5
                do:
                  - addSublayer: {to: host, layer: {id: fresh, frame: [0, 0, 10, 10]}}
                  - set: {target: fresh, opacity: 0}
              - {at: 1, do: [{set: {target: fresh, opacity: 1}}]}
            """)

        let added = try shown("fresh", in: run, at: 0.5)
        let changedLater = try shown("fresh", in: run, at: 1.125)

        #expect(added.opacity == 0, "never rendered, so no implicit animation")
        #expect(isClose(Double(changedLater.opacity), defaultCurveAtHalf, 1e-5))
        #expect(run.layer("fresh")?.superlayer === run.layer("host"))
    }

    @Test func removedLayerIsAbsentFromTheProbe() throws {
        let run = try run(scene("a", "b", timeline: """
              - {at: 0.5, do: [{removeFromSuperlayer: a}]}
            """))

        let probe = try run.probe(at: [0.5, 0.25])

        #expect(probe.number(at: "frames", 0, "t") == 0.5, "frames in the order asked")
        #expect(probe.keys(at: "frames", 0, "layers") == ["b"])
        #expect(probe.keys(at: "frames", 1, "layers") == ["a", "b"])
    }

    @Test func layerAddedLaterIsAbsentFromTheProbeUntilItIsAdded() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: host, frame: [0, 0, 100, 100]}]
            timeline:
              - {at: 0.5, do: [{addSublayer: {to: host, layer: {id: fresh, frame: [0, 0, 10, 10]}}}]}
            """)

        let probe = try run.probe(at: [0.25, 0.5], target: "fresh")

        #expect(probe.keys(at: "frames", 0, "layers") == [])
        #expect(probe.keys(at: "frames", 1, "layers") == ["fresh"])
    }

    // MARK: Scene length and the log

    @Test func durationDefaultsToTheEndOfTheLastAnimation() throws {
        let scene = try load(scene("box", timeline: """
              - {at: 0.5, do: [{log: early}]}
              - {at: 1, do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 2}}}]}
              - {at: 2, do: [{log: late}]}
            """))

        #expect(try scene.duration() == 3)
        #expect(try scene.frameCount(duration: scene.duration()) == 181)
    }

    @Test func durationOfAnAnimationThatNeverEndsIsCappedAt600Seconds() throws {
        let scene = try load(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1, repeatCount: infinity}}}]}
            """))

        #expect(try scene.duration() == 600)
    }

    /// Every spelling of infinity repeats for ever, the YAML ones (`.inf`, `+.inf`, `.Inf`),
    /// the words the schema lists, quoted as a JSON scene has them, and a number past a
    /// Double's range too (T2).
    @Test(arguments: ["infinity", "Inf", ".inf", "+.inf", ".Inf", "1e999", "\"infinity\"", "\"inf\"", "\".inf\""])
    func repeatCountOfInfinityInAnySpellingRepeatsForEver(spelling: String) throws {
        let scene = try load(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1, repeatCount: \(spelling)}}}]}
            """))

        #expect(try scene.duration() == 600)
    }

    @Test func durationOfAnAnimationEndingAfter600SecondsIsCappedNotCut() throws {
        let scene = try load(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 700}}}]}
            """))

        #expect(try scene.duration() == 600)
    }

    @Test func aPausedAnimationDoesNotMakeTheSceneEndless_T2() throws {
        let scene = try load(scene("box", timeline: """
              - {at: 0, do: [{addAnimation: {layer: box, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1, speed: 0, timeOffset: 0.5}}}]}
              - {at: 2, do: [{log: done}]}
            """))

        #expect(try scene.duration() == 2)
    }

    @Test func logWritesItsMessageAtTheEntrysTimeInFileOrder() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            timeline:
              - {at: 1, do: [{log: second}]}
              - {at: 0.5, do: [{log: first}, {log: "and \\"quoted\\""}]}
              - {at: 1, do: [{log: third}]}
            """)

        run.advance(to: 0.75)
        let early = log(run)
        run.advance(to: 1)

        #expect(early == ["0.5 log(message: \"first\")", "0.5 log(message: \"and \\\"quoted\\\"\")"])
        #expect(log(run).dropFirst(2) == ["1.0 log(message: \"second\")", "1.0 log(message: \"third\")"])
        #expect(run.events.last?.json.description == #"{"t":1.0,"event":"log","message":"third"}"#)
    }

    @Test func eventJSONFollowsTheDocumentedShape() throws {
        let run = try run(scene("box", timeline: """
              - at: 0.5
                do:
                  - transaction:
                      name: fade
                      do: [{addAnimation: {layer: box, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 0.5}}}]
                      completion: []
            """))

        run.advance(to: 1)

        #expect(run.events.map(\.json.description) == [
            #"{"t":0.5,"event":"animationDidStart","layer":"box","key":"fade"}"#,
            #"{"t":1.0,"event":"animationDidStop","layer":"box","key":"fade","finished":true}"#,
            #"{"t":1.0,"event":"transactionCompletion","name":"fade"}"#,
        ])
    }

    // MARK: Errors

    @Test(arguments: animationErrors)
    func aBadAnimationVerbIsRejectedAtItsToken(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }
}

/// A scene of 10×10 layers at (0, 0) on a 100×100 canvas, and `timeline`, whose first line
/// is line 5 of the file.
private func scene(_ ids: String..., timeline: String) -> String {
    """
    flipbook: 1
    canvas: {size: [100, 100]}
    layers: [\(ids.map { "{id: \($0), frame: [0, 0, 10, 10]}" }.joined(separator: ", "))]
    timeline:
    \(timeline)
    """
}

/// A scene whose line 6 adds `animation` (a flow map) to the layer `box` at 0 s, wrong at the
/// first `token` in it.
private func badAnimation(_ name: String, _ behaviours: String..., animation: String, at token: String,
                          _ message: SceneErrorCase.Message) -> SceneErrorCase {
    let line = "    do: [{addAnimation: {layer: box, animation: \(animation)}}]"
    return SceneErrorCase(name, behaviours: behaviours, yaml: scene("box", timeline: "  - at: 0\n" + line), line: 6,
                          column: SceneErrorCase.column(of: token, in: line), message: message)
}

private let animationErrors = [
    badAnimation("unknownKeyPathSuggestsTheNearest", "CA1",
                 animation: "{class: CABasicAnimation, keyPath: positon.x, toValue: 5}", at: "positon.x",
                 .exactly("'positon.x' is not an animatable key path of CALayer (did you mean 'position.x'?)")),
    badAnimation("valueOfTheWrongTypeForTheKeyPathSaysWhatWasExpected",
                 animation: "{class: CABasicAnimation, keyPath: opacity, toValue: red}", at: "red",
                 .exactly("'toValue' must be a number, got the string \"red\"")),
    SceneErrorCase("keyTimesMustMatchTheValues", "CA4", yaml: scene("box", timeline: """
          - at: 0
            do:
              - addAnimation:
                  layer: box
                  animation:
                    class: CAKeyframeAnimation
                    keyPath: opacity
                    values: [0, 1, 0]
                    keyTimes: [0, 1]
        """), line: 13, column: 23, message: .startingWith("keyTimes has 2 entries for 3 values")),
    badAnimation("aKeyTimeOutside0To1IsRefusedAtItsEntry", "CA4",
                 animation: "{class: CAKeyframeAnimation, keyPath: opacity, values: [0, 1, 0], keyTimes: [0, 1.5, 1]}", at: "1.5",
                 .exactly("keyTimes entry 2 is 1.5, not between 0 and 1")),
    badAnimation("aKeyTimeBelowTheOneBeforeIsRefusedAtItsEntry", "CA4",
                 animation: "{class: CAKeyframeAnimation, keyPath: opacity, values: [0, 1, 0], keyTimes: [0, 0.7, 0.3]}", at: "0.3",
                 .exactly("keyTimes entry 3 is 0.3, below entry 2 (0.7): each key time must be at least the one before")),
    badAnimation("unknownAnimationClassSuggestsTheNearest",
                 animation: "{class: CABasicAnimaton, keyPath: opacity}", at: "CABasicAnimaton",
                 .exactly("unknown animation class 'CABasicAnimaton' (did you mean 'CABasicAnimation'?)")),
    badAnimation("unknownKeyInAnAnimationSuggestsTheNearest",
                 animation: "{class: CABasicAnimation, keyPath: opacity, toValue: 0, duraton: 1}", at: "duraton",
                 .exactly("unknown key 'duraton' in 'animation' (did you mean 'duration'?)")),
    badAnimation("keyOfAnotherAnimationClassIsRejected",
                 animation: "{class: CABasicAnimation, keyPath: opacity, values: [0, 1]}", at: "values",
                 .startingWith("unknown key 'values' in 'animation'")),
    badAnimation("fillModeMustBeOneOfTheFourModes", "T2",
                 animation: "{class: CABasicAnimation, keyPath: opacity, toValue: 0, fillMode: forward}", at: "forward}",
                 .exactly("'fillMode' must be one of removed, forwards, backwards, both, got 'forward' (did you mean 'forwards'?)")),
    SceneErrorCase("removeAnimationOnAnUnknownLayerNamesTheKnownOne", yaml: scene("box", timeline: """
          - at: 1
            do: [{removeAnimation: {layer: bxo, key: fade}}]
        """), line: 6, column: 36, message: .exactly("unknown layer 'bxo' (did you mean 'box'?)")),
]

/// Reading values out of a probe's JSON.
extension JSONValue {
    /// The value at a path of object keys (String) and array indices (Int).
    func value(at path: [Any]) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            switch (current, step) {
            case (.object(let entries)?, let key as String): current = entries.first { $0.0 == key }?.1
            case (.array(let items)?, let index as Int): current = items.indices.contains(index) ? items[index] : nil
            default: return nil
            }
        }
        return current
    }

    func number(at path: Any...) -> Double? {
        if case .number(let value)? = value(at: path) { return value }
        return nil
    }

    func keys(at path: Any...) -> [String]? {
        if case .object(let entries)? = value(at: path) { return entries.map(\.0) }
        return nil
    }
}
