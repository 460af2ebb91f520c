import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// Scenes a fuzzer found that trapped or hung the loader or the run: each is now an
/// error at the value (or the action) that causes it.
@MainActor
@Suite struct HostileSceneTests: SceneTesting {
    nonisolated static func scene(_ rest: String) -> String {
        "flipbook: 1\ncanvas: {size: [100, 100], duration: 1}\n" + rest
    }

    nonisolated static func column(of token: String, inLine line: Int, of yaml: String) -> Int {
        SceneErrorCase.column(of: token, in: String(yaml.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]))
    }

    nonisolated static func errorCase(_ name: String, _ yaml: String, at token: String, line: Int,
                                      _ message: SceneErrorCase.Message) -> SceneErrorCase {
        SceneErrorCase(name, behaviours: [], yaml: yaml, line: line, column: column(of: token, inLine: line, of: yaml),
                       message: message)
    }

    nonisolated static let wholeNumberCases: [SceneErrorCase] = [
        errorCase("aBase60VersionBeyond64BitsIsAnError", "flipbook: 1:0:0:0:0:0:0:0:0:0:0:0\ncanvas: {size: [10, 10]}\n",
                  at: "1:0", line: 1, .exactly("'flipbook' is 1:0:0:0:0:0:0:0:0:0:0:0, out of the range of whole numbers "
                                               + "(-9223372036854775808…9223372036854775807)")),
        errorCase("aBase60ToleranceBeyond64BitsIsAnError", scene("golden: {frames: [0], tolerance: 1:0:0:0:0:0:0:0:0:0:0:0}\n"),
                  at: "1:0", line: 3, .startingWith("'tolerance' is 1:0:0:0:0:0:0:0:0:0:0:0, out of the range")),
        errorCase("aHexInstanceCountBeyond64BitsIsAnError",
                  scene("layers: [{id: r, class: CAReplicatorLayer, instanceCount: 0x1_0000_0000_0000_0000}]\n"),
                  at: "0x", line: 3, .startingWith("'instanceCount' is 0x1_0000_0000_0000_0000, out of the range")),
        errorCase("aBase60NumberOfLinesBeyond64BitsIsAnError",
                  scene("views: [{class: UILabel, numberOfLines: -9:0:0:0:0:0:0:0:0:0:0:0}]\n"),
                  at: "-9", line: 3, .startingWith("'numberOfLines' is -9:0:0:0:0:0:0:0:0:0:0:0, out of the range")),
        errorCase("aBase60PartOf60OrMoreIsNoWholeNumber", scene("golden: {frames: [0], tolerance: 1:60}\n"),
                  at: "1:60", line: 3, .exactly("'tolerance' must be a whole number, got the number 1:60")),
    ]

    @Test(arguments: wholeNumberCases)
    func wholeNumbersTooLargeFor64BitsAreErrorsAtTheValue(_ expected: SceneErrorCase) {
        expect(error(expected.yaml), toBe: expected)
    }

    @Test func wholeNumbersReadInEveryYAML11Form() throws {
        let tolerances = try ["0x1F", "0o17", "017", "0b101", "1:02", "1_0", "+7", "0"].map { text in
            try load(Self.scene("golden: {frames: [0], tolerance: \(text)}\n")).golden?.perChannelTolerance
        }
        let lowest = try load(Self.scene("layers: [{id: r, class: CAReplicatorLayer, instanceCount: -0}]\n"))

        #expect(tolerances == [31, 15, 15, 5, 62, 10, 7, 0])
        #expect(lowest.name == "test")
    }

    @Test func theLargestAndSmallestWholeNumbersAreReadExactly() throws {
        let largest = SceneErrorCase("", behaviours: [], yaml: Self.scene("golden: {frames: [0], tolerance: 9223372036854775807}\n"),
                                     message: .exactly("'tolerance' is per colour channel, between 0 and 255; got 9223372036854775807"))
        let smallest = SceneErrorCase("", behaviours: [], yaml: Self.scene("golden: {frames: [0], tolerance: -9223372036854775808}\n"),
                                      message: .exactly("'tolerance' is per colour channel, between 0 and 255; got -9223372036854775808"))

        expect(error(largest.yaml), toBe: largest)
        expect(error(smallest.yaml), toBe: smallest)
    }

    /// `a0` is 9 scalars, each further anchor 9 aliases of the one before: `depth` levels
    /// stand for 9^depth scalars in a file of a few hundred bytes.
    nonisolated static func billionLaughs(depth: Int) -> String {
        var lines = ["flipbook: 1", "canvas: {size: [10, 10]}", "laughs:", "  a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...depth {
            lines.append("  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aliasesThatStandForTooManyNodesAreAnErrorNamingTheLimit() throws {
        let yaml = Self.billionLaughs(depth: 12)

        let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: yaml, file: "test.yaml") }

        #expect(yaml.utf8.count < 1000)
        #expect(found?.message.hasPrefix("the scene's aliases stand for more than 100000 nodes") == true, "\(String(describing: found))")
        #expect(found?.message.hasSuffix("pass --limit alias-nodes=N to raise it") == true)
        #expect(found?.line ?? 0 >= 4, "at an anchor of the laughs, not at 1:1")
    }

    @Test func anAliasAsAMappingKeyIsRefusedBeforeTheYAMLLibraryHashesIt() throws {
        // Nine levels of laughs as keys: the YAML library's duplicate-key check would hash
        // 9^9 nodes. Quoted, commented and block-scalar look-alikes are not keys; a key
        // after a block scalar, at the column of the key that opened it, is, and so is one
        // after an apostrophe in plain text or a quote left open on a line less indented.
        let laughs = Self.billionLaughs(depth: 9)
        let keys = [laughs + "keys:\n  *a9 : 1\n", laughs + "keys: {x: 1, *a9: 2}\n", laughs + "keys:\n  ? *a9\n  : 1\n",
                    laughs + "keys:\n  - text: |\n      *a9: in the block\n    *a9: 1\n",
                    laughs + "keys:\n  note: rock 'n roll\n  *a9: 1\n",
                    laughs + "keys:\n  - text: \"a quote left open\n  *a9: 1\n"]
        let lookAlikes = Self.scene("""
            layers:
              - {id: a, frame: &box [0, 0, 10, 10], name: "*box: not a key"}  # *box: nor this
              - {id: b, frame: *box}
              - id: c
                name: |-
                  *box: nor a line of a block
                    *box: nor one indented more
                frame: *box
              - id: d
                name: "a quote going on
                  *box: over two lines"

            """)

        for yaml in keys {
            let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: yaml, file: "test.yaml") }
            #expect(found?.message == "the alias '*a9' is a mapping key; a scene uses aliases as values only")
            #expect(found?.line ?? 0 > 12, "at the key, not at 1:1")
        }
        #expect(throws: Never.self) { try SceneLoader.load(yaml: lookAlikes, file: "test.yaml") }
    }

    @Test func aliasesWithinTheLimitLoadAndAreReadAsTheirAnchors() throws {
        var options = SceneLoader.Options()
        try options.limits.set("alias-nodes=20")
        let yaml = Self.scene("""
            layers:
              - {id: a, frame: &box [0, 0, 10, 10]}
              - {id: b, frame: *box}
            timeline:
              - {at: 0, do: &fade [{set: {target: a, opacity: 0.5}}]}
              - {at: 0.5, do: *fade}

            """)

        let scene = try SceneLoader.load(yaml: yaml, file: "test.yaml", options: options)
        try options.limits.set("alias-nodes=5")
        let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: yaml, file: "test.yaml", options: options) }

        #expect(SceneRun(scene: scene).layer("b")?.frame == CGRect(x: 0, y: 0, width: 10, height: 10),
                "the box (5 nodes) and the fade (7) are 12 nodes through aliases")
        #expect(found?.message.hasPrefix("the scene's aliases stand for more than 5 nodes") == true, "\(String(describing: found))")
    }
}

