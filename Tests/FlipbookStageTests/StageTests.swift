import FlipbookStage
import FlipbookUIKit
import Testing

/// A stage runs whatever stands on it by its own clock: frames at exact times, an end
/// found by running, and no sharing with another stage.
@MainActor
@Suite struct StageTests {
    private func stage(fps: Double = 10) -> Stage {
        Stage(canvas: Canvas(size: CGSize(width: 40, height: 20), fps: fps))
    }

    /// A layer on the stage's root view whose opacity fades from 1 to 0 over `duration`
    /// seconds (an explicit basic animation, linear, model 0).
    private func fadingLayer(on stage: Stage, duration: Double, repeatCount: Float = 0) -> CALayer {
        let layer = CALayer()
        stage.perform {
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            stage.rootView.layer.addSublayer(layer)
            layer.opacity = 0
            let fade = CABasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.duration, fade.repeatCount) = (1.0, 0.0, duration, repeatCount)
            layer.add(fade, forKey: "fade")
        }
        return layer
    }

    @Test func frameTimesComeFromTheFrameIndex_T5() {
        let stage = stage(fps: 3)
        let layer = fadingLayer(on: stage, duration: 1)

        let tree = stage.renderTree(atFrame: 1)

        #expect(stage.time == 1.0 / 3.0, "frame 1 at 1/3 s exactly")
        #expect(abs(Double(layer.presentation()!.opacity) - 2.0 / 3.0) < 1e-6)
        #expect(tree.root.sublayers.count == 1)
    }

    @Test func runningUntilIdleEndsAtTheLastEvent_CA3() {
        let stage = stage()
        _ = fadingLayer(on: stage, duration: 0.7)

        let end = stage.runUntilIdle(limit: 600)

        #expect(end == 0.7)
    }

    @Test func aPlayThatRepeatsForeverLastsTheLimit_T2() {
        let stage = stage()
        _ = fadingLayer(on: stage, duration: 0.5, repeatCount: .infinity)

        let end = stage.runUntilIdle(limit: 30)

        #expect(end == 30)
    }

    @Test func framesUntilIdleEndOnTheFrameOfTheLastEvent() throws {
        let stage = stage()
        _ = fadingLayer(on: stage, duration: 0.25)

        let trees = try stage.renderTreesUntilIdle(limit: 600)

        #expect(trees.count == stage.canvas.frameCount(duration: 0.25), "frames 0…3 at 10 fps (0.25 s rounds to 3)")
        #expect(trees.first?.root.sublayers.first?.opacity == 1)
    }

    @Test func framesUntilIdleOfAnEndlessPlayAreAnError() {
        let stage = stage()
        _ = fadingLayer(on: stage, duration: 0.5, repeatCount: .infinity)

        #expect(throws: Stage.EndlessPlay.self) { try stage.renderTreesUntilIdle(limit: 600) }
    }

    @Test func framesUntilIdleOfAPlayGoingOnPastTheLimitAreAnError() {
        let stage = stage()
        _ = fadingLayer(on: stage, duration: 31)

        #expect(throws: Stage.PlayPastLimit.self) { try stage.renderTreesUntilIdle(limit: 30) }
    }

    @Test func twoStagesKeepTheirOwnClocks_T5() {
        let first = stage(), second = stage()
        let fading = fadingLayer(on: first, duration: 1)

        second.run(until: 5)
        first.run(until: 0.5)

        #expect(first.time == 0.5)
        #expect(second.time == 5)
        #expect(abs(Double(fading.presentation()!.opacity) - 0.5) < 1e-6, "the first stage's animation runs by its own clock")
    }
}
