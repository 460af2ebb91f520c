import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// A view's `layout` rules and the view-hierarchy verbs of a scene (`addSubview`,
/// `removeFromSuperview`, `bringSubviewToFront`, `setNeedsLayout`, `layoutIfNeeded`),
/// read through `probe` and the run's views (docs/scene-format.md "Views", "Timeline").
@MainActor
@Suite struct ViewHierarchySceneTests: SceneTesting {
    /// The model frame of every layer shown at `t`, by name.
    private func frames(_ run: SceneRun, at t: Double) throws -> [String: [Double]] {
        let probe = try run.probe(at: [t], model: true)
        var frames: [String: [Double]] = [:]
        for name in probe.keys(at: "frames", 0, "layers") ?? [] {
            frames[name] = (0..<4).compactMap { probe.number(at: "frames", 0, "layers", name, "frame", $0) }
        }
        return frames
    }

    /// The ids of `view`'s subviews, in order (`?` for a view without one).
    private func subviewIDs(of view: UIView?, in run: SceneRun, among ids: [String]) -> [String] {
        (view?.subviews ?? []).map { subview in ids.first { run.view($0) === subview } ?? "?" }
    }

    /// The `layout:` example of docs/scene-format.md ("Views"): two halves with 5-point margins.
    private let card = """
        flipbook: 1
        canvas: {size: [300, 200]}
        views:
          - id: card
            frame: [20, 20, 200, 100]
            layout:
              left:  [5, 5, "w*0.5-7.5", "h-10"]
              right: ["w*0.5+2.5", 5, "w*0.5-7.5", "h-10"]
            subviews: [{id: left}, {id: right}]

        """

    /// `card` with `timeline` (its entries).
    private func card(timeline: String) -> String {
        card + "timeline:\n" + timeline
    }

    // MARK: Layout rules

    @Test func layoutRulesPlaceTheChildrenWhenTheTreeIsFirstCommitted() throws {
        let run = try run(card)

        let shown = try frames(run, at: 0)

        #expect(shown["left.layer"] == [5, 5, 92.5, 90])
        #expect(shown["right.layer"] == [102.5, 5, 92.5, 90])
    }

    @Test func childFramesFollowTheRulesAfterTheParentsFrameIsSet() throws {
        let run = try run(card(timeline: """
              - {at: 0.5, do: [{set: {target: card, frame: [20, 20, 260, 160]}}]}
            """))

        let before = try frames(run, at: 0.25)
        let after = try frames(run, at: 0.5)

        #expect(before["left.layer"] == [5, 5, 92.5, 90])
        #expect(after["left.layer"] == [5, 5, 122.5, 150], "w*0.5-7.5 of 260, h-10 of 160")
        #expect(after["right.layer"] == [132.5, 5, 122.5, 150])
    }