extension HostileSceneTests {
    nonisolated static let locatedCases: [SceneErrorCase] = [
        errorCase("aDuplicateKeyInAFlowMapIsAnErrorAtTheDuplicate", scene("views:\n  - {id: a}\n  - {id: b, id: c}\n"),
                  at: "id: c", line: 5, .exactly("the key 'id' appears twice in this map; remove one")),
        errorCase("aDuplicateKeyInABlockMapIsAnErrorAtTheDuplicate",
                  scene("layers:\n  - id: a\n    opacity: 1\n    opacity: 0.5\n"),
                  at: "opacity", line: 6, .exactly("the key 'opacity' appears twice in this map; remove one")),
        errorCase("aTransitionToAnAncestorIsARunTimeErrorAtTheEntry", scene("""
                      views:
                        - {id: outer, frame: [0, 0, 100, 100], subviews: [{id: inner, frame: [0, 0, 10, 10]}]}
                      timeline:
                        - {at: 0.25, do: [{transition: {from: inner, to: outer, duration: 0.2}}]}
                      """),
                  at: "{transition", line: 6, .exactly("cannot transition from 'inner' to 'outer' at t = 0.25 s: 'outer' "
                                                       + "holds 'inner', so it cannot take its place")),
        errorCase("aTransitionToTheSuperviewItselfIsARunTimeError", scene("""
                      views:
                        - {id: outer, frame: [0, 0, 100, 100], subviews: [{id: mid, subviews: [{id: inner}]}]}
                      timeline:
                        - {at: 0, do: [{transition: {from: inner, to: mid, duration: 0.2}}]}
                      """),
                  at: "{transition", line: 6, .startingWith("cannot transition from 'inner' to 'mid' at t = 0.0 s")),
        errorCase("aGestureReleasedAfterTheDurationLimitIsAnError", interactivePresent(release: "601"),
                  at: "601", line: 9, .exactly("the gesture's release time in seconds is 601.0, more than the limit of "
                                               + "600; pass --limit duration=N to raise it")),
        errorCase("aLabelFontOfAMillionPointsIsOverTheLimit",
                  scene("views: [{class: UILabel, text: hi, font: {size: 1e6}}]\n"), at: "1e6", line: 3,
                  .exactly("the font size is 1000000.0, more than the limit of 10000; pass --limit font-size=N to raise it")),
        errorCase("aTextLayerFontSizeAnimatedToAMillionPointsIsOverTheLimit", scene("""
                      layers: [{id: t, class: CATextLayer, string: hi}]
                      timeline:
                        - {at: 0, do: [{addAnimation: {layer: t, animation: {class: CABasicAnimation, keyPath: fontSize, toValue: 1e6}}}]}
                      """),
                  at: "1e6", line: 5, .startingWith("the font size is 1000000.0, more than the limit of 10000")),
    ]

