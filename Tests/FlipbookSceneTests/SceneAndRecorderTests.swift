import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// A scene file and Swift code that describe the same animation stand on the same kind
/// of stage, so they render the same frames, and last as long.
@MainActor
@Suite struct SceneAndRecorderTests {
    private let scene = """
        flipbook: 1
        canvas: {size: [80, 40], fps: 10}
        views: [{id: box, frame: [0, 10, 20, 20], backgroundColor: red}]
        timeline:
          - at: 0
            do:
              - set: {target: box, center: [70, 20]}
              - addAnimation:
                  layer: box.layer
                  key: slide
                  animation: {class: CABasicAnimation, keyPath: position.x, fromValue: 10, toValue: 70, duration: 0.75}
          - at: 0.5
            do: [{set: {target: box, alpha: 0.5}}]
        """

    /// The same, written as an app would.
    private func recorder() -> Recorder {
        let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
        let box = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 20))
        box.backgroundColor = .red
        recorder.rootView.addSubview(box)
        recorder.at(0) {
            box.center = CGPoint(x: 70, y: 20)
            let slide = CABasicAnimation(keyPath: "position.x")
            (slide.fromValue, slide.toValue, slide.duration) = (10, 70, 0.75)
            box.layer.add(slide, forKey: "slide")
        }
        recorder.at(0.5) { box.alpha = 0.5 }
        return recorder
    }

    @Test func aSceneAndTheSameCodeRenderTheSameFramesForAsLong_T5() throws {
        let loaded = try SceneLoader.load(yaml: scene, file: "slide.yaml")
        let run = SceneRun(scene: loaded)
        let fromScene = BitmapCollector(width: 80, height: 40), fromCode = BitmapCollector(width: 80, height: 40)

        let frameCount = loaded.frameCount(duration: try loaded.duration())
        try FramePipeline(jobs: 2).run(frames: Array(0..<frameCount), snapshot: run.renderTree(atFrame:), sink: fromScene)
        try recorder().render(into: fromCode)

        #expect(frameCount == 9, "0.75 s at 10 fps, rounded to frame 8, is the last event")
        #expect(fromCode.frames.count == frameCount)
        #expect(fromScene.frames.map(\.bitmap) == fromCode.frames.map(\.bitmap))
        #expect(fromScene.frames[3].bitmap != fromScene.frames[4].bitmap, "the box moves")
    }
}