    @Test func nestedRulesLayOutTopDownInTheSameTurn() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [300, 200]}
            views:
              - id: outer
                frame: [0, 0, 200, 100]
                layout: {inner: [10, 10, "w-20", "h-20"]}
                subviews:
                  - id: inner
                    layout: {dot: ["w/2-5", "h/2-5", 10, 10]}
                    subviews: [{id: dot}]
            timeline:
              - {at: 1, do: [{set: {target: outer, bounds: [0, 0, 100, 60]}}]}
            """)

        let first = try frames(run, at: 0)
        let resized = try frames(run, at: 1)

        #expect(first["inner.layer"] == [10, 10, 180, 80])
        #expect(first["dot.layer"] == [85, 35, 10, 10])
        #expect(resized["inner.layer"] == [10, 10, 80, 40])
        #expect(resized["dot.layer"] == [35, 15, 10, 10])
    }

    @Test func aChildMovedOutOfTheViewNoLongerFollowsItsRules() throws {
        let run = try run(card(timeline: """
              - {at: 0.5, do: [{addSubview: {view: left}}]}
              - {at: 1, do: [{set: {target: card, frame: [20, 20, 260, 160]}}]}
            """))

        let shown = try frames(run, at: 1)

        #expect(shown["left.layer"] == [5, 5, 92.5, 90], "now on the canvas, where it was")
        #expect(shown["right.layer"] == [132.5, 5, 122.5, 150])
    }

    @Test func setNeedsLayoutLaysOutAtTheEndOfTheTurn() throws {
        let run = try run(card(timeline: """
              - {at: 0.5, do: [{set: {target: left, frame: [0, 0, 1, 1]}}]}
              - {at: 1, do: [{set: {target: right, frame: [0, 0, 1, 1]}}, {setNeedsLayout: card}]}
            """))

        let changedAlone = try frames(run, at: 0.5)
        let relaidOut = try frames(run, at: 1)

        #expect(changedAlone["left.layer"] == [0, 0, 1, 1], "a child's own size change does not lay out its parent")
        #expect(relaidOut["left.layer"] == [5, 5, 92.5, 90])
        #expect(relaidOut["right.layer"] == [102.5, 5, 92.5, 90])
    }

    @Test func layoutIfNeededLaysOutAtOnceSoTheTurnsEndHasNothingLeft() throws {
        let run = try run(card(timeline: """
              - at: 0.5
                do:
                  - set: {target: card, frame: [20, 20, 260, 160]}
                  - layoutIfNeeded: card
                  - set: {target: left, frame: [0, 0, 1, 1]}
                  - setNeedsLayout: right.layer
            """))

        let shown = try frames(run, at: 0.5)

        #expect(shown["left.layer"] == [0, 0, 1, 1], "laid out before the set, not after")
        #expect(shown["right.layer"] == [132.5, 5, 122.5, 150])
    }

    // MARK: Hierarchy verbs

    @Test func addSubviewAddsANewViewThatProbeShowsFromThenOn() throws {
        let run = try run(card(timeline: """
              - at: 0.5
                do:
                  - addSubview: {to: card, view: {id: badge, frame: [180, -10, 30, 30], subviews: [{id: dot}]}}
                  - addSubview: {view: {id: banner, frame: [0, 150, 300, 50]}}
            """))

        let before = try frames(run, at: 0.25)
        let after = try frames(run, at: 0.5)
        let target = try run.probe(at: [1], target: "badge", model: true)

        #expect(before["badge.layer"] == nil)
        #expect(after["badge.layer"] == [180, -10, 30, 30])
        #expect(after["dot.layer"] != nil)
        #expect(run.view("banner")?.superview === run.rootView, "without 'to', the canvas")
        #expect(subviewIDs(of: run.view("card"), in: run, among: ["left", "right", "badge"]) == ["left", "right", "badge"])
        #expect(target.keys(at: "frames", 0, "layers") == ["badge.layer"])
    }

    @Test func removeFromSuperviewTakesTheViewAndItsSubviewsOutOfProbe() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views:
              - {id: box, frame: [0, 0, 50, 50], subviews: [{id: inner}]}
              - {id: other, frame: [50, 50, 50, 50]}
            timeline:
              - {at: 0.5, do: [{removeFromSuperview: box}]}
            """)

        let before = try frames(run, at: 0)
        let after = try frames(run, at: 0.5)

        #expect(before.keys.sorted() == ["box.layer", "inner.layer", "other.layer"])
        #expect(after.keys.sorted() == ["other.layer"])
        #expect(run.view("box")?.superview == nil)
    }

    @Test func aRemovedViewCanBeAddedBack() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views:
              - {id: host, frame: [0, 0, 100, 100]}
              - {id: box, frame: [10, 10, 20, 20]}
            timeline:
              - {at: 0.5, do: [{removeFromSuperview: box}]}
              - {at: 1, do: [{addSubview: {to: host, view: box}}]}
            """)

        let removed = try frames(run, at: 0.5)
        let back = try frames(run, at: 1)

        #expect(removed["box.layer"] == nil)
        #expect(back["box.layer"] == [10, 10, 20, 20])
        #expect(run.view("box")?.superview === run.view("host"))
    }

    @Test func bringSubviewToFrontMovesTheViewToTheEndOfItsSuperviewsSubviews() throws {
        let run = try run("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: a}, {id: b}, {id: c}]
            timeline:
              - {at: 0.5, do: [{bringSubviewToFront: a}]}
            """)
        let ids = ["a", "b", "c"]
        let before = subviewIDs(of: run.rootView, in: run, among: ids)

        run.advance(to: 0.5)

        #expect(before == ["a", "b", "c"])
        #expect(subviewIDs(of: run.rootView, in: run, among: ids) == ["b", "c", "a"])
        #expect(run.rootView.layer.sublayers?.last === run.view("a")?.layer, "drawn last")
    }

    // MARK: Errors

    @Test(arguments: hierarchyErrors)
    func aBadLayoutRuleOrHierarchyVerbIsRejectedAtItsToken(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }
}

/// A scene on a 100×100 canvas whose lines from line 3 on are `lines`.
private func scene(_ lines: [String]) -> String {
    (["flipbook: 1", "canvas: {size: [100, 100]}"] + lines).joined(separator: "\n") + "\n"
}

private func scene(_ lines: String...) -> String { scene(lines) }

