import FlipbookScene
import FlipbookStage
import Testing

/// A scene without `canvas.duration` that never stops animating runs to the 600 s cap:
/// the loader cannot tell that from a long scene, so the commands warn.
@MainActor
@Suite struct DurationWarningTests: SceneTesting {
    static func scene(canvas: String, repeatCount: String) -> String {
        """
        flipbook: 1
        canvas: \(canvas)
        layers: [{id: dot, frame: [0, 0, 10, 10]}]
        timeline:
          - at: 0
            do:
              - addAnimation: {layer: dot, key: fade, animation:
                  {class: CABasicAnimation, keyPath: opacity, fromValue: 0, toValue: 1, duration: 1, repeatCount: \(repeatCount)}}
        """
    }

    @Test func aSceneRepeatingForeverWithoutADurationIsWarnedAbout() throws {
        let scene = try load(Self.scene(canvas: "{size: [20, 20]}", repeatCount: "inf"))

        let duration = try scene.duration()

        #expect(duration == Canvas.maximumDuration)
        #expect(scene.durationWarning(duration: duration) == "test.yaml: the scene still animates at 600 s "
                + "(an animation repeats forever?) and gives no canvas.duration, so it lasts the cap of 600 s; give canvas.duration")
    }

    @Test func aSceneThatEndsOrGivesItsDurationIsNot() throws {
        let ends = try load(Self.scene(canvas: "{size: [20, 20]}", repeatCount: "3"))
        let given = try load(Self.scene(canvas: "{size: [20, 20], duration: 600}", repeatCount: "inf"))

        #expect(ends.durationWarning(duration: try ends.duration()) == nil)
        #expect(given.durationWarning(duration: try given.duration()) == nil)
    }

    @Test func aTimelineEntryAfterTheDurationIsWarnedAboutAndOneBeforeItIsNot() throws {
        // 1.04 s at 10 fps: 11 frames, the last at 1 s; the run goes on to 1.04 s.
        let scene = try load("""
            flipbook: 1
            canvas: {size: [20, 20], fps: 10, duration: 1.04}
            layers: [{id: dot, frame: [0, 0, 10, 10]}]
            timeline:
              - {at: 1.02, do: [{set: {target: dot, opacity: 0.5}}]}
              - {at: 1.04, do: [{set: {target: dot, opacity: 0.2}}]}
              - {at: 1.05, do: [{set: {target: dot, opacity: 0}}]}
            """)

        #expect(scene.warnings == ["test.yaml:7:5: warning: this entry at 1.05 s comes after the scene's end "
                                   + "(canvas.duration 1.04 s), so it never runs"])
    }
}
