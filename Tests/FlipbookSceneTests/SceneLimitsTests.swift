import FlipbookScene
import Foundation
import Testing

/// One resource limit: a scene just within it, one just over it with the error it gives,
/// and the limit, set as `--limit NAME=VALUE` sets it.
struct SceneLimitCase: Sendable, CustomTestStringConvertible {
    let name: String
    let limit: Int
    let within: String
    let over: String
    /// Where the error is: the line, and the token of that line the column points at.
    let line: Int
    let token: String
    let message: String

    var testDescription: String { name }
}

/// Resource limits are checked when the scene loads, each at the value that goes over it,
/// naming the value, the limit and the option that raises it.
@MainActor
@Suite struct SceneLimitsTests {
    /// Scenes load as `scenes/content/test.yaml`, so `images/…` are the repository's test images.
    private let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scenes/content/test.yaml").standardized.path

    nonisolated static func scene(canvas: String = "{size: [10, 10]}", _ rest: String = "") -> String {
        "flipbook: 1\ncanvas: \(canvas)\n" + rest
    }

    nonisolated static let cases: [SceneLimitCase] = [
        SceneLimitCase(name: "canvas-pixels", limit: 100,
                       within: scene(canvas: "{size: [10, 10]}"), over: scene(canvas: "{size: [10, 11]}"),
                       line: 2, token: "[10, 11]",
                       message: "the canvas's pixel count (10×11 at scale 1.0) is 110, more than the limit of 100; "
                           + "pass --limit canvas-pixels=N to raise it"),
        SceneLimitCase(name: "frames", limit: 61,
                       within: scene(canvas: "{size: [10, 10], fps: 60, duration: 1}"),
                       over: scene(canvas: "{size: [10, 10], fps: 61, duration: 1}"),
                       line: 2, token: "1}",
                       message: "the frame count (1.0 s at 61.0 fps) is 62, more than the limit of 61; "
                           + "pass --limit frames=N to raise it"),
        SceneLimitCase(name: "layers", limit: 3,
                       within: scene("views: [{id: a, subviews: [{id: b}]}]\nlayers: [{id: c}]\n"),
                       over: scene("views: [{id: a, subviews: [{id: b}]}]\nlayers: [{id: c}, {id: d}]\n"),
                       line: 4, token: "{id: d}",
                       message: "the number of views and layers is 4, more than the limit of 3; "
                           + "pass --limit layers=N to raise it"),
        SceneLimitCase(name: "depth", limit: 2,
                       within: scene("views: [{id: a, subviews: [{id: b}]}]\n"),
                       over: scene("views: [{id: a, subviews: [{id: b, subviews: [{id: c}]}]}]\n"),
                       line: 3, token: "{id: c}",
                       message: "the views' nesting depth is 3, more than the limit of 2; pass --limit depth=N to raise it"),
        SceneLimitCase(name: "image-pixels", limit: 16,
                       within: scene("layers: [{id: a, contents: images/quad-4x4.png}]\n"),
                       over: scene("layers: [{id: a, contents: images/wide-8x4.png}]\n"),
                       line: 3, token: "images/",
                       message: "the pixel count of the image 'images/wide-8x4.png' (8×4) is 32, more than the limit of 16; "
                           + "pass --limit image-pixels=N to raise it"),
        SceneLimitCase(name: "path-elements", limit: 3,
                       within: scene("layers: [{id: a, class: CAShapeLayer, path: M0 0 L1 1 Z}]\n"),
                       over: scene("layers: [{id: a, class: CAShapeLayer, path: M0 0 L1 1 L2 2 Z}]\n"),
                       line: 3, token: "M0",
                       message: "the path's element count is 4, more than the limit of 3; "
                           + "pass --limit path-elements=N to raise it"),
        SceneLimitCase(name: "layers", limit: 5,
                       within: scene("layers: [{id: r, class: CAReplicatorLayer, instanceCount: 5}]\n"),
                       over: scene("layers: [{id: r, class: CAReplicatorLayer, instanceCount: 6}]\n"),
                       line: 3, token: "6}",
                       message: "'instanceCount' is 6, more than the limit of 5; pass --limit layers=N to raise it"),
    ]

    private func limited(_ limits: String...) throws -> SceneLoader.Options {
        var options = SceneLoader.Options()
        for limit in limits { try options.limits.set(limit) }
        return options
    }

