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
}
