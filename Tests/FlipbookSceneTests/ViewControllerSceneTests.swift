import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// The view `home` (with `homeCard`) filling a 200×300 canvas at 8 fps; a timeline follows from line 7.
private let header = """
    flipbook: 1
    canvas: {size: [200, 300], fps: 8}
    views:
      - id: home
        frame: [0, 0, 200, 300]
        subviews: [{id: homeCard, frame: [20, 20, 60, 60]}]

    """

/// Seed 004's slide in from the right, as a `transitioning` block.
private let slide = """
              transitioning:
                duration: 0.5
                do:
                  - set: {target: $to, frame: [200, 0, 200, 300]}
                  - addSubview: {to: $container, view: $to}
                  - animate:
                      duration: 0.5
                      do:
                        - set: {target: $to, frame: [0, 0, 200, 300]}
                        - set: {target: $from, frame: [-200, 0, 200, 300]}
    """

/// The `present` and `dismiss` verbs (VC1–VC3), read through `probe`, the views and the
/// event log, and the errors a bad one gives.
@MainActor
@Suite struct ViewControllerSceneTests: SceneTesting {
    /// `header` with a timeline presenting `second` (orange) from `home` at `t` through the
    /// seed's slide, with `keys` (YAML lines: completion, interactive) in the present and then
    /// the entries `later`.
    private func slideIn(at t: Double, _ keys: String..., later: String? = nil) -> String {
        header + """
            timeline:
              - at: \(t)
                do:
                  - present:
                      id: second
                      from: home
                      view: {backgroundColor: orange}

            """ + keys.map { "          " + $0 + "\n" }.joined() + slide + (later.map { "\n" + $0 } ?? "")
    }

    private func x(_ probe: JSONValue, _ frame: Int, _ layer: String) -> Double? {
        probe.number(at: "frames", frame, "layers", layer, "position", 0)
    }

    private func y(_ probe: JSONValue, _ frame: Int, _ layer: String) -> Double? {
        probe.number(at: "frames", frame, "layers", layer, "position", 1)
    }