/// A scene whose one view, `card` (line 4), has the keys `lines`, from line 5 on.
private func cardScene(_ lines: String...) -> String {
    scene(["views:", "  - id: card"] + lines.map { "    " + $0 })
}

private let hierarchyErrors = [
    SceneErrorCase("aLayoutRuleMustNameADirectSubview",
                   yaml: cardScene("layout: {lefty: [0, 0, w, h]}", "subviews: [{id: left, subviews: [{id: deep}]}]"),
                   line: 5, column: 14,
                   message: .exactly("'lefty' is not a direct subview of 'card' (did you mean 'left'?); its subviews with an id: left")),
    SceneErrorCase("aLayoutRuleMustNotNameAGrandchild",
                   yaml: cardScene("layout: {deep: [0, 0, w, h]}", "subviews: [{id: left, subviews: [{id: deep}]}]"),
                   line: 5, column: 14, message: .exactly("'deep' is not a direct subview of 'card'; its subviews with an id: left")),
    SceneErrorCase("anUnknownVariableIsLocatedAtItsCharacter",
                   yaml: cardScene("layout:", "  left: [5, 5, \"w*0.5-x\", 10]", "subviews: [{id: left}]"), line: 6, column: 27,
                   message: .exactly("the layout of 'left', width: unknown variable 'x'; the variables are w and h, this view's "
                       + "bounds width and height")),
    SceneErrorCase("anUnclosedParenthesisIsLocatedAtItsCharacter",
                   yaml: cardScene("layout: {left: [5, 5, (w-10, 10]}", "subviews: [{id: left}]"), line: 5, column: 27,
                   message: .exactly("the layout of 'left', width: this '(' is not closed")),
    SceneErrorCase("aRuleThatIsNotAFrameIsLocatedAtItsList",
                   yaml: cardScene("layout: {left: [5, 5, 10]}", "subviews: [{id: left}]"), line: 5, column: 20,
                   message: .exactly("the layout of 'left' must be a frame [x, y, width, height] of numbers or expressions in "
                       + "w and h, got a list of 3 numbers")),
    SceneErrorCase("aRuleWithoutAFiniteFrameIsARunTimeErrorAtTheRule",
                   yaml: cardScene("frame: [0, 0, 100, 0]", "layout: {left: [0, 0, \"w/h\", 10]}", "subviews: [{id: left}]"),
                   line: 6, column: 20,
                   message: .exactly("the layout of 'left' is not a finite frame when the bounds are 100 × 0 (a division by zero?) "
                       + "at t = 0.0 s")),
    SceneErrorCase("hierarchyVerbsNameViewsNotLayers",
                   yaml: scene("views: [{id: card}]", "layers: [{id: dot}]", "timeline: [{at: 0, do: [{removeFromSuperview: dot}]}]"),
                   line: 5, column: 47, message: .exactly("'dot' is a layer, not a view")),
    SceneErrorCase("hierarchyVerbsNameAViewNotItsLayer",
                   yaml: scene("views: [{id: card}]", "timeline: [{at: 0, do: [{bringSubviewToFront: card.layer}]}]"),
                   line: 4, column: 47, message: .exactly("'card.layer' is a layer; name its view, 'card'")),
    SceneErrorCase("hierarchyVerbsSuggestTheNearestView",
                   yaml: scene("views: [{id: card}]", "timeline: [{at: 0, do: [{addSubview: {to: crad, view: {id: x}}}]}]"),
                   line: 4, column: 43, message: .exactly("unknown view 'crad' (did you mean 'card'?)")),
    SceneErrorCase("aViewUsedBeforeTheEntryThatAddsItIsARunTimeError",
                   yaml: scene("timeline:", "  - {at: 1, do: [{addSubview: {view: {id: late}}}]}",
                               "  - {at: 0.5, do: [{set: {target: late, alpha: 0.5}}]}"),
                   line: 5, column: 20,
                   message: .exactly("view 'late' does not exist yet at t = 0.5 s: the addSubview that adds it runs later")),
    SceneErrorCase("addingAViewInsideItselfIsAnErrorNotACrash",
                   yaml: scene("views: [{id: outer, subviews: [{id: inner}]}]", "timeline:",
                               "  - {at: 0, do: [{addSubview: {to: inner, view: outer}}]}"),
                   line: 5, column: 18, message: .exactly("cannot add 'outer' to 'inner': 'inner' is inside 'outer'")),
    SceneErrorCase("addingAViewToItselfIsAnErrorNotACrash",
                   yaml: scene("views: [{id: outer}]", "timeline:", "  - {at: 0, do: [{addSubview: {to: outer, view: outer}}]}"),
                   line: 5, column: 49, message: .exactly("a view cannot be added to itself")),
]
