import FlipbookQuartz
import Testing

/// `CATransition` on a layer (CA6): what the render tree carries while it runs.
@MainActor
@Suite struct CATransitionTests {
    @Test func progressRunsFromStartProgressToEndProgress_CA6() throws {
        let stage = Stage()
        let layer = stage.committedLayer()
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromTop
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        transition.duration = 1

        stage.turn {
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.add(transition, forKey: "transition")
        }
        stage.advance(to: 0.5)
        let running = try #require(layer.renderLayer()?.transition)
        stage.advance(to: 1.5)

        #expect(running.type == .push && running.subtype == .fromTop)
        #expect(abs(running.progress - 0.4) < 1e-6, "0.2 + (0.6 − 0.2) · 0.5 (Float progress values)")
        #expect(running.old.backgroundColor == nil, "the old appearance had no colour")
        #expect(layer.renderLayer()?.transition == nil, "removed when it ends")
    }

    @Test func anEndedTransitionLeavesNoTraceWhileOtherAnimationsRun_CA6() throws {
        // Frames reuse one presentation copy per layer: the transition's state must not
        // outlive the transition on it.
        let stage = Stage()
        let layer = stage.committedLayer()
        let transition = CATransition()
        transition.duration = 0.5
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 2

        stage.turn {
            layer.add(transition, forKey: "transition")
            layer.add(fade, forKey: "fade")
        }
        stage.advance(to: 0.25)
        let during = try #require(layer.renderLayer())
        stage.advance(to: 1)
        let after = try #require(layer.renderLayer())

        #expect(during.transition != nil)
        #expect(after.transition == nil, "removed when it ends, though the fade still runs")
        #expect(abs(after.opacity - 0.5) < 1e-6, "the fade at 1 s of 2 s")
        #expect(abs(during.opacity - 0.875) < 1e-6, "the fade at 0.25 s")
    }
}
