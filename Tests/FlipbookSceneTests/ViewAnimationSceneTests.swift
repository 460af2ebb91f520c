import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// A scene of 50×50 views, the first at (0, 0) and the second (if any) at (0, 60), on a
/// 300×200 canvas, and `timeline`, whose first line is line 5 of the file.
private func scene(_ ids: String..., timeline: String) -> String {
    let frames = ["[0, 0, 50, 50]", "[0, 60, 50, 50]"]
    precondition(ids.count <= frames.count, "scene(_:timeline:) places two views at most")
    return """
        flipbook: 1
        canvas: {size: [300, 200]}
        views: [\(zip(ids, frames).map { "{id: \($0), frame: \($1)}" }.joined(separator: ", "))]
        timeline:
        \(timeline)
        """
}

/// The UIView animation verbs of a scene (`animate`, `animateKeyframes`,
/// `performWithoutAnimation`, `setAnimationsEnabled`, `performSystemAnimation`,
/// `beginAnimations`) and `UILabel` views, run through the public API: values read from
/// `presentation()` and `probe`, events from `SceneRun.events` (docs/scene-format.md "Timeline").
@MainActor
@Suite struct ViewAnimationSceneTests: SceneTesting {
    // MARK: animate

    @Test func animateChangesTheModelAtOnceAndShowsTheOldValueUntilTheDelayPasses_V2() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do: [{animate: {duration: 1, delay: 0.5, options: [curveLinear], do: [{set: {target: box, alpha: 0}}]}}]
            """))

        let beforeTheDelay = try shown("box", in: run, at: 0.25)
        let model = try #require(run.view("box")).alpha
        let halfWay = try shown("box", in: run, at: 1)

        #expect(beforeTheDelay.opacity == 1)
        #expect(model == 0)
        #expect(isClose(Double(halfWay.opacity), 0.5))
    }

    @Test func secondCenterAnimationAddsToTheFirstAndBothFinish_V3() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 200]}
            views: [{id: box, frame: [25, 25, 50, 50]}]
            timeline:
              - at: 0
                do: [{animate: {name: right, duration: 2, options: [curveLinear], do: [{set: {target: box, center: [150, 50]}}]}}]
              - at: 1
                do: [{animate: {name: down, duration: 2, options: [curveLinear], do: [{set: {target: box, center: [150, 150]}}]}}]
            """)

        let positions = try [0.5, 1.5, 2.5, 3].map { try shown("box", in: run, at: $0).position }

        // Model (150, 150); the first adds (−100, 0) → 0 over 0…2 s, the second (0, −100) → 0 over 1…3 s.
        #expect(positions == [CGPoint(x: 75, y: 50), CGPoint(x: 125, y: 75), CGPoint(x: 150, y: 125),
                              CGPoint(x: 150, y: 150)])
        #expect(events(run, until: 3) == [
            #"{"t":2.0,"event":"completion","name":"right","finished":true}"#,
            #"{"t":3.0,"event":"completion","name":"down","finished":true}"#,
        ])
    }

    @Test func newAlphaAnimationEndsTheOneInFlightUnfinished_V3() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do: [{animate: {name: first, duration: 2, options: [curveLinear], do: [{set: {target: box, alpha: 0}}]}}]
              - at: 1
                do: [{animate: {name: second, duration: 1, options: [curveLinear, beginFromCurrentState],
                                do: [{set: {target: box, alpha: 1}}]}}]
            """))

        let log = events(run, until: 2)

        #expect(log == [
            #"{"t":1.0,"event":"completion","name":"first","finished":false}"#,
            #"{"t":2.0,"event":"completion","name":"second","finished":true}"#,
        ])
    }

    @Test func alphaStartsFromTheAssignedValueOrWithBeginFromCurrentStateFromTheScreen_V4() throws {
        // Each view is set to 0.1 just before its block. `flight…` views have a 2 s fade to 0
        // in flight, at 0.5 on screen, when their block starts at 1 s.
        let run = try run("""
            flipbook: 1
            canvas: {size: [200, 200]}
            views:
              - {id: plain, frame: [0, 0, 50, 50]}
              - {id: current, frame: [60, 0, 50, 50]}
              - {id: flightPlain, frame: [0, 60, 50, 50]}
              - {id: flightCurrent, frame: [60, 60, 50, 50]}
            timeline:
              - at: 0
                do:
                  - set: {target: plain, alpha: 0.1}
                  - animate: {duration: 1, options: [curveLinear], do: [{set: {target: plain, alpha: 0.5}}]}
                  - set: {target: current, alpha: 0.1}
                  - animate: {duration: 1, options: [curveLinear, beginFromCurrentState],
                              do: [{set: {target: current, alpha: 0.5}}]}
                  - animate: {duration: 2, options: [curveLinear],
                              do: [{set: {target: flightPlain, alpha: 0}}, {set: {target: flightCurrent, alpha: 0}}]}
              - at: 1
                do:
                  - set: {target: flightPlain, alpha: 0.1}
                  - animate: {duration: 1, options: [curveLinear], do: [{set: {target: flightPlain, alpha: 0.9}}]}
                  - set: {target: flightCurrent, alpha: 0.1}
                  - animate: {duration: 1, options: [curveLinear, beginFromCurrentState],
                              do: [{set: {target: flightCurrent, alpha: 0.9}}]}
            """)

        let plain = try shown("plain", in: run, at: 0.5).opacity
        let current = try shown("current", in: run, at: 0.5).opacity
        let flightPlain = try shown("flightPlain", in: run, at: 1.5).opacity
        let flightCurrent = try shown("flightCurrent", in: run, at: 1.5).opacity

        #expect(isClose(Double(plain), 0.3), "0.1 → 0.5, half-way")
        #expect(isClose(Double(current), 0.75), "1 (on screen) → 0.5, half-way")
        #expect(isClose(Double(flightPlain), 0.5), "0.1 → 0.9, half-way")
        #expect(isClose(Double(flightCurrent), 0.7), "0.5 (in flight) → 0.9, half-way")
    }

    @Test func blockThatChangesNothingCompletesAtOnce_V5() throws {
        let run = try run(scene("box", timeline: """
              - at: 0.5
                do:
                  - animate: {name: same, duration: 1, do: [{set: {target: box, alpha: 1, center: [25, 25]}}]}
                  - animate: {name: backAndForth, duration: 1, do: [{set: {target: box, alpha: 0}}, {set: {target: box, alpha: 1}}]}
            """))

        let log = events(run, until: 2)

        #expect(log == [
            #"{"t":0.5,"event":"completion","name":"same","finished":true}"#,
            #"{"t":0.5,"event":"completion","name":"backAndForth","finished":true}"#,
        ])
        #expect(try run.scene.duration() == 0.5)
    }

    @Test func nestedBlockInheritsTheDurationAndItsDelayShiftsItsEnd_V6() throws {
        let run = try run(scene("a", "b", timeline: """
              - at: 0
                do:
                  - animate:
                      name: outer
                      duration: 6
                      options: [curveLinear]
                      do:
                        - set: {target: a, alpha: 0}
                        - animate: {name: inner, duration: 0.5, delay: 1, do: [{set: {target: b, center: [125, 85]}}]}
            """))

        let beforeItsDelay = try shown("b", in: run, at: 1).position.x
        let halfWay = try shown("b", in: run, at: 4).position.x

        #expect(beforeItsDelay == 25)
        #expect(isClose(halfWay, 75), "6 s, linear like the outer block, from 1 s")
        #expect(events(run, until: 7) == [
            #"{"t":6.0,"event":"completion","name":"outer","finished":true}"#,
            #"{"t":7.0,"event":"completion","name":"inner","finished":true}"#,
        ])
    }

    @Test func nestedBlockInheritsTheCurveUnlessItOverridesIt_V7() throws {
        let run = try run(scene("inherits", "overrides", timeline: """
              - at: 0
                do:
                  - animate:
                      duration: 1
                      options: [curveLinear]
                      do:
                        - animate: {duration: 1, options: [curveEaseIn], do: [{set: {target: inherits, alpha: 0}}]}
                        - animate: {duration: 1, options: [overrideInheritedCurve, curveEaseIn],
                                    do: [{set: {target: overrides, alpha: 0}}]}
            """))

        let inherits = try shown("inherits", in: run, at: 0.5).opacity
        let overrides = try shown("overrides", in: run, at: 0.5).opacity

        #expect(isClose(Double(inherits), 0.5))
        #expect(isClose(Double(overrides), 1 - 0.315357, 1e-5), "easeIn at 0.5 (FACTS §1)")
    }

    @Test func springBlockFollowsUIKitsSpringForItsDuration_V8() throws {
        // FACTS §2: d = 1, ζ = 0.5 → x(0.1) = 0.48782, x(0.25) = 1.14422, x(0.5) = 0.98715.
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 100]}
            views: [{id: box, frame: [25, 0, 50, 50]}]
            timeline:
              - at: 0
                do: [{animate: {name: bounce, duration: 1, spring: {damping: 0.5}, do: [{set: {target: box, center: [150, 25]}}]}}]
            """)

        let xs = try [0.1, 0.25, 0.5].map { try shown("box", in: run, at: $0).position.x }

        #expect(isClose(xs[0], 50 + 100 * 0.48782, 1e-3))
        #expect(isClose(xs[1], 50 + 100 * 1.14422, 1e-3))
        #expect(isClose(xs[2], 50 + 100 * 0.98715, 1e-3))
        #expect(events(run, until: 1) == [#"{"t":1.0,"event":"completion","name":"bounce","finished":true}"#])
    }

    @Test func repeatCountOfTwoAndAHalfWithAutoreverseEndsOnTheTarget_V10() throws {
        let run = try run(scene("half", "whole", timeline: """
              - at: 0
                do:
                  - animate: {name: half, duration: 1, options: [repeat, autoreverse, curveLinear], repeatCount: 2.5,
                              do: [{set: {target: half, alpha: 0}}]}
                  - animate: {name: whole, duration: 1, options: [repeat, autoreverse, curveLinear], repeatCount: 2,
                              do: [{set: {target: whole, alpha: 0}}]}
            """))

        let early = try [1.5, 3.75].map { try Double(shown("half", in: run, at: $0).opacity) }
        let wholeBeforeItsEnd = try Double(shown("whole", in: run, at: 3.999).opacity)
        let wholeAtItsEnd = try Double(shown("whole", in: run, at: 4).opacity)
        let halfNearItsEnd = try Double(shown("half", in: run, at: 4.999).opacity)

        #expect(isClose(early[0], 0.5) && isClose(early[1], 0.75), "back and forth: 1 → 0 → 1 every 2 s")
        #expect(isClose(wholeBeforeItsEnd, 0.999, 1e-5), "a whole count ends back at the start…")
        #expect(wholeAtItsEnd == 0, "…then jumps to the target")
        #expect(isClose(halfNearItsEnd, 0.001, 1e-5), "n + 0.5 ends on the target")
        #expect(events(run, until: 5) == [
            #"{"t":4.0,"event":"completion","name":"whole","finished":true}"#,
            #"{"t":5.0,"event":"completion","name":"half","finished":true}"#,
        ])
    }

    @Test func preferredFramesPerSecond30HoldsEachValueForTwoFrames_V12() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do: [{animate: {duration: 1, options: [curveLinear, preferredFramesPerSecond30], do: [{set: {target: box, alpha: 0}}]}}]
            """))

        let values = try [30.0, 31, 32].map { try Double(shown("box", in: run, at: $0 / 60).opacity) }

        #expect(isClose(values[0], 0.5, 1e-6) && isClose(values[1], 0.5, 1e-6))
        #expect(isClose(values[2], 1 - 32.0 / 60, 1e-6))
    }

    @Test func completionStartsTheNextAnimationAtTheExactTimeTheFirstEnds_V17() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do:
                  - animate:
                      name: there
                      duration: 1
                      options: [curveLinear]
                      do: [{set: {target: box, center: [125, 25]}}]
                      completion:
                        - log: arrived
                        - animate: {name: back, duration: 1, options: [curveLinear], do: [{set: {target: box, center: [25, 25]}}]}
            """))

        let justAfter = try shown("box", in: run, at: 1.25).position.x

        #expect(isClose(justAfter, 100), "a quarter of the way back at 1.25 s")
        #expect(events(run, until: 2) == [
            #"{"t":1.0,"event":"completion","name":"there","finished":true}"#,
            #"{"t":1.0,"event":"log","message":"arrived"}"#,
            #"{"t":2.0,"event":"completion","name":"back","finished":true}"#,
        ])
    }

    @Test func completionOfABlockWithoutANameHasANullName() throws {
        let run = try run(scene("box", timeline: """
              - {at: 0, do: [{animate: {duration: 0.5, do: [{set: {target: box, alpha: 0}}]}}]}
            """))

        #expect(events(run, until: 1) == [#"{"t":0.5,"event":"completion","name":null,"finished":true}"#])
    }

    // MARK: animateKeyframes

    @Test func keyframeChangesRunOverTheirWindowAndOtherChangesOverTheWhole_K1() throws {
        // S000: alpha (outside every keyframe) over 5 s; frame (keyframe 0…0.5) over 2.5 s.
        let run = try run("""
            flipbook: 1
            canvas: {size: [400, 300]}
            views: [{id: card, frame: [0, 0, 100, 50]}]
            timeline:
              - at: 0
                do:
                  - animateKeyframes:
                      name: card
                      duration: 5
                      do: [{set: {target: card, alpha: 0}}]
                      keyframes:
                        - {start: 0, duration: 0.5, do: [{set: {target: card, frame: [100, 100, 200, 100]}}]}
            """)

        let quarter = try shown("card", in: run, at: 1.25)
        let half = try shown("card", in: run, at: 2.5)
        let threeQuarters = try shown("card", in: run, at: 3.75)

        #expect(isClose(Double(quarter.opacity), 0.75))
        #expect(quarter.frame == CGRect(x: 50, y: 50, width: 150, height: 75))
        #expect(isClose(Double(half.opacity), 0.5))
        #expect(half.frame == CGRect(x: 100, y: 100, width: 200, height: 100))
        #expect(isClose(Double(threeQuarters.opacity), 0.25))
        #expect(events(run, until: 5) == [#"{"t":5.0,"event":"completion","name":"card","finished":true}"#])
    }

    @Test func keyframesHoldTheValueBeforeTheirStartAndACurveShapesTheWhole_K2() throws {
        let run = try run(scene("late", "curved", timeline: """
              - at: 0
                do:
                  - animateKeyframes:
                      duration: 2
                      keyframes: [{start: 0.5, duration: 0.5, do: [{set: {target: late, alpha: 0}}]}]
                  - animateKeyframes:
                      duration: 2
                      options: [curveEaseIn]
                      keyframes:
                        - {start: 0, duration: 0.5, do: [{set: {target: curved, alpha: 0.5}}]}
                        - {start: 0.5, duration: 0.5, do: [{set: {target: curved, alpha: 0}}]}
            """))

        let lateBefore = try shown("late", in: run, at: 0.9).opacity
        let curved = try shown("curved", in: run, at: 1).opacity
        let lateAfter = try shown("late", in: run, at: 1.5).opacity

        #expect(lateBefore == 1)
        #expect(isClose(Double(lateAfter), 0.5))
        // easeIn of the whole: progress 0.315357 at half time, 63 % of the first segment.
        #expect(isClose(Double(curved), 1 - 0.5 * 0.315357 / 0.5, 1e-5))
    }

    // MARK: performWithoutAnimation, setAnimationsEnabled

    @Test func changesInsidePerformWithoutAnimationApplyAtOnceAndCompletionsStillRun_V13() throws {
        let run = try run(scene("box", timeline: """
              - at: 0.5
                do:
                  - performWithoutAnimation:
                      - set: {target: box, center: [100, 25]}
                      - animate: {name: quiet, duration: 1, do: [{set: {target: box, alpha: 0.2}}]}
                  - animate: {name: after, duration: 1, options: [curveLinear], do: [{set: {target: box, alpha: 1}}]}
            """))

        let atOnce = try shown("box", in: run, at: 0.5)

        #expect(atOnce.position.x == 100)
        #expect(isClose(Double(atOnce.opacity), 0.2), "the nested animate applied at once")
        #expect(isClose(Double(try shown("box", in: run, at: 1).opacity), 0.6), "animations are back on after it")
        #expect(events(run, until: 1.5) == [
            #"{"t":0.5,"event":"completion","name":"quiet","finished":true}"#,
            #"{"t":1.5,"event":"completion","name":"after","finished":true}"#,
        ])
    }

    @Test func setAnimationsEnabledFalseSparesAnimationsAlreadyCommitted_V14() throws {
        let run = try run(scene("early", "late", timeline: """
              - at: 0
                do: [{animate: {name: early, duration: 1, delay: 1, options: [curveLinear], do: [{set: {target: early, center: [125, 25]}}]}}]
              - at: 0.5
                do:
                  - setAnimationsEnabled: false
                  - animate: {name: late, duration: 1, do: [{set: {target: late, alpha: 0}}]}
            """))

        let late = try shown("late", in: run, at: 0.5).opacity
        let early = try shown("early", in: run, at: 1.5).position.x

        #expect(late == 0)
        #expect(isClose(early, 75), "the delayed animation still runs")
        #expect(events(run, until: 2) == [
            #"{"t":0.5,"event":"completion","name":"late","finished":true}"#,
            #"{"t":2.0,"event":"completion","name":"early","finished":true}"#,
        ])
    }

    // MARK: performSystemAnimation

    @Test func deleteGrowsShrinksAndFadesTheViewsThenRemovesThem_V15() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 200]}
            views:
              - {id: a, frame: [0, 0, 50, 50]}
              - {id: b, frame: [60, 0, 50, 50]}
              - {id: other, frame: [0, 60, 50, 50]}
            timeline:
              - at: 1
                do:
                  - performSystemAnimation:
                      name: gone
                      animation: delete
                      on: [a, b]
                      do: [{set: {target: other, alpha: 0}}]
                      completion: [{log: deleted}]
            """)

        let grown = try shown("a", in: run, at: 1.15)
        let shrinking = try shown("b", in: run, at: 1.325)
        let probe = try run.probe(at: [1.499, 1.5])

        #expect(isClose(grown.transform.m11, 1.1) && grown.opacity == 1, "110 % over the first 30 % (0.15 s)")
        #expect(isClose(shrinking.transform.m11, (1.1 + 0.25) / 2) && isClose(Double(shrinking.opacity), 0.5))
        #expect(probe.keys(at: "frames", 0, "layers") == ["a.layer", "b.layer", "other.layer"])
        #expect(probe.keys(at: "frames", 1, "layers") == ["other.layer"], "removed from their superview")
        #expect(probe.number(at: "frames", 1, "layers", "other.layer", "opacity") == 0, "the block animated other views")
        #expect(run.events.map(\.json.description) == [
            #"{"t":1.5,"event":"completion","name":"gone","finished":true}"#,
            #"{"t":1.5,"event":"log","message":"deleted"}"#,
        ])
    }

    // MARK: beginAnimations

    @Test func legacyBlockAnimatesWithItsSettingsAndReportsDidStop_V16() throws {
        let run = try run(scene("a", "b", timeline: """
              - at: 0
                do:
                  - beginAnimations:
                      name: slide
                      duration: 1
                      delay: 0.5
                      curve: linear
                      do: [{set: {target: a, center: [125, 25]}}]
                      didStop: [{log: stopped}]
                  - beginAnimations: {do: [{set: {target: b, alpha: 0}}]}
            """))

        let defaultDurationHalfWay = try shown("b", in: run, at: 0.1).opacity
        let waiting = try shown("a", in: run, at: 0.5).position.x
        let halfWay = try shown("a", in: run, at: 1).position.x

        #expect(waiting == 25)
        #expect(isClose(Double(defaultDurationHalfWay), 0.5), "0.2 s by default, easeInOut: half at 0.1 s")
        #expect(isClose(halfWay, 75))
        #expect(events(run, until: 1.5) == [
            #"{"t":0.2,"event":"completion","name":null,"finished":true}"#,
            #"{"t":1.5,"event":"completion","name":"slide","finished":true}"#,
            #"{"t":1.5,"event":"log","message":"stopped"}"#,
        ])
    }

    @Test func legacyBlockRepeatsAutoreversesAndBeginsFromTheCurrentState_V16() throws {
        let run = try run(scene("a", "b", timeline: """
              - at: 0
                do:
                  - beginAnimations: {duration: 1, curve: linear, repeatCount: 1.5, repeatAutoreverses: true,
                                      do: [{set: {target: a, alpha: 0}}]}
                  - set: {target: b, alpha: 0.1}
                  - beginAnimations: {name: fromScreen, duration: 1, curve: linear, beginsFromCurrentState: true,
                                      do: [{set: {target: b, alpha: 0.5}}]}
            """))

        let forth = try shown("a", in: run, at: 0.5).opacity
        let fromScreen = try shown("b", in: run, at: 0.5).opacity
        let back = try shown("a", in: run, at: 1.75).opacity
        let again = try shown("a", in: run, at: 2.75).opacity

        #expect(isClose(Double(forth), 0.5))
        #expect(isClose(Double(fromScreen), 0.75), "from 1 on screen, not the 0.1 just assigned")
        #expect(isClose(Double(back), 0.75))
        #expect(isClose(Double(again), 0.25))
        #expect(events(run, until: 3).last == #"{"t":3.0,"event":"completion","name":null,"finished":true}"#)
    }

    @Test func legacyBlocksNest_V16() throws {
        let run = try run(scene("a", timeline: """
              - at: 0
                do:
                  - beginAnimations:
                      name: outer
                      duration: 2
                      curve: linear
                      do:
                        - set: {target: a, alpha: 0}
                        - beginAnimations: {name: inner, do: [{set: {target: a, center: [125, 25]}}]}
            """))

        let inner = try shown("a", in: run, at: 1).position.x

        #expect(isClose(inner, 75), "a nested block starts with the outer settings: 2 s, linear")
        #expect(events(run, until: 2) == [
            #"{"t":2.0,"event":"completion","name":"inner","finished":true}"#,
            #"{"t":2.0,"event":"completion","name":"outer","finished":true}"#,
        ])
    }

    @Test func legacyTransitionRunsOnTheNamedView_V16() throws {
        let run = try run(scene("a", timeline: """
              - at: 0
                do:
                  - beginAnimations: {name: curl, duration: 1, transition: {type: curlUp, view: a, cache: true},
                                      do: [{set: {target: a, backgroundColor: red}}]}
            """))

        run.advance(to: 0.5)
        let transition = run.view("a")?.layer.renderLayer()?.transition

        #expect(transition?.type == .pageCurl)
        #expect(events(run, until: 2) == [#"{"t":1.0,"event":"completion","name":"curl","finished":true}"#])
    }

    // MARK: Options

    @Test func transitionOptionsAreAcceptedByAnimateAndChangeNothing() throws {
        let run = try run(scene("box", timeline: """
              - at: 0
                do: [{animate: {duration: 1, options: [curveLinear, transitionFlipFromLeft, showHideTransitionViews],
                                do: [{set: {target: box, alpha: 0}}]}}]
            """))

        #expect(isClose(Double(try shown("box", in: run, at: 0.5).opacity), 0.5))
    }

    // MARK: UILabel

    @Test func labelViewsTakeTextColourAndLinesAndDoNotAnimateTheirSize_V11() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 200]}
            views:
              - {id: title, class: UILabel, frame: [0, 0, 100, 20], text: Hello, textColor: systemBlue, numberOfLines: 2}
            timeline:
              - at: 0
                do:
                  - set: {target: title, text: Goodbye}
                  - animate: {duration: 1, options: [curveLinear], do: [{set: {target: title, frame: [100, 0, 200, 40]}}]}
            """)

        let label = try #require(run.view("title") as? UILabel)
        let halfWay = try shown("title", in: run, at: 0.5)

        #expect(label.text == "Goodbye")
        #expect(label.textColor.cgColor == UIColor.systemBlue.cgColor, "a scene's colours are resolved when it loads")
        #expect(label.numberOfLines == 2)
        #expect(halfWay.bounds.size == CGSize(width: 200, height: 40), "its size changes at once")
        #expect(halfWay.position == CGPoint(x: 125, y: 15), "its position animates")
    }


    // MARK: Errors

    @Test(arguments: viewAnimationErrors)
    func aBadViewAnimationIsRejectedAtItsToken(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }
}