    @Test func presentSlidesUpAndDismissSlidesDownWithTheirCompletions_VC1() throws {
        let run = try run(header + """
            timeline:
              - at: 0
                do:
                  - present:
                      id: second
                      from: home
                      view: {backgroundColor: orange, subviews: [{id: mark, frame: [10, 10, 20, 20]}]}
                      completion: [{log: presented}]
              - at: 1
                do: [{dismiss: {id: second, completion: [{log: dismissed}]}}]
            """)

        let probe = try run.probe(at: [0, 0.25, 0.5, 0.75, 1.25, 1.5])

        #expect([0, 1, 2].map { y(probe, $0, "second.layer") } == [450, 300, 150], "from below the bottom edge")
        #expect(probe.keys(at: "frames", 3, "layers") == ["second.layer", "mark.layer"], "home leaves when presented")
        #expect(probe.keys(at: "frames", 4, "layers") == ["home.layer", "homeCard.layer", "second.layer", "mark.layer"])
        #expect(y(probe, 4, "second.layer") == 300)
        #expect(probe.keys(at: "frames", 5, "layers") == ["home.layer", "homeCard.layer"], "the presented view is gone")
        #expect(run.events.map(\.json.description) == [
            #"{"t":0.5,"event":"completion","name":"second","finished":true}"#,
            #"{"t":0.5,"event":"log","message":"presented"}"#,
            #"{"t":1.5,"event":"completion","name":"second","finished":true}"#,
            #"{"t":1.5,"event":"log","message":"dismissed"}"#,
        ])
    }

    @Test func presentingFromTheCanvasCoversItAndLeavesItsViewsInPlace_VC1() throws {
        let run = try run(header + """
            timeline:
              - at: 0
                do: [{present: {id: second, view: {frame: [0, 0, 200, 300]}, animated: false}}]
            """)

        let probe = try run.probe(at: [0.5])

        #expect(probe.keys(at: "frames", 0, "layers") == ["home.layer", "homeCard.layer", "second.layer"])
        #expect(run.view("second")?.superview?.superview === run.rootView, "in a container on the canvas")
        #expect(run.events.map(\.json.description) == [#"{"t":0.0,"event":"completion","name":"second","finished":true}"#])
    }

    @Test func aCustomAnimatorSlidesTheNewViewInFromTheRightAndTheOldOutLeft_VC2() throws {
        let run = try run(slideIn(at: 0))

        let probe = try run.probe(at: [0, 0.25, 0.5, 1])

        #expect([0, 1, 2].map { x(probe, $0, "second.layer") } == [300, 200, 100])
        #expect([0, 1, 2].map { x(probe, $0, "home.layer") } == [100, 0, nil], "-100 at 0.5 s, when it leaves")
        #expect(probe.keys(at: "frames", 3, "layers") == ["second.layer"], "full screen takes home out")
        #expect(run.view("second")?.superview?.superview === run.rootView)
        #expect(run.view("second")?.frame == CGRect(x: 0, y: 0, width: 200, height: 300))
        #expect(run.events.map(\.json.description) == [
            #"{"t":0.5,"event":"completion","name":null,"finished":true}"#,
            #"{"t":0.5,"event":"completion","name":"second","finished":true}"#,
        ], "the block's completion, then (completeTransition) the presentation's")
    }

    @Test func aDismissalCanHaveItsOwnAnimatorAndThePresentingViewComesBack_VC2() throws {
        let run = try run(header + """
            timeline:
              - at: 0
                do: [{present: {id: second, from: home, view: {backgroundColor: orange}, animated: false}}]
              - at: 1
                do:
                  - dismiss:
                      id: second
                      transitioning:
                        duration: 0.5
                        do:
                          - set: {target: $to, frame: [-200, 0, 200, 300]}
                          - animate:
                              duration: 0.5
                              do:
                                - set: {target: $to, frame: [0, 0, 200, 300]}
                                - set: {target: $from, frame: [200, 0, 200, 300]}
            """)

        let probe = try run.probe(at: [1.25, 2])

        #expect(x(probe, 0, "home.layer") == 0 && x(probe, 0, "second.layer") == 200)
        #expect(probe.keys(at: "frames", 1, "layers") == ["home.layer", "homeCard.layer"])
        #expect(run.view("home")?.superview === run.rootView)
    }

    @Test func aGestureReleasedPastHalfwayFinishesTheTransition_VC3() throws {
        let run = try run(slideIn(at: 0.25, "completion: [{log: presented}]",
                                  "interactive: {progress: [[0, 0], [0.5, 0.5], [0.75, 0.75]], release: 0.75}"))

        let probe = try run.probe(at: [0.375, 0.75, 1, 1.5])

        let eased = { (p: Double) in 300 - 200 * TimingFunction.easeInEaseOut.value(at: p) }
        #expect(isClose(x(probe, 0, "second.layer") ?? 0, eased(0.125)), "a frame time between points: 12.5 %")
        #expect(isClose(x(probe, 1, "second.layer") ?? 0, eased(0.5)))
        #expect(isClose(x(probe, 2, "second.layer") ?? 0, eased(0.75)), "released at 75 %")
        #expect(x(probe, 3, "second.layer") == 100 && probe.keys(at: "frames", 3, "layers") == ["second.layer"])
        #expect(run.events.map(\.json.description) == [
            #"{"t":1.125,"event":"completion","name":null,"finished":true}"#,
            #"{"t":1.125,"event":"completion","name":"second","finished":true}"#,
            #"{"t":1.125,"event":"log","message":"presented"}"#,
        ], "the remaining 25 % take 0.125 s")
    }

    @Test func aGestureReleasedBeforeHalfwayCancelsBack_VC3() throws {
        let run = try run(slideIn(at: 0.25, "completion: [{log: presented}]",
                                  "interactive: {progress: [[0, 0], [0.5, 0.375], [0.75, 0.25]], release: 0.75, completionSpeed: 2}"))

        let probe = try run.probe(at: [1, 1.5])

        #expect(isClose(x(probe, 0, "home.layer") ?? 0, 100 - 200 * TimingFunction.easeInEaseOut.value(at: 0.25)))
        #expect(probe.keys(at: "frames", 1, "layers") == ["home.layer", "homeCard.layer"], "the presented view is gone")
        #expect(x(probe, 1, "home.layer") == 100, "home back where it was")
        #expect(run.view("home")?.frame == CGRect(x: 0, y: 0, width: 200, height: 300), "its model too")
        #expect(run.events.map(\.json.description) == [
            #"{"t":1.0625,"event":"completion","name":null,"finished":true}"#,
            #"{"t":1.0625,"event":"completion","name":"second","finished":false,"cancelled":true}"#,
        ], "25 % back at twice the pace take 0.0625 s; the present's completion does not run")
    }

    @Test func aCancelledViewControllerCanBePresentedAgain_VC3() throws {
        let run = try run(slideIn(at: 0, "interactive: {progress: [[0.25, 0.25]], release: 0.25}", later: """
              - at: 1
                do: [{present: {id: second, from: home, completion: [{log: again}]}}]
            """))

        let probe = try run.probe(at: [2])

        #expect(probe.keys(at: "frames", 0, "layers") == ["second.layer"])
        #expect(run.events.map(\.json.description).suffix(2) == [
            #"{"t":1.5,"event":"completion","name":"second","finished":true}"#,
            #"{"t":1.5,"event":"log","message":"again"}"#,
        ])
    }

    @Test func probeTargetsAPresentedViewBeforeItExists_VC1() throws {
        let run = try run(header + """
            timeline:
              - at: 1
                do: [{present: {id: second, from: home, view: {}}}]
            """)

        let probe = try run.probe(at: [0, 1.25], target: "second")

        #expect(probe.keys(at: "frames", 0, "layers") == [])
        #expect(probe.keys(at: "frames", 1, "layers") == ["second.layer"])
    }

    // MARK: Errors

    @Test(arguments: presentErrors)
    func aBadPresentOrDismissIsRejectedSayingWhichRuleItBreaks(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }
}