    @Test(arguments: locatedCases)
    func scenesThatTrappedOrHungAreErrorsAtTheirCause(_ expected: SceneErrorCase) {
        expect(error(expected.yaml), toBe: expected)
    }

    /// A view presented from `v` by a gesture that holds at 60 % until `release` seconds.
    nonisolated static func interactivePresent(release: String, fps: String = "60") -> String {
        """
        flipbook: 1
        canvas: {size: [100, 100], fps: \(fps)}
        views: [{id: v, frame: [0, 0, 100, 100]}]
        timeline:
          - at: 0
            do:
              - present: {id: sheet, from: v, view: {frame: [0, 0, 100, 100]},
                          transitioning: {duration: 1, do: [{addSubview: {to: $container, view: $to}}]},
                          interactive: {progress: [[0, 0], [0.5, 0.6]], release: \(release)}}
        """
    }

    @Test func aLongGestureAtAHighFrameRateRunsToItsRelease() throws {
        let run = try run(Self.interactivePresent(release: "10", fps: "1000"))

        let end = run.runUntilIdle()

        #expect(run.failure == nil)
        #expect(end >= 10, "10,000 updates, each scheduling the next, then the release (it was quadratic)")
        #expect(run.events.last.map { "\($0.json)" }?.contains("\"finished\":true") == true, "60 % at the release finishes")
    }

    @Test func twentyThousandSiblingViewsLoadAndBuild() throws {
        var options = SceneLoader.Options()
        try options.limits.set("layers=20000")
        let yaml = Self.scene("views:\n" + (0..<20_000).map { "  - {id: v\($0), frame: [0, 0, 1, 1]}\n" }.joined())

        let scene = try SceneLoader.load(yaml: yaml, file: "test.yaml", options: options)
        let run = SceneRun(scene: scene)

        #expect(run.rootView.subviews.count == 20_000, "each insert in place, its sibling found at the end (it was quadratic)")
        #expect(run.rootView.layer.sublayers?.last === run.view("v19999")?.layer)
    }
}
