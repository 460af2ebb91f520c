import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// A scene with the view `box` (frame [0, 0, 50, 50]: center (25, 25), alpha 1) and
/// `timeline`, whose first line is line 5 of the file.
private func scene(_ timeline: String, canvas: String = "{size: [200, 100]}") -> String {
    """
    flipbook: 1
    canvas: \(canvas)
    views: [{id: box, frame: [0, 0, 50, 50]}, {id: other, frame: [0, 50, 50, 50]}]
    timeline:
    \(timeline)
    """
}

/// The property animator verbs of a scene, `animator` and `animatorCall` (PA1–PA7, seed
/// note 003): values read from `presentation()`, events from `SceneRun.events`, and the
/// calls UIKit rejects as run-time errors at the action (docs/scene-format.md "Timeline", "Errors").
@MainActor
@Suite struct AnimatorSceneTests: SceneTesting {
    /// The opacity of `id` shown at each of `times`.
    private func alphas(_ id: String, in run: SceneRun, at times: [Double]) throws -> [Double] {
        try times.map { Double(try shown(id, in: run, at: $0).opacity) }
    }

    /// How far `box` has gone from x = 25 toward x = 125 at `t`, as a fraction.
    private func progress(of run: SceneRun, at t: Double) throws -> Double {
        (Double(try shown("box", in: run, at: t).position.x) - 25) / 100
    }