    @Test(arguments: cases)
    func aSceneJustWithinALimitLoadsAndOneJustOverIsAnErrorAtTheValue(_ limit: SceneLimitCase) throws {
        let options = try limited("\(limit.name)=\(limit.limit)")
        let raised = try limited("\(limit.name)=\(limit.limit + 1000)")

        _ = try SceneLoader.load(yaml: limit.within, file: file, options: options)
        let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: limit.over, file: file, options: options) }
        _ = try SceneLoader.load(yaml: limit.over, file: file, options: raised)

        let line = limit.over.split(separator: "\n", omittingEmptySubsequences: false)[limit.line - 1]
        #expect(found?.line == limit.line)
        #expect(found?.column == SceneErrorCase.column(of: limit.token, in: String(line)))
        #expect(found?.message == limit.message)
    }

    @Test func aPathOfPointsCountsItsLinesAndClose() throws {
        let options = try limited("path-elements=3")
        let points = Self.scene("layers: [{id: a, class: CAShapeLayer, path: {points: [[0, 0], [1, 1], [2, 2]], closed: true}}]\n")

        let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: points, file: file, options: options) }

        #expect(found?.message.hasPrefix("the path's element count is 4,") == true)
    }

    /// Layers `r1` and `r2`, replicators of `first` and `second` copies, `r2` inside `r1`,
    /// and a dot inside `r2`: the dot shows first × second times.
    private func nestedReplicators(_ first: Int, _ second: Int) -> String {
        Self.scene("""
            layers:
              - {id: r1, class: CAReplicatorLayer, instanceCount: \(first)}
              - {id: r2, class: CAReplicatorLayer, instanceCount: \(second), superlayer: r1}
              - {id: dot, superlayer: r2}

            """)
    }

    @Test func replicatorsInsideReplicatorsCountTheirCopiesTogether() throws {
        let options = try limited("layers=100")

        let within = try SceneLoader.load(yaml: nestedReplicators(9, 10), file: file, options: options)
        let found = #expect(throws: SceneError.self) {
            try SceneLoader.load(yaml: self.nestedReplicators(10, 10), file: self.file, options: options)
        }

        #expect(within.name == "test", "3 layers, r2 shown 9 times and the dot 90: 3 + 8 + 89 = 100")
        #expect(found?.message.hasPrefix("the number of views and layers with the replicators' copies is 111,") == true,
                "\(String(describing: found))")
    }

    @Test func aChainOfSuperlayersCountsAsDepth() throws {
        let options = try limited("depth=50")
        func chain(_ length: Int) -> String {
            Self.scene("layers:\n" + (0..<length).map { i in
                "  - {id: l\(i)\(i > 0 ? ", superlayer: l\(i - 1)" : "")}\n"
            }.joined())
        }

        let within = try SceneLoader.load(yaml: chain(50), file: file, options: options)
        let found = #expect(throws: SceneError.self) { try SceneLoader.load(yaml: chain(51), file: self.file, options: options) }

        #expect(within.name == "test")
        #expect(found?.message.hasPrefix("the depth of layer 'l50' under its superlayers is 51,") == true, "\(String(describing: found))")
    }

    /// Views `a` (with `b` inside) and `x` (with `y` inside) on the canvas, then `actions`
    /// at t = 0 (from line 7), each an item of one `do` list.
    private func timeline(_ actions: String...) -> String {
        Self.scene(canvas: "{size: [10, 10], duration: 0.1}", """
            views: [{id: a, subviews: [{id: b}]}, {id: x, subviews: [{id: y}]}]
            timeline:
              - at: 0
                do:

            """ + actions.map { "      - \($0)\n" }.joined())
    }

    /// The error of running `yaml` (loaded with `options`), which the load itself accepts.
    private func runTimeError(_ yaml: String, options: SceneLoader.Options) throws -> SceneError? {
        let scene = try SceneLoader.load(yaml: yaml, file: file, options: options)
        return #expect(throws: SceneError.self) { _ = try scene.duration() }
    }

    @Test func viewsTheTimelineAddsCountTheDepthOfTheirParent() throws {
        let options = try limited("depth=3")
        let within = timeline("{addSubview: {to: b, view: {id: c}}}")
        let over = timeline("{addSubview: {to: b, view: {id: c}}}", "{addSubview: {to: c, view: {id: d}}}")
        let overByNesting = timeline("{addSubview: {to: b, view: {id: c, subviews: [{id: d}]}}}")

        _ = try SceneLoader.load(yaml: within, file: file, options: options).duration()
        let found = try runTimeError(over, options: options)
        let foundByNesting = try runTimeError(overByNesting, options: options)

        #expect(found?.line == 8, "at the addSubview that goes over")
        #expect(found?.message == "the views' nesting depth is 4, more than the limit of 3; pass --limit depth=N to raise it")
        #expect(foundByNesting?.line == 7)
        #expect(foundByNesting?.message.hasPrefix("the views' nesting depth is 4,") == true)
    }

    @Test func aViewTheTimelineMovesCountsItsSubviewsUnderItsNewParent() throws {
        let options = try limited("depth=3")
        let within = timeline("{addSubview: {to: a, view: x}}")
        let over = timeline("{addSubview: {to: b, view: x}}")

        _ = try SceneLoader.load(yaml: within, file: file, options: options).duration()
        let found = try runTimeError(over, options: options)

        #expect(found?.line == 7)
        #expect(found?.message == "the views' nesting depth is 4, more than the limit of 3; pass --limit depth=N to raise it")
    }

    @Test func aChainOfAddedViewsStopsAtTheDefaultDepthLimit() throws {
        let chain = Self.scene(canvas: "{size: [10, 10], duration: 0.1}", "views: [{id: v0}]\ntimeline:\n  - at: 0\n    do:\n"
            + (1..<150).map { "      - {addSubview: {to: v\($0 - 1), view: {id: v\($0)}}}\n" }.joined())

        let found = try runTimeError(chain, options: SceneLoader.Options())

        #expect(found?.line == 106, "v100, 101 views deep, added at line 106")
        #expect(found?.message.hasPrefix("the views' nesting depth is 101, more than the limit of 100;") == true)
    }

    @Test func aShadowRadiusHasNoLoadLimitSetOrAnimated() throws {
        // The renderer caps the blur (ShadowPainter: σ at most 500 device pixels), so no value needs refusing.
        let yaml = Self.scene(canvas: "{size: [10, 10], duration: 1}", """
            layers: [{id: a, shadowOpacity: 1, shadowRadius: 1e6}]
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: a, key: blur, animation: {class: CABasicAnimation, keyPath: shadowRadius,
                      toValue: 1e9, duration: 1}}

            """)

        _ = try SceneLoader.load(yaml: yaml, file: file).duration()

        var limits = SceneLimits()
        #expect(throws: SceneLimits.ParseError.self) { try limits.set("shadow-radius=10") }
    }

    @Test func aLongChainOfSuperlayersLoadsWithoutRevisitingIt() throws {
        let options = try limited("depth=20000", "layers=20000")
        let chain = Self.scene("layers:\n" + (0..<10_000).map { i in
            "  - {id: l\(i)\(i > 0 ? ", superlayer: l\(i - 1)" : "")}\n"
        }.joined())

        let scene = try SceneLoader.load(yaml: chain, file: file, options: options)

        #expect(scene.name == "test", "10,000 layers, each resolved once (it was cubic: 4,000 took 45 s)")
    }

    @Test func anOpenPathOfPointsHasNoClose() throws {
        let options = try limited("path-elements=3")
        let points = Self.scene("layers: [{id: a, class: CAShapeLayer, path: {points: [[0, 0], [1, 1], [2, 2]]}}]\n")

        let scene = try SceneLoader.load(yaml: points, file: file, options: options)

        #expect(scene.name == "test", "a move and two lines: 3 elements, within the limit, so it loads")
    }

    @Test func aSceneFileOverItsLimitIsRefusedBeforeItIsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).yaml").path
        let text = Self.scene()
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }

        _ = try SceneLoader.load(path: path, options: try limited("scene-file-bytes=\(text.utf8.count)"))
        let found = #expect(throws: SceneError.self) {
            try SceneLoader.load(path: path, options: try limited("scene-file-bytes=\(text.utf8.count - 1)"))
        }

        #expect(found?.description == "\(path):1:1: error: the scene file's size in bytes is \(text.utf8.count), "
                + "more than the limit of \(text.utf8.count - 1); pass --limit scene-file-bytes=N to raise it")
    }

    @Test func aSceneThatIsNoRegularFileIsRefused() {
        let found = #expect(throws: SceneError.self) { try SceneLoader.load(path: "/dev/zero") }

        #expect(found?.message == "cannot read the scene: it is not a regular file")
    }

    @Test func theDefaultsFitATwoCoreMachineWith24GiB() {
        let limits = SceneLimits()

        #expect(limits.canvasPixels == 64 << 20 && limits.imagePixels == 64 << 20)
        #expect(limits.frames == 100_000 && limits.layers == 10_000 && limits.depth == 100)
        #expect(limits.pathElements == 100_000)
        #expect(limits.sceneFileBytes == 16 << 20 && limits.imageFileBytes == 64 << 20)
    }

    @Test func aCanvasChangedAfterLoadingIsCheckedAgainstTheSameLimits() {
        var limits = SceneLimits()
        limits.canvasPixels = 100
        limits.frames = 61

        let within = limits.problem(canvas: Canvas(size: CGSize(width: 10, height: 10), fps: 60), duration: 1)
        let tooBig = limits.problem(canvas: Canvas(size: CGSize(width: 10, height: 10), scale: 2, fps: 60), duration: 1)
        let tooMany = limits.problem(canvas: Canvas(size: CGSize(width: 10, height: 10), fps: 61), duration: 1)

        #expect(within == nil)
        #expect(tooBig == "the canvas's pixel count (20×20 at scale 2.0) is 400, more than the limit of 100; "
                + "pass --limit canvas-pixels=N to raise it")
        #expect(tooMany == "the frame count (1.0 s at 61.0 fps) is 62, more than the limit of 61; pass --limit frames=N to raise it")
    }

    @Test func anUnknownLimitOrABadValueIsRefused() {
        var limits = SceneLimits()

        #expect(throws: SceneLimits.ParseError.self) { try limits.set("layerz=5") }
        #expect(throws: SceneLimits.ParseError.self) { try limits.set("layers=0") }
        #expect(throws: SceneLimits.ParseError.self) { try limits.set("layers") }
    }
}
