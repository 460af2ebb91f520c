import FlipbookRender
import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// Scene support for images, image views, activity indicators and replicators (G7).
@MainActor
@Suite struct ContentSceneTests: SceneTesting {
    /// A scene file name in `scenes/content/`, so `images/…` paths resolve to the test images.
    private let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scenes/content/test.yaml").standardized.path

    private func loadContent(_ yaml: String) throws -> Scene {
        try SceneLoader.load(yaml: yaml, file: file)
    }

    private func loadError(_ yaml: String) -> String? {
        do {
            _ = try loadContent(yaml)
            return nil
        } catch {
            return (error as? SceneError)?.description.replacingOccurrences(of: file, with: "test.yaml")
        }
    }

    @Test func contentsPathsResolveBesideTheSceneAndDraw_G7() throws {
        let run = SceneRun(scene: try loadContent("""
            flipbook: 1
            canvas: {size: [40, 40]}
            layers:
              - {id: quad, frame: [0, 0, 40, 40], contents: images/quad-4x4.png, contentsRect: [0, 0.5, 0.5, 0.5]}
            """))

        let bitmap = try Compositor().render(run.renderTree())

        #expect(bitmap[2, 2] == RGBA8(0, 0, 255))  // the blue quadrant, stretched
        #expect(bitmap[37, 37] == RGBA8(0, 0, 255))
    }

    @Test func aMissingImageIsAnErrorAtItsValue_G7() {
        let found = loadError("""
            flipbook: 1
            canvas: {size: [40, 40]}
            views:
              - {id: photo, class: UIImageView, image: images/nope.png}
            """)

        #expect(found?.hasPrefix("test.yaml:4:44: error: cannot read the image 'images/nope.png'") == true, "\(found ?? "")")
    }

    @Test func aKeyOfAnotherClassNamesTheClassItNeeds_G7() {
        let imageKey = loadError("""
            flipbook: 1
            canvas: {size: [40, 40]}
            views:
              - {id: plain, animationDuration: 1}
            """)
        let replicatorKey = loadError("""
            flipbook: 1
            canvas: {size: [40, 40]}
            layers:
              - {id: plain, instanceCount: 3}
            """)

        #expect(imageKey == "test.yaml:4:17: error: 'animationDuration' is a property of UIImageView; this view is a UIView (add class: UIImageView)")
        #expect(replicatorKey == "test.yaml:4:17: error: 'instanceCount' is a property of CAReplicatorLayer; this layer is a CALayer (add class: CAReplicatorLayer)")
    }

    @Test func animatingKeysStartAndStopTheViews_G7() throws {
        let run = SceneRun(scene: try loadContent("""
            flipbook: 1
            canvas: {size: [40, 40], duration: 1}
            views:
              - {id: frames, class: UIImageView, animating: true,
                 animationImages: [images/frame-0.png, images/frame-1.png]}
              - {id: spinner, class: UIActivityIndicatorView, style: whiteLarge, animating: true}
            timeline:
              - at: 0.5
                do: [{set: {target: spinner, animating: false}}, {set: {target: frames, animating: false}}]
            """))
        let frames = try #require(run.view("frames") as? UIImageView)
        let spinner = try #require(run.view("spinner") as? UIActivityIndicatorView)
        #expect(frames.isAnimating && spinner.isAnimating && !spinner.isHidden)
        #expect(frames.animationImages?.count == 2 && spinner.color == .white)

        run.advance(to: 0.5)

        #expect(!frames.isAnimating && !spinner.isAnimating && spinner.isHidden)
    }

    @Test func contentsAnimatesThroughImagePathsInAKeyframeAnimation_G7() throws {
        let run = SceneRun(scene: try loadContent("""
            flipbook: 1
            canvas: {size: [32, 32], duration: 1}
            layers:
              - {id: sprite, frame: [0, 0, 32, 32]}
            timeline:
              - at: 0
                do:
                  - addAnimation: {layer: sprite, key: flip, animation:
                      {class: CAKeyframeAnimation, keyPath: contents, calculationMode: discrete, duration: 1,
                       values: [images/frame-0.png, images/frame-3.png]}}
            """))

        run.advance(to: 0.75)
        let bitmap = try Compositor().render(run.renderTree())

        #expect(bitmap[1, 1] == RGBA8(60, 170, 80))  // frame 3's background
    }
}