    /// A 1 s animator `a1` moving `box` 100 points right with `timing` (YAML keys), started at 0.
    private func moving(_ timing: String) throws -> SceneRun {
        try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, \(timing), start: true, do: [{set: {target: box, center: [125, 25]}}]}}]
            """))
    }

    // MARK: animator

    @Test func startTrueRunsTheAnimatorAndLogsItsStatesAndCompletion_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: linear, start: true,
                               do: [{set: {target: box, alpha: 0}}], completion: [{log: faded}]}
            """))

        let shown = try alphas("box", in: run, at: [0, 0.25, 1])

        #expect(shown.map { ($0 * 1000).rounded() / 1000 } == [1, 0.75, 0])
        #expect(events(run, until: 2) == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":1.0,"event":"animatorState","id":"a1","state":"inactive"}"#,
            #"{"t":1.0,"event":"completion","name":"a1","position":"end"}"#,
            #"{"t":1.0,"event":"log","message":"faded"}"#,
        ])
    }

    @Test func anAnimatorNotStartedStaysInactiveAndRunsItsBlockOnlyWhenStarted_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, do: [{set: {target: box, alpha: 0}}]}}]
              - at: 1
                do: [{animatorCall: {id: a1, call: startAnimation}}]
            """))

        run.advance(to: 0.5)
        let modelBeforeStart = try #require(run.view("box")).alpha
        let halfWay = try alphas("box", in: run, at: [1.5])

        #expect(modelBeforeStart == 1, "the animations block runs at startAnimation")
        #expect(isClose(halfWay[0], 0.5))
        #expect(events(run, until: 3).first == #"{"t":1.0,"event":"animatorState","id":"a1","state":"active"}"#)
    }

    @Test func startTrueWithADelayIsStartAnimationAfterDelay_PA7() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, delay: 0.5, start: true, do: [{set: {target: box, alpha: 0}}]}}]
            """))

        let shown = try alphas("box", in: run, at: [0.5, 1])

        #expect(shown[0] == 1 && isClose(shown[1], 0.5))
        #expect(events(run, until: 2) == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":1.5,"event":"animatorState","id":"a1","state":"inactive"}"#,
            #"{"t":1.5,"event":"completion","name":"a1","position":"end"}"#,
        ])
    }

    @Test func runningIsRunningPropertyAnimatorWithItsCurveAsOptionAndDelay_PA7() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: easeIn, delay: 0.5, running: true,
                               do: [{set: {target: box, center: [125, 25]}}], completion: [{log: done}]}
            """))

        let waiting = try progress(of: run, at: 0.5)
        let halfWay = try progress(of: run, at: 1)

        #expect(waiting == 0)
        #expect(isClose(halfWay, TimingFunction.easeIn.value(at: 0.5)))
        #expect(events(run, until: 2) == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":1.5,"event":"animatorState","id":"a1","state":"inactive"}"#,
            #"{"t":1.5,"event":"completion","name":"a1","position":"end"}"#,
            #"{"t":1.5,"event":"log","message":"done"}"#,
        ])
    }

    @Test func eachTimingIsItsInitialiser_PA7() throws {
        let easeInOut = try progress(of: try moving("curve: easeInOut"), at: 0.25)
        let points = try progress(of: try moving("controlPoints: [0.42, 0, 1, 1]"), at: 0.5)
        let ratio = try progress(of: try moving("dampingRatio: 0.5"), at: 0.25)
        let byDefault = try progress(of: try moving("scrubsLinearly: true"), at: 0.25)

        #expect(isClose(easeInOut, TimingFunction.easeInEaseOut.value(at: 0.25)))
        #expect(isClose(points, TimingFunction.easeIn.value(at: 0.5)))
        #expect(isClose(ratio, 1.14422, 1e-4), "FACTS §2: (d=1, ζ=0.5) x(0.25) = 1.14422")
        #expect(isClose(byDefault, easeInOut), "no timing key: easeInOut")
    }

    @Test func timingParametersAreCubicOrSpring_PA7() throws {
        let cubicCurve = try progress(of: try moving("timingParameters: {cubic: easeOut}"), at: 0.5)
        let cubicPoints = try progress(of: try moving("timingParameters: {cubic: [0.42, 0, 1, 1]}"), at: 0.5)
        let springRatio = try progress(of: try moving("timingParameters: {spring: {dampingRatio: 0.5}}"), at: 0.25)
        let critical = try progress(of: try moving("timingParameters: {spring: {}}"), at: 0.25)
        let perceptual = try progress(of: try moving("timingParameters: {spring: {duration: 0.5, bounce: 0.3}}"), at: 0.25)

        #expect(isClose(cubicCurve, TimingFunction.easeOut.value(at: 0.5)))
        #expect(isClose(cubicPoints, TimingFunction.easeIn.value(at: 0.5)))
        #expect(isClose(springRatio, 1.14422, 1e-4))
        #expect(isClose(critical, Spring(duration: 1, dampingRatio: 1).value(at: 0.25)))
        #expect(isClose(perceptual, Spring(perceptualDuration: 0.5, bounce: 0.3).value(at: 0.25)))
    }

    @Test func aMassStiffnessDampingSpringSetsTheDuration_PA7() throws {
        let run = try moving("timingParameters: {spring: {mass: 1, stiffness: 100, damping: 10, initialVelocity: [0, 0]}}")

        let log = events(run, until: 3)

        let settling = (Spring(mass: 1, stiffness: 100, damping: 10).settlingDuration * 1e9).rounded() / 1e9
        #expect(log.last == #"{"t":\#(settling),"event":"completion","name":"a1","position":"end"}"#)
    }

    // MARK: animatorCall

    @Test func pauseHoldsAndStartResumesFromThere_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 0.25, do: [{animatorCall: {id: a1, call: pauseAnimation}}]}
              - {at: 1, do: [{animatorCall: {id: a1, call: startAnimation}}]}
            """))

        let shown = try alphas("box", in: run, at: [0.25, 0.9, 1.25])

        #expect(isClose(shown[0], 0.75) && isClose(shown[1], 0.75) && isClose(shown[2], 0.5))
        #expect(events(run, until: 3).last == #"{"t":1.75,"event":"completion","name":"a1","position":"end"}"#)
    }

    @Test func startAnimationAfterDelayWaits_PA7() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: linear, do: [{set: {target: box, alpha: 0}}]}
                  - animatorCall: {id: a1, call: startAnimation, afterDelay: 0.5}
            """))

        let shown = try alphas("box", in: run, at: [0.5, 1])

        #expect(shown[0] == 1 && isClose(shown[1], 0.5))
    }

    @Test func settingFractionCompleteOnAnInactiveAnimatorPausesItThere_PA1_PA3() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: easeIn, do: [{set: {target: box, alpha: 0}}]}
                  - animator: {id: a2, duration: 1, curve: easeIn, scrubsLinearly: false, do: [{set: {target: other, alpha: 0}}]}
                  - animatorCall: {id: a1, fractionComplete: 0.3}
                  - animatorCall: {id: a2, fractionComplete: 0.3}
            """, canvas: "{size: [200, 100], duration: 1}"))

        let linear = try alphas("box", in: run, at: [0.5])[0]
        let alongTheCurve = try alphas("other", in: run, at: [0.5])[0]

        #expect(isClose(1 - linear, 0.3))
        #expect(isClose(1 - alongTheCurve, TimingFunction.easeIn.value(at: 0.3)))
        #expect(events(run, until: 1) == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":0.0,"event":"animatorState","id":"a2","state":"active"}"#,
        ])
    }

    @Test func keysActInTheOrderWritten() throws {
        // Pause, then scrub; reverse, then start.
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}
              - {at: 0.5, do: [{animatorCall: {id: a1, call: pauseAnimation, fractionComplete: 0.8}}]}
              - {at: 1, do: [{animatorCall: {id: a1, isReversed: true, call: startAnimation}}]}
            """))

        let shown = try alphas("box", in: run, at: [0.75, 1.4])

        #expect(isClose(shown[0], 0.2), "scrubbed after pausing")
        #expect(isClose(shown[1], 0.6), "reversed, then run back from 0.8")
        #expect(events(run, until: 3).last == #"{"t":1.8,"event":"completion","name":"a1","position":"start"}"#)
    }

    @Test func reversingMidWayFinishesAtTheStartWithPositionStart_PA4() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 2, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 1, do: [{animatorCall: {id: a1, isReversed: true}}]}
            """))

        let shown = try alphas("box", in: run, at: [1, 1.5, 2])

        #expect(isClose(shown[0], 0.5) && isClose(shown[1], 0.75) && shown[2] == 1)
        #expect(events(run, until: 3).suffix(2) == [
            #"{"t":2.0,"event":"animatorState","id":"a1","state":"inactive"}"#,
            #"{"t":2.0,"event":"completion","name":"a1","position":"start"}"#,
        ])
    }

    @Test func addAnimationsWithADelayFactorWaitsThatShareOfTheRemainingTime_PA5() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 2, curve: linear, do: [{set: {target: box, alpha: 0}}]}
                  - animatorCall: {id: a1, call: addAnimations, delayFactor: 0.5, do: [{set: {target: other, alpha: 0}}]}
                  - animatorCall: {id: a1, call: startAnimation}
            """))

        let shown = try alphas("other", in: run, at: [0.9, 1.5, 2])

        #expect(shown[0] == 1, "0.5 × 2 s: it starts at 1 s")
        #expect(isClose(shown[1], 0.5) && shown[2] == 0)
    }

    @Test func addAnimationsWhileRunningTakesTheRemainingTime_PA5() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 2, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 1, do: [{animatorCall: {id: a1, call: addAnimations, do: [{set: {target: other, alpha: 0}}]}}]}
            """))

        let shown = try alphas("other", in: run, at: [1.5])

        #expect(isClose(shown[0], 0.5), "over the remaining 1 s")
    }

    @Test func addCompletionLogsItsOwnCompletionAndRunsItsActions_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, start: true, do: [{set: {target: box, alpha: 0}}], completion: [{log: first}]}
                  - animatorCall: {id: a1, call: addCompletion, do: [{log: second}]}
            """))

        #expect(events(run, until: 2).suffix(4) == [
            #"{"t":1.0,"event":"completion","name":"a1","position":"end"}"#,
            #"{"t":1.0,"event":"log","message":"first"}"#,
            #"{"t":1.0,"event":"completion","name":"a1","position":"end"}"#,
            #"{"t":1.0,"event":"log","message":"second"}"#,
        ])
    }

    @Test func continueAnimationResumesWithNewTimingOverDurationFactorTimesTheDuration_PA6() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, center: [125, 25]}}]}}]
              - {at: 0.5, do: [{animatorCall: {id: a1, call: pauseAnimation}}]}
              - at: 1
                do:
                  - animatorCall: {id: a1, call: continueAnimation, timingParameters: {spring: {dampingRatio: 1}},
                                   durationFactor: 2}
            """))

        let resumed = try progress(of: run, at: 1.5)

        // The remaining half takes 2 × 1 s = 2 s along UIKit's spring for 2 s.
        #expect(isClose(resumed, 0.5 + 0.5 * Spring(duration: 2, dampingRatio: 1).value(at: 0.5), 1e-5))
        #expect(events(run, until: 4).last == #"{"t":3.0,"event":"completion","name":"a1","position":"end"}"#)
    }

    @Test(arguments: ["", ", durationFactor: 0"])
    func continueAnimationWithoutParametersKeepsTheTimingAndDuration_PA6(_ factor: String) throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 0.5, do: [{animatorCall: {id: a1, call: pauseAnimation}}]}
              - {at: 1, do: [{animatorCall: {id: a1, call: continueAnimation\(factor)}}]}
            """))

        let shown = try alphas("box", in: run, at: [1.25])

        #expect(isClose(shown[0], 0.25))
        #expect(events(run, until: 3).last == #"{"t":1.5,"event":"completion","name":"a1","position":"end"}"#)
    }

    @Test func pausesOnCompletionStaysActiveWithNoCompletion_PA7() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: linear, start: true, pausesOnCompletion: true,
                               do: [{set: {target: box, alpha: 0}}], completion: [{log: never}]}
            """, canvas: "{size: [200, 100], duration: 2}"))

        let shown = try alphas("box", in: run, at: [2])

        #expect(shown[0] == 0)
        #expect(events(run, until: 2) == [#"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#])
    }

    @Test func pausesOnCompletionCanBeSetByACall_PA7() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}
                  - animatorCall: {id: a1, pausesOnCompletion: true}
            """, canvas: "{size: [200, 100], duration: 2}"))

        #expect(events(run, until: 2).count == 1)
    }

    @Test func stopWithoutFinishingEndsWithNoCompletion_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
              - {at: 0.25, do: [{animatorCall: {id: a1, call: stopAnimation, withoutFinishing: true}}]}
            """))

        let shown = try alphas("box", in: run, at: [1])

        #expect(isClose(shown[0], 0.75))
        #expect(events(run, until: 2) == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":0.25,"event":"animatorState","id":"a1","state":"inactive"}"#,
        ])
    }

    @Test func stopThenFinishPutsThePropertiesAtThePositionAndReportsIt_PA1() throws {
        func finished(at position: String) throws -> (alpha: Double, events: [String]) {
            let run = try run(scene("""
                  - at: 0
                    do: [{animator: {id: a1, duration: 1, curve: linear, start: true, do: [{set: {target: box, alpha: 0}}]}}]
                  - {at: 0.25, do: [{animatorCall: {id: a1, call: stopAnimation, withoutFinishing: false}}]}
                  - {at: 0.5, do: [{animatorCall: {id: a1, call: finishAnimation, at: \(position)}}]}
                """))
            let alpha = try alphas("box", in: run, at: [0.75])[0]
            return (alpha, events(run, until: 2))
        }

        let current = try finished(at: "current")
        let end = try finished(at: "end")
        let start = try finished(at: "start")

        #expect(isClose(current.alpha, 0.75) && end.alpha == 0 && start.alpha == 1)
        #expect(current.events == [
            #"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#,
            #"{"t":0.25,"event":"animatorState","id":"a1","state":"stopped"}"#,
            #"{"t":0.5,"event":"animatorState","id":"a1","state":"inactive"}"#,
            #"{"t":0.5,"event":"completion","name":"a1","position":"current"}"#,
        ])
        #expect(end.events.last == #"{"t":0.5,"event":"completion","name":"a1","position":"end"}"#)
        #expect(start.events.last == #"{"t":0.5,"event":"completion","name":"a1","position":"start"}"#)
    }

    @Test func anAnimatorCanCallItselfFromItsCompletion_PA1() throws {
        let run = try run(scene("""
              - at: 0
                do:
                  - animator:
                      id: a1
                      duration: 1
                      curve: linear
                      start: true
                      do: [{set: {target: box, alpha: 0}}]
                      completion:
                        - animatorCall: {id: a1, call: addAnimations, do: [{set: {target: box, alpha: 1}}]}
                        - animatorCall: {id: a1, call: startAnimation}
            """))

        let shown = try alphas("box", in: run, at: [1.5, 2])

        #expect(isClose(shown[0], 0.5) && shown[1] == 1)
    }

    // MARK: Run-time errors (PA2)

    @Test(arguments: animatorRunTimeErrors)
    func aCallUIKitRejectsIsARunTimeErrorAtTheAction_PA2(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }

    @Test func nothingRunsAfterARunTimeError_PA2() throws {
        let loaded = try SceneLoader.load(yaml: scene("""
              - at: 0
                do: [{animator: {id: a1, duration: 1, start: true, do: [{set: {target: box, alpha: 0}}], completion: [{log: never}]}}]
              - {at: 0.5, do: [{animatorCall: {id: a1, call: finishAnimation, at: end}}]}
            """), file: "test.yaml")
        let run = SceneRun(scene: loaded)

        _ = run.runUntilIdle(limit: 5)

        #expect(run.failure != nil)
        #expect(run.events.map(\.json.description) == [#"{"t":0.0,"event":"animatorState","id":"a1","state":"active"}"#])
    }

    // MARK: Load-time errors

    @Test func unknownKeysNameTheNearestValidOne() {
        let inAnimator = error(scene("""
              - {at: 0, do: [{animator: {id: a1, duration: 1, pauseOnCompletion: true}}]}
            """))
        let inCall = error(scene("""
              - {at: 0, do: [{animator: {id: a1, duration: 1}}, {animatorCall: {id: a1, fractionCompleted: 0.5}}]}
            """))

        #expect(inAnimator?.description == "test.yaml:5:51: error: unknown key 'pauseOnCompletion' in 'animator' "
            + "(did you mean 'pausesOnCompletion'?)")
        #expect(inCall?.message == "unknown key 'fractionCompleted' in 'animatorCall' (did you mean 'fractionComplete'?)")
    }

    @Test func animatorKeysThatCannotGoTogetherAreRejected() {
        func message(_ animator: String) -> String? {
            error(scene("  - {at: 0, do: [{animator: {id: a1, duration: 1, \(animator)}}]}"))?.message
        }

        #expect(message("curve: linear, dampingRatio: 0.5")
            == "an animator has one timing: 'curve' or 'dampingRatio', not both")
        #expect(message("delay: 1") == "'delay' is the delay of startAnimation(afterDelay:); add start: true or running: true")
        #expect(message("running: true, start: true, do: []") == "'start' and 'running' both start the animator; keep one")
        #expect(message("running: true, dampingRatio: 0.5, do: []")
            == "runningPropertyAnimator takes one of UIKit's curves (as its options): use 'curve', or start: true "
            + "instead of running: true")
        #expect(message("running: true, isInterruptible: false, do: []")
            == "runningPropertyAnimator starts the animator at once, and 'isInterruptible' cannot change while it is "
            + "active; use start: true instead of running: true")
        #expect(message("running: true") == "runningPropertyAnimator needs its animations: add 'do'")
        #expect(message("curve: bouncy") == "'curve' must be one of easeInOut, easeIn, easeOut, linear, got 'bouncy'")
        #expect(message("controlPoints: [1.5, 0, 1, 1]") == "the x values of control points must be between 0 and 1")
        #expect(message("dampingRatio: 0") == "'dampingRatio' must be greater than 0, got 0.0")
    }

    @Test func timingParametersAreOneCubicOrOneSpringForm() {
        func message(_ parameters: String) -> String? {
            error(scene("  - {at: 0, do: [{animator: {id: a1, duration: 1, timingParameters: \(parameters)}}]}"))?.message
        }

        #expect(message("{cubic: easeIn, spring: {}}")
            == "timingParameters is {cubic: easeIn} or {cubic: [x1, y1, x2, y2]}, or {spring: {…}}")
        #expect(message("{cubic: easIn}") == "'cubic' must be one of easeInOut, easeIn, easeOut, linear, got 'easIn' "
            + "(did you mean 'easeIn'?)")
        #expect(message("{spring: {dampingRatio: 0.5, mass: 1}}") == "'mass' cannot go with 'dampingRatio': a spring "
            + "is {dampingRatio}, {mass, stiffness, damping} or {duration, bounce}")
        #expect(message("{spring: {mass: 1, stiffness: 100}}")
            == "a spring with 'mass' needs mass, stiffness and damping; 'damping' is missing")
        #expect(message("{spring: {duration: 0.5, bounce: 2}}") == "'bounce' must be above -1 and at most 1, got 2.0")
        #expect(message("{spring: {duration: 0.5, bounce: -1}}") == "'bounce' must be above -1 and at most 1, got -1.0",
                "-1, an infinite damping ratio, which the parameters would take as 0 with a warning")
        #expect(message("{spring: {dampingRatio: 1, initialVelocity: [1]}}")
            == "'initialVelocity' must be a velocity [dx, dy] or a number, got a list of 1 number")
    }

    @Test func callArgumentsGoWithTheirCall() {
        func message(_ call: String) -> String? {
            error(scene("  - {at: 0, do: [{animator: {id: a1, duration: 1}}, {animatorCall: {id: a1, \(call)}}]}"))?.message
        }

        #expect(message("call: pauseAnimation, afterDelay: 1")
            == "'afterDelay' is not an argument of pauseAnimation; it goes with startAnimation")
        #expect(message("withoutFinishing: true") == "'withoutFinishing' is an argument of stopAnimation; add call: stopAnimation")
        #expect(message("call: startAnimation, do: []")
            == "'do' is not an argument of startAnimation; it goes with addAnimations or addCompletion")
        #expect(message("call: finishAnimation") == "finishAnimation needs 'at'")
        #expect(message("call: stopAnimation") == "stopAnimation needs 'withoutFinishing'")
        #expect(message("call: addAnimations") == "addAnimations needs 'do'")
        #expect(message("call: finishAnimation, at: middle") == "'at' must be one of start, end, current, got 'middle'")
        #expect(message("call: startAnimaton")?.hasSuffix("got 'startAnimaton' (did you mean 'startAnimation'?)") == true)
        #expect(message("call: addAnimations, delayFactor: 1.5, do: []")
            == "'delayFactor' is a fraction of the remaining duration, between 0 and 1; got 1.5")
        #expect(message("call: continueAnimation, durationFactor: -1")
            == "'durationFactor' must be 0 (the time the rest would have taken) or more, got -1.0")
        #expect(message("fractionComplete: 1.5") == "'fractionComplete' must be between 0 and 1, got 1.5")
        #expect(message("isReversed: yes please") == "'isReversed' must be true or false, got the string \"yes please\"")
        #expect(message("scrubsLinearly: false") == nil, "a property set alone is a whole call")
    }

    @Test func anAnimatorCallDoesSomething() {
        let found = error(scene("  - {at: 0, do: [{animator: {id: a1, duration: 1}}, {animatorCall: {id: a1}}]}"))

        #expect(found?.message == "an animatorCall calls a method (call: startAnimation, pauseAnimation, stopAnimation, "
            + "finishAnimation, continueAnimation, addAnimations, addCompletion) or sets a property (fractionComplete, "
            + "isReversed, isInterruptible, isUserInteractionEnabled, scrubsLinearly, pausesOnCompletion)")
    }

    @Test func animatorIdsAreDeclaredBeforeUseAndUniqueAmongAllIds() {
        let unknown = error(scene("""
              - {at: 0, do: [{animator: {id: slide, duration: 1}}, {animatorCall: {id: slid, call: startAnimation}}]}
            """))
        let later = error(scene("""
              - {at: 1, do: [{animatorCall: {id: a1, call: startAnimation}}]}
              - {at: 0, do: [{animator: {id: a1, duration: 1}}]}
            """))
        let aView = error(scene("  - {at: 0, do: [{animatorCall: {id: box, call: startAnimation}}]}"))
        let clash = error(scene("  - {at: 0, do: [{animator: {id: box, duration: 1}}]}"))
        let twice = error(scene("  - {at: 0, do: [{animator: {id: a1, duration: 1}}, {animator: {id: a1, duration: 1}}]}"))
        let viewAfter = error(scene("""
              - {at: 0, do: [{animator: {id: a1, duration: 1}}]}
              - {at: 1, do: [{addSubview: {view: {id: a1}}}]}
            """))

        #expect(unknown?.message == "unknown animator 'slid' (did you mean 'slide'?); an animator is made by an "
            + "'animator' action earlier in the file")
        #expect(later?.line == 5)
        #expect(later?.message.hasPrefix("unknown animator 'a1'") == true)
        #expect(aView?.message == "'box' is a view, not an animator")
        #expect(clash?.message == "the id 'box' is used twice")
        #expect(twice?.description == "test.yaml:5:69: error: the id 'a1' is used twice")
        #expect(viewAfter?.message == "the id 'a1' is used twice")
    }
}