/// `header` with, on line 9, a present of `present` (a flow map) at 0 s.
private func presenting(_ present: String) -> String {
    header + "timeline:\n  - at: 0\n    do: [{present: \(present)}]\n"
}

/// A reading error of `present` on line 9, at `column`.
private func badPresent(_ name: String, _ present: String, column: Int, _ message: String) -> SceneErrorCase {
    SceneErrorCase(name, "VC1", yaml: presenting(present), line: 9, column: column, message: .exactly(message))
}

private let presentErrors = [
    badPresent("thePresentedViewTakesTheControllersId", "{id: second, view: {id: inner}}", column: 44,
               "the view takes the view controller's id, 'second'; remove 'id'"),
    badPresent("interactiveNeedsACustomAnimator", "{id: second, view: {}, interactive: {progress: [[0, 1]], release: 1}}",
               column: 56, "UIKit asks for an interaction controller only with a custom animator: add 'transitioning'"),
    badPresent("transitioningNeedsAnimation",
               "{id: second, view: {}, animated: false, transitioning: {duration: 1, do: []}}", column: 75,
               "without animation UIKit runs no transition; remove 'transitioning' or set animated: true"),
    badPresent("aPercentIsBetweenZeroAndOne",
               "{id: second, view: {}, transitioning: {duration: 1, do: []}, interactive: {progress: [[0, 1.5]], release: 1}}",
               column: 110, "a percent is between 0 and 1, got 1.5"),
    badPresent("gesturePointTimesIncrease",
               "{id: second, view: {}, transitioning: {duration: 1, do: []}, interactive: {progress: [[0.5, 0], [0.5, 1]], release: 1}}",
               column: 117, "the points' times must increase: 0.5 s comes after 0.5 s"),
    badPresent("theGestureIsReleasedAfterItsLastPoint",
               "{id: second, view: {}, transitioning: {duration: 1, do: []}, interactive: {progress: [[0.5, 0]], release: 0.25}}",
               column: 126, "the gesture is released at 0.25 s, before its last point (0.5 s)"),
    badPresent("aControllerIdIsUniqueAmongAllIds", "{id: home, view: {}}", column: 25, "the id 'home' is used twice"),
    badPresent("fromNamesTheNearestView", "{id: second, view: {}, from: hom}", column: 49, "unknown view 'hom' (did you mean 'home'?)"),
    badPresent("anUnknownKeyNamesTheNearest", "{id: second, view: {}, transitionning: {}}", column: 43,
               "unknown key 'transitionning' in 'present' (did you mean 'transitioning'?)"),
    SceneErrorCase("contextViewsExistOnlyInsideTransitioning", "VC2",
                   yaml: presenting("{id: second, view: {}, completion: [{set: {target: $to, alpha: 0.5}}]}"),
                   message: .exactly("unknown id '$to'")),
    SceneErrorCase("presentingTwiceFromTheCanvasIsARunTimeError", "VC1", yaml: header + """
        timeline:
          - at: 0
            do: [{present: {id: second, view: {}}}]
          - at: 1
            do: [{present: {id: third, view: {}}}]
        """, line: 11, column: 10, message: .exactly("cannot present 'third' from the canvas at t = 1.0 s: "
            + "the view controller is already presenting one; dismiss that first")),
    SceneErrorCase("dismissingAControllerThatNeitherPresentsNorIsPresentedIsARunTimeError", "VC1",
                   yaml: header + "timeline:\n  - {at: 1, do: [{dismiss: {id: home}}]}\n", line: 8, column: 18,
                   message: .exactly("cannot dismiss 'home' at t = 1.0 s: the view controller neither presents nor is presented")),
    SceneErrorCase("presentingAViewAsAControllerIsARunTimeError", "VC1",
                   yaml: header + "timeline:\n  - {at: 1, do: [{present: {id: homeCard, from: home}}]}\n",
                   message: .exactly("'homeCard' is a view, not a view controller: the first present of a "
                       + "view controller gives its view with 'view'")),
    SceneErrorCase("aTransitionFromTheCanvasHasNoFromViewAtRunTime", "VC1", yaml: header + """
        timeline:
          - at: 1
            do:
              - present:
                  id: second
                  view: {}

        """ + slide, line: 13, column: 11, message: .exactly("'$from' has no view in the transition of 'second' at "
            + "t = 1.0 s: the presenting view controller's view is the canvas, which stays where it is; present from a view "
            + "with 'from'")),
]