/// A scene with the view `box` whose line 7, its last, is the action `action`, at 0 s; the
/// error is at the first `token` in it.
private func badAction(_ name: String, _ behaviours: String..., action: String, at token: String? = nil,
                       _ message: SceneErrorCase.Message) -> SceneErrorCase {
    let line = "      - " + action
    return SceneErrorCase(name, behaviours: behaviours, yaml: scene("box", timeline: "  - at: 0\n    do:\n" + line), line: 7,
                          column: token.map { SceneErrorCase.column(of: $0, in: line) }, message: message)
}

private let viewAnimationErrors = [
    badAction("misspeltOptionSuggestsTheNearestAtItsLineAndColumn",
              action: "animate: {duration: 1, options: [curveEaseOut, autoRevese], do: [{set: {target: box, alpha: 0}}]}",
              at: "autoRevese",
              .exactly("unknown option 'autoRevese' of UIView.AnimationOptions (did you mean 'autoreverse'?)")),
    badAction("optionNamedWithoutItsPrefixSuggestsTheMember",
              action: "animate: {duration: 1, options: [linear], do: [{set: {target: box, alpha: 0}}]}",
              .exactly("unknown option 'linear' of UIView.AnimationOptions (did you mean 'curveLinear'?)")),
    badAction("keyframeOptionsAreRejectedByNameInAnimate",
              action: "animate: {duration: 1, options: [calculationModeCubic], do: [{set: {target: box, alpha: 0}}]}",
              .exactly("'calculationModeCubic' is an option of animateKeyframes (UIView.KeyframeAnimationOptions), "
                  + "not of UIView.AnimationOptions")),
    badAction("animationOptionsAreRejectedByNameInAnimateKeyframes",
              action: "animateKeyframes: {duration: 1, options: [allowAnimatedContent], do: [{set: {target: box, alpha: 0}}]}",
              .exactly("'allowAnimatedContent' is not an option of animateKeyframes (UIView.KeyframeAnimationOptions)")),
    badAction("twoCurvesCannotBeCombined",
              action: "animate: {duration: 1, options: [curveEaseIn, repeat, curveLinear], do: [{set: {target: box, alpha: 0}}]}",
              at: "curveLinear",
              .exactly("'curveLinear' and 'curveEaseIn' cannot be combined: options hold one curve option")),
    badAction("curveEaseInOutIsRejectedForKeyframesBecauseItsBitsAreZero", "K2",
              action: "animateKeyframes: {duration: 1, options: [curveEaseInOut], do: [{set: {target: box, alpha: 0}}]}",
              at: "curveEaseInOut",
              .startingWith("animateKeyframes cannot take 'curveEaseInOut': its curve bits are 0")),
    // Apple documents no lower bound for usingSpringWithDamping, but UIKit's rule for the
    // stiffness (FACTS §2) has no answer at 0: the error says why, and where to find an
    // undamped spring.
    badAction("aSpringBlocksDampingOf0SaysWhyItIsRefused", "V8",
              action: "animate: {duration: 1, spring: {damping: 0}, do: [{set: {target: box, alpha: 0}}]}", at: "0}",
              .exactly("'damping' must be greater than 0, got 0.0: a spring block's stiffness is the one that brings it "
                  + "within 0.001 of its target by the end of its duration, which a spring without damping never comes to; "
                  + "for a spring that keeps oscillating use a CASpringAnimation with damping 0")),
    badAction("keyframeWindowMustEndByOne", "K1",
              action: "animateKeyframes: {duration: 1, keyframes: [{start: 0.75, duration: 0.5, do: []}]}", at: "0.5",
              .exactly("a keyframe ends by 1 (the end of the animation); start + duration is 1.25")),
    SceneErrorCase("deleteBlockThatChangesADeletedViewIsARunTimeError", "V15", yaml: scene("a", "other", timeline: """
          - at: 1
            do:
              - log: before
              - performSystemAnimation:
                  animation: delete
                  on: [a]
                  do: [{set: {target: other, alpha: 0}}, {set: {target: a, alpha: 0.5}}]
        """), line: 8, column: 9, message: .exactly("at t = 1.0 s, performSystemAnimation on a: the animations block of "
            + "perform(.delete, on:) must not change the views it deletes")),
    SceneErrorCase("deleteOfAnUnknownViewNamesTheNearest", "V15", yaml: """
        flipbook: 1
        canvas: {size: [300, 200]}
        views: [{id: card, frame: [0, 0, 50, 50]}]
        timeline:
          - {at: 1, do: [{performSystemAnimation: {animation: delete, on: [crad]}}]}
        """, line: 5, message: .exactly("unknown view 'crad' (did you mean 'card'?)")),
    SceneErrorCase("labelKeysOnAPlainViewSayToAddTheClass", yaml: """
        flipbook: 1
        canvas: {size: [300, 200]}
        views: [{id: plain, frame: [0, 0, 100, 20], text: Hello}]
        """, line: 3, message: .exactly("'text' is a property of UILabel; this view is a UIView (add class: UILabel)")),
]