/// A scene in which `a1`, a 1 s animator of `box`'s alpha with `keys`, starts at 0 (lines 5
/// and 6), followed by the timeline lines `later`, from line 7 on.
private func startedA1(_ keys: String = "", then later: String...) -> String {
    scene((["  - at: 0", "    do: [{animator: {id: a1, duration: 1, \(keys)start: true, do: [{set: {target: box, alpha: 0}}]}}]"]
        + later).joined(separator: "\n"))
}

private let animatorRunTimeErrors = [
    SceneErrorCase("finishingAnActiveAnimatorIsARunTimeErrorAtTheAction", "PA2",
                   yaml: startedA1(then: "  - at: 0.5", "    do:", "      - log: before",
                                   "      - animatorCall: {id: a1, call: finishAnimation, at: end}"),
                   line: 10, column: 9,
                   message: .exactly("at t = 0.5 s, finishAnimation(at:) needs a stopped animator; 'a1' is active")),
    SceneErrorCase("finishingAnInactiveAnimatorIsARunTimeError", "PA2",
                   yaml: scene("  - at: 0\n    do: [{animator: {id: a1, duration: 1}}, {animatorCall: {id: a1, call: finishAnimation, at: current}}]"),
                   line: 6, column: 45,
                   message: .exactly("at t = 0.0 s, finishAnimation(at:) needs a stopped animator; 'a1' is inactive")),
    SceneErrorCase("startingAStoppedAnimatorIsARunTimeError", "PA2",
                   yaml: startedA1(then: "  - {at: 0.25, do: [{animatorCall: {id: a1, call: stopAnimation, withoutFinishing: false}}]}",
                                   "  - {at: 0.5, do: [{animatorCall: {id: a1, call: startAnimation}}]}"),
                   line: 8, column: 20,
                   message: .exactly("at t = 0.5 s, startAnimation() is not allowed on a stopped animator; "
                       + "call finishAnimation(at:) on 'a1' first")),
    SceneErrorCase("pausingAStoppedAnimatorIsARunTimeError", "PA2",
                   yaml: startedA1(then: "  - {at: 0.25, do: [{animatorCall: {id: a1, call: stopAnimation, withoutFinishing: false}}]}",
                                   "  - {at: 0.5, do: [{animatorCall: {id: a1, call: pauseAnimation}}]}"),
                   message: .exactly("at t = 0.5 s, pauseAnimation() is not allowed on a stopped animator; "
                       + "call finishAnimation(at:) on 'a1' first")),
    SceneErrorCase("settingIsInterruptibleWhileActiveIsARunTimeError", "PA2",
                   yaml: startedA1(then: "  - {at: 0.5, do: [{animatorCall: {id: a1, isInterruptible: false}}]}"),
                   line: 7, column: 20,
                   message: .exactly("at t = 0.5 s, isInterruptible cannot change while 'a1' is active")),
    SceneErrorCase("settingIsUserInteractionEnabledWhileActiveIsARunTimeError", "PA2",
                   yaml: startedA1(then: "  - {at: 0.5, do: [{animatorCall: {id: a1, isUserInteractionEnabled: false}}]}"),
                   message: .exactly("at t = 0.5 s, isUserInteractionEnabled cannot change while 'a1' is active")),
    SceneErrorCase("aNonInterruptibleAnimatorCannotBePausedWhileRunning", "PA2",
                   yaml: startedA1("isInterruptible: false, ",
                                   then: "  - {at: 0.5, do: [{animatorCall: {id: a1, call: pauseAnimation}}]}"),
                   message: .exactly("at t = 0.5 s, pauseAnimation() cannot interrupt 'a1': it is running and "
                       + "isInterruptible is false")),
    SceneErrorCase("aNonInterruptibleAnimatorCannotBeStoppedWhileRunning", "PA2",
                   yaml: startedA1("isInterruptible: false, ",
                                   then: "  - {at: 0.5, do: [{animatorCall: {id: a1, call: stopAnimation, withoutFinishing: true}}]}"),
                   message: .exactly("at t = 0.5 s, stopAnimation(_:) cannot interrupt 'a1': it is running and "
                       + "isInterruptible is false")),
    SceneErrorCase("continuingARunningAnimatorIsARunTimeError", "PA2",
                   yaml: startedA1(then: "  - {at: 0.5, do: [{animatorCall: {id: a1, call: continueAnimation, durationFactor: 2}}]}"),
                   message: .exactly("at t = 0.5 s, continueAnimation(withTimingParameters:durationFactor:) needs a "
                       + "paused animator; 'a1' is running")),
    SceneErrorCase("continuingAnInactiveAnimatorIsARunTimeError", "PA2",
                   yaml: scene("  - at: 0\n    do: [{animator: {id: a1, duration: 1}}, {animatorCall: {id: a1, call: continueAnimation}}]"),
                   message: .exactly("at t = 0.0 s, continueAnimation(withTimingParameters:durationFactor:) needs a "
                       + "paused animator; 'a1' is inactive")),
    // Written after the animator (file order) but run before it (time order).
    SceneErrorCase("callingAnAnimatorBeforeItIsMadeIsARunTimeError",
                   yaml: scene("  - {at: 1, do: [{animator: {id: a1, duration: 1}}]}\n"
                       + "  - {at: 0.5, do: [{animatorCall: {id: a1, call: startAnimation}}]}"),
                   line: 6, column: 20,
                   message: .exactly("animator 'a1' does not exist yet at t = 0.5 s: the animator action that makes it runs later")),
]
