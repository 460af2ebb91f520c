import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// The `transition` verb: `UIView.transition(with:…)` and `transition(from:to:…)`
/// (TR1–TR3), read through `probe`, the render tree and the event log.
@MainActor
@Suite struct ViewTransitionSceneTests: SceneTesting {
    private let header = """
        flipbook: 1
        canvas: {size: [300, 200]}
        views:
          - id: container
            frame: [0, 0, 200, 100]
            subviews:
              - {id: current, frame: [10, 10, 50, 50], backgroundColor: red}
              - {id: swap, frame: [10, 10, 50, 50], backgroundColor: blue, isHidden: true}
          - {id: outside, frame: [220, 10, 50, 50], isHidden: true}
        """

    @Test func transitionWithFlipsTheContainerAndCompletes_TR1() throws {
        let run = try run(header + """

            timeline:
              - at: 0
                do:
                  - transition:
                      name: flip
                      with: container
                      duration: 1
                      options: [transitionFlipFromLeft, curveLinear]
                      do: [{set: {target: current, isHidden: true}}, {set: {target: swap, isHidden: false}}]
                      completion: [{log: flipped}]
            """)

        run.advance(to: 0.5)
        let transition = try #require(run.view("container")?.layer.renderLayer()?.transition)

        #expect(transition.type == .oglFlip && transition.subtype == .fromLeft)
        #expect(isClose(transition.progress, 0.5))
        #expect(events(run, until: 2) == [
            #"{"t":1.0,"event":"completion","name":"flip","finished":true}"#,
            #"{"t":1.0,"event":"log","message":"flipped"}"#,
        ])
    }

    @Test func transitionFromToLeavesTheHierarchyAsTR3Says_TR3() throws {
        let run = try run(header + """

            timeline:
              - at: 0
                do: [{transition: {from: current, to: outside, duration: 1, options: [transitionFlipFromRight]}}]
            """)

        let probe = try run.probe(at: [0.5, 1.5])

        let layers = ["container.layer", "swap.layer", "outside.layer"]
        #expect(probe.keys(at: "frames", 1, "layers") == layers, "'current' is gone, 'outside' moved in")
        #expect(run.view("outside")?.superview === run.view("container"))
        #expect(run.view("container")?.subviews.first === run.view("outside"), "in the place of 'current'")
    }

    @Test func showHideTransitionViewsOnlyHidesAndShows_TR3() throws {
        let run = try run(header + """

            timeline:
              - at: 0
                do:
                  - transition: {from: current, to: swap, duration: 1, options: [showHideTransitionViews, transitionCrossDissolve]}
                  - transition: {from: swap, to: outside, duration: 1, options: [showHideTransitionViews]}
            """)

        let probe = try run.probe(at: [1.5])

        #expect(probe.keys(at: "frames", 0, "layers") == ["container.layer", "current.layer", "swap.layer", "outside.layer"])
        #expect(probe.value(at: ["frames", 0, "layers", "current.layer", "isHidden"]) == .bool(true))
        #expect(probe.value(at: ["frames", 0, "layers", "swap.layer", "isHidden"]) == .bool(true))
        #expect(probe.value(at: ["frames", 0, "layers", "outside.layer", "isHidden"]) == .bool(false))
        #expect(run.view("outside")?.superview === run.rootView, "a view outside the superview stays outside")
    }

    @Test func aTransitionNamesItsViewsOneWay() {
        let both = error(header + """

            timeline: [{at: 0, do: [{transition: {with: container, from: current, to: swap, duration: 1}}]}]
            """)
        let block = error(header + """

            timeline: [{at: 0, do: [{transition: {from: current, to: swap, duration: 1, do: []}}]}]
            """)
        let unknown = error(header + """

            timeline: [{at: 0, do: [{transition: {with: contaner, duration: 1}}]}]
            """)

        #expect(both?.message.contains("'with', or the views it swaps with 'from' and 'to'") == true)
        #expect(block?.message == "transition(from:to:) has no animations block; remove 'do' or use 'with'")
        #expect(unknown?.message.contains("did you mean 'container'") == true, "\(String(describing: unknown))")
    }
}
