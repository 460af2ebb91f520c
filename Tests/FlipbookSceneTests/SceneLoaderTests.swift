import FlipbookScene
import Foundation
import FlipbookUIKit
import Testing

/// Scene files: defaults, values, and errors located as FILE:LINE:COL (docs/scene-format.md "Errors").
@MainActor
@Suite struct SceneLoaderTests: SceneTesting {
    @Test func defaultsFollowTheFormat() throws {
        let scene = try load("flipbook: 1\ncanvas: {size: [320, 240]}\n")

        #expect(scene.canvas.fps == 60)
        #expect(scene.canvas.scale == 1)
        #expect(scene.canvas.background == .white)
        #expect(try scene.duration() == 0)
        #expect(try scene.frameCount(duration: scene.duration()) == 1)
        #expect(scene.name == "test")
    }

    @Test func frameCountIsRoundedDurationTimesFpsPlusOne_T5() throws {
        let scene = try load("flipbook: 1\ncanvas: {size: [10, 10], fps: 30, duration: 1.5}\n")

        #expect(try scene.frameCount(duration: scene.duration()) == 46)
        #expect(scene.time(ofFrame: 45) == 1.5)
        #expect(scene.time(ofFrame: 7) == 7.0 / 30)
    }

    @Test func booleansAreYAMLsPlainOnesAndAQuotedWordIsAString() throws {
        let base = "flipbook: 1\ncanvas: {size: [100, 100]}\nlayers:\n  - {id: a, frame: [0, 0, 10, 10], masksToBounds: "

        for word in ["true", "True", "yes", "ON", "false", "no", "Off"] {
            #expect(throws: Never.self) { try load(base + word + "}\n") }
        }
        #expect(error(base + "\"true\"}\n")?.message == "'masksToBounds' must be true or false, got the string \"true\"")
        #expect(error(base + "1}\n")?.message == "'masksToBounds' must be true or false, got the number 1")
    }

    @Test func numbersAreYAMLsFloatsWithSeparatorsAndSexagesimals() throws {
        let scene = try load("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers:
              - {id: a, position: [1_0, 2.5e1], bounds: [-.5, +0.5, 1:30, 0x10]}
            """)
        let layer = try #require(SceneRun(scene: scene).layer("a"))

        #expect(layer.position == CGPoint(x: 10, y: 25))
        #expect(layer.bounds == CGRect(x: -0.5, y: 0.5, width: 90, height: 16))
        #expect(error("flipbook: 1\ncanvas: {size: [100, 100]}\nlayers: [{id: a, position: [\"1\", 2]}]\n")?.message
            == "'position' must be a point [x, y], got a list of 2 items")
    }

    @Test func aByteOrderMarkAtTheStartOfTheFileIsPassedOver() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let good = "flipbook: 1\ncanvas: {size: [320, 240], fps: 30}\n"
        let bad = good + "layers: [{id: a, frame: [0, 0, 1]}]\n"
        let mark = Data([0xEF, 0xBB, 0xBF])

        try (mark + Data(good.utf8)).write(to: file)
        let scene = try SceneLoader.load(path: file.path)
        try (mark + Data(bad.utf8)).write(to: file)
        let marked = #expect(throws: SceneError.self) { try SceneLoader.load(path: file.path) }
        try Data(bad.utf8).write(to: file)
        let unmarked = #expect(throws: SceneError.self) { try SceneLoader.load(path: file.path) }

        #expect(scene.canvas.fps == 30)
        #expect(marked?.line == 3 && marked?.line == unmarked?.line && marked?.column == unmarked?.column,
                "an error after the mark is located as without it")
    }

    @Test(arguments: loaderErrors)
    func aBadSceneIsRejectedSayingWhereAndWhatIsWrong(_ bad: SceneErrorCase) {
        let found = error(bad.yaml)

        expect(found, toBe: bad)
    }

    @Test func perspectiveSetsM34AndRotationsTurnInDepth() throws {
        let scene = try load("""
            flipbook: 1
            canvas: {size: [10, 10]}
            layers: [{id: l, sublayerTransform: [{perspective: 500}], transform: [{rotateY: 30deg}]}]
            """)
        let layer = SceneRun(scene: scene).layer("l")!

        #expect(layer.sublayerTransform.m34 == -1.0 / 500)
        #expect(abs(layer.transform.m13 + 0.5) < 1e-12)
    }

    @Test func valuesAcceptUnitsAndColourForms() throws {
        let scene = try load("""
            flipbook: 1
            canvas: {size: [100, 100], duration: 250ms}
            views:
              - {id: a, frame: [0, 0, 10, 10], backgroundColor: "#FF000080", transform: [{rotate: 0.25turn}]}
              - {id: b, frame: [0, 0, 10, 10], backgroundColor: [0, 0.5, 1]}
            """)
        let run = SceneRun(scene: scene)

        #expect(try scene.duration() == 0.25)
        #expect(abs((run.view("a")?.transform.b ?? 0) - 1) < 1e-12)
        #expect(abs((run.view("a")?.backgroundColor?.cgColor.alpha ?? 0) - 128.0 / 255) < 1e-9)
        #expect(run.view("b")?.backgroundColor?.cgColor == CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
    }

    @Test func transformOperationsChainLikeCATransform3DCalls() throws {
        let scene = try load("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: l, transform: [{translate: [10, 0]}, {scale: 2}]}]
            """)
        let layer = SceneRun(scene: scene).layer("l")!

        // CATransform3DScale(CATransform3DTranslate(identity, 10, 0, 0), 2, 2, 1): scale first.
        #expect(layer.transform.affineTransform == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
    }

