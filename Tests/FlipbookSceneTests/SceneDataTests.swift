import FlipbookRender
import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// A loaded scene is plain data: reading the same text twice gives equal scenes, a change
/// anywhere makes them differ, and a scene crosses tasks and runs the same after.
@MainActor
@Suite struct SceneDataTests {
    private let text = """
        flipbook: 1
        canvas: {size: [120, 80], fps: 30}
        views:
          - {id: card, class: UILabel, frame: [10, 10, 60, 30], text: Hello, backgroundColor: systemBlue,
             layer: {cornerRadius: 6}}
        layers:
          - {id: dot, class: CAShapeLayer, frame: [80, 40, 20, 20], path: {ellipse: [0, 0, 20, 20]}, fillColor: red}
        timeline:
          - at: 0.25
            do:
              - addAnimation:
                  layer: dot
                  animation: {class: CABasicAnimation, keyPath: opacity, fromValue: 1, toValue: 0, duration: 0.5, beginTime: 0.1}
              - animate: {duration: 0.4, options: [curveEaseIn], do: [{set: {target: card, alpha: 0.5}}]}
        """

    private func load(_ yaml: String) throws -> Scene { try SceneLoader.load(yaml: yaml, file: "test.yaml") }

    @Test func readingTheSameTextTwiceGivesEqualScenes() throws {
        #expect(try load(text) == load(text))
    }

    @Test(arguments: [
        ("a property of a view", "text: Hello", "text: Hullo"),
        ("a property of a view's layer", "cornerRadius: 6", "cornerRadius: 7"),
        ("a property of a layer", "fillColor: red", "fillColor: blue"),
        ("an animation's value", "toValue: 0,", "toValue: 0.5,"),
        ("an animation's begin time", "beginTime: 0.1", "beginTime: 0.2"),
        ("a UIView animation's options", "[curveEaseIn]", "[curveEaseOut]"),
        ("a timeline entry's time", "at: 0.25", "at: 0.3"),
        ("the canvas", "fps: 30", "fps: 25"),
    ])
    func aChangeAnywhereMakesScenesDiffer(_ change: (place: String, from: String, to: String)) throws {
        #expect(text.contains(change.from), "the change must apply")

        let changed = try load(text.replacingOccurrences(of: change.from, with: change.to))

        #expect(try load(text) != changed, "\(change.place) is part of the scene's value")
    }

    @Test func aSceneSentToAnotherTaskRunsAsTheOriginal_T5() async throws {
        let scene = try load(text)

        let sent = await Task.detached { scene }.value

        #expect(sent == scene)
        let original = SceneRun(scene: scene), copy = SceneRun(scene: sent)
        #expect(original.renderTree(atFrame: 15).drawsSamePixels(as: copy.renderTree(atFrame: 15)))
        #expect(original.layer("dot")?.presentation()?.opacity == copy.layer("dot")?.presentation()?.opacity)
    }

    @Test func loadingDoesNotRunTheScene() throws {
        let brokenAtRunTime = """
            flipbook: 1
            canvas: {size: [100, 100]}
            timeline:
              - {at: 1, do: [{addSubview: {view: {id: late, frame: [0, 0, 10, 10]}}}]}
              - {at: 0.5, do: [{set: {target: late, alpha: 0.5}}]}
            """

        let scene = try load(brokenAtRunTime)

        #expect(throws: SceneError.self, "running it finds that 'late' does not exist yet at 0.5 s") { try scene.duration() }
    }

    @Test func imagesOfTheSameFilesMakeEqualScenesAndAChangedFileADifferentOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("dot.png").path
        try PNGCodec.write(Bitmap(width: 2, height: 2, filledWith: RGBA8(255, 0, 0)), to: image, compressionLevel: 1)
        let withImage = """
            flipbook: 1
            canvas: {size: [10, 10]}
            layers: [{id: dot, frame: [0, 0, 4, 4], contents: \(image)}]
            """

        // The scene lives beside its image: a scene reads only files in its own folder.
        let file = folder.appendingPathComponent("test.yaml").path
        let first = try SceneLoader.load(yaml: withImage, file: file)
        let second = try SceneLoader.load(yaml: withImage, file: file)
        try PNGCodec.write(Bitmap(width: 3, height: 2, filledWith: RGBA8(0, 0, 255)), to: image, compressionLevel: 1)
        let changed = try SceneLoader.load(yaml: withImage, file: file)

        #expect(first == second)
        #expect(changed != first, "the file is read again once it changes")
    }
}