    @Test func setChangesTheModelAtItsTime() throws {
        let scene = try load("""
            flipbook: 1
            canvas: {size: [100, 100]}
            views: [{id: box, frame: [0, 0, 10, 10]}]
            layers: [{id: dot, superlayer: box.layer, frame: [1, 1, 2, 2]}]
            timeline:
              - {at: 0.5, do: [{set: {target: box, alpha: 0.25}}, {set: {target: box.layer, cornerRadius: 3}}]}
            """)
        let run = SceneRun(scene: scene)

        run.advance(to: 0.49)
        let before = run.view("box")!.alpha
        run.advance(to: 0.5)

        #expect(before == 1)
        #expect(run.view("box")!.alpha == 0.25)
        #expect(run.layer("box.layer")!.cornerRadius == 3)
        #expect(run.layer("dot")!.superlayer === run.view("box")!.layer)
        #expect(try scene.duration() == 0.5)
    }
}

/// A scene file of `lines`.
private func yaml(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

private let loaderErrors = [
    SceneErrorCase("typoedKeyNamesTheNearestValidKey",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views:", "  - id: card", "    backgroudColor: red"),
                   line: 5, column: 5,
                   message: .exactly("unknown key 'backgroudColor' in item 1 of 'views' (did you mean 'backgroundColor'?)")),
    SceneErrorCase("aLayerPropertyOnAViewSaysToWriteItOnTheLayer",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views:", "  - id: card", "    cornerRadius: 8"),
                   line: 5, column: 5,
                   message: .exactly("unknown key 'cornerRadius' in item 1 of 'views': 'cornerRadius' is a property of "
                                     + "the view's layer: write layer: {cornerRadius: …}")),
    SceneErrorCase("aViewsOpacityIsItsAlpha",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views: [{id: card, opacity: 0.5}]"),
                   line: 3, message: .exactly("unknown key 'opacity' in item 1 of 'views': a view's is 'alpha' "
                                              + "('opacity' is its layer's: write layer: {opacity: …})")),
    SceneErrorCase("aLayersAlphaIsItsOpacity",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "layers: [{id: dot, alpha: 0.5}]"),
                   line: 3, message: .exactly("unknown key 'alpha' in item 1 of 'layers': a layer's is 'opacity' "
                                              + "('alpha' is a UIView property)")),
    SceneErrorCase("settingALayerPropertyOnAViewSaysToTargetItsLayer",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views: [{id: card}]", "timeline:", "  - at: 0",
                              "    do: [{set: {target: card, borderWidth: 2}}]"),
                   line: 6, message: .exactly("unknown key 'borderWidth' in 'set': 'borderWidth' is a property of the "
                                              + "view's layer: set it with target: <view id>.layer")),
    SceneErrorCase("unknownTargetIdIsNamedWithSuggestion",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views: [{id: card}]", "timeline:", "  - at: 0",
                              "    do: [{set: {target: crad, alpha: 0.5}}]"),
                   line: 6, message: .exactly("unknown id 'crad' (did you mean 'card'?)")),
    SceneErrorCase("wrongTypeSaysWhatWasExpected",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views: [{id: card, alpha: \"half\"}]"),
                   line: 3, message: .exactly("'alpha' must be a number, got the string \"half\"")),
    SceneErrorCase("anInfiniteNumberInARectIsNamedAsSuch",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100]}", "views: [{id: card, frame: [10, 10, .inf, 50]}]"),
                   line: 3, column: 36, message: .exactly("item 3 of 'frame' must be a finite number, got .inf")),
    SceneErrorCase("missingCanvasIsReported", yaml: yaml("flipbook: 1", "views: []"),
                   line: 1, column: 1, message: .exactly("the scene is missing the required key 'canvas'")),
    SceneErrorCase("invalidYAMLIsLocated", yaml: yaml("flipbook: 1", "canvas: {size: [10, 10]"),
                   line: 3, message: .startingWith("invalid YAML")),
    SceneErrorCase("aColourIn0To255SaysToDivideBy255",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], background: [255, 128, 0]}"), line: 2, column: 38,
                   message: .exactly("'background': a colour's [r, g, b(, a)] are each 0…1, got 255.0 "
                                     + "(for 0…255 values, divide by 255)")),
    SceneErrorCase("aColourSlightlyOver1GetsNoHintAbout255",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], background: [1.5, 0, 0]}"),
                   message: .exactly("'background': a colour's [r, g, b(, a)] are each 0…1, got 1.5")),
    SceneErrorCase("aShortSizeSaysHowManyNumbersItHas",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100]}"), line: 2, column: 16,
                   message: .exactly("'size' must be a size [width, height], got a list of 1 number")),
    SceneErrorCase("unknownColourSuggestsANearName", yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], background: sytemBlue}"),
                   message: .exactly("'background': unknown colour 'sytemBlue' (did you mean 'systemBlue'?)")),
    SceneErrorCase("drawOnAViewsLayerIsRejectedWithWhereItBelongs", "G8",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10]}", "views: [{id: card, layer: {draw: []}}]"),
                   message: .exactly("a view draws its layer: put 'draw' on the view, not on its layer")),
    SceneErrorCase("aDrawListChangesOnlyOnViewsDeclaredWithOne", "G8",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10]}", "views: [{id: card}]",
                              "timeline: [{at: 0, do: [{set: {target: card, draw: []}}, {setNeedsDisplay: card}]}]"),
                   message: .exactly("'card' was not made with a 'draw' list; add one (draw: []) where it is declared")),
    SceneErrorCase("aGoldenFrameWordOtherThanLastSaysWhatItMayBe",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], duration: 1}", "golden: {frames: [first]}"),
                   line: 3, column: 19,
                   message: .exactly("item 1 of 'frames' must be a frame number or last, got \"first\" (the first frame is 0)")),
    SceneErrorCase("goldenFramesMustLieInsideTheRender",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], fps: 10, duration: 1}", "golden: {frames: [0, 11]}"),
                   line: 3, message: .exactly("golden frame 11 is beyond the last frame, 10")),
    SceneErrorCase("viewTransformsMustBeAffine",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10]}", "views: [{id: v, transform: [{rotateY: 30deg}]}]"),
                   message: .exactly("'transform': a view's transform is affine (2D); set a 3D transform on its layer")),
    SceneErrorCase("canvasFpsOutOfRangeIsAnErrorAtTheFpsNotACrash", yaml: yaml("flipbook: 1", "canvas: {size: [10, 10], fps: 1e19}"),
                   line: 2, column: 31, message: .exactly("fps must be between 0.001 and 1000, got 1e+19")),
    SceneErrorCase("canvasScaleOutOfRangeIsAnErrorAtTheScaleNotACrash",
                   yaml: yaml("flipbook: 1", "canvas: {size: [100, 100], scale: 1e300}"),
                   line: 2, column: 35, message: .startingWith("scale must be between 0.01 and 16")),
    SceneErrorCase("canvasSizeOutOfRangeIsAnErrorNotACrash", yaml: yaml("flipbook: 1", "canvas: {size: [9000, 100], scale: 2}"),
                   line: 2, message: .startingWith("the canvas must be at least 1 point and at most 16384 pixels")),
    SceneErrorCase("superlayerCyclesAreRejected",
                   yaml: yaml("flipbook: 1", "canvas: {size: [10, 10]}", "layers:", "  - {id: a, superlayer: b}",
                              "  - {id: b, superlayer: a}"),
                   line: 4, message: .exactly("layer 'a' would be its own ancestor: a → b → a")),
]
