import FlipbookUIKit
import Testing

/// UIKit's physical springs run on Core Animation with `allowsOverdamping` false: damping
/// above critical runs critically damped (FACTS §2).
@MainActor
@Suite struct UISpringTimingParametersOverdampingTests {
    @Test func anOverdampedPhysicalSpringLastsAsTheCriticalOne_T3_PA7() {
        let overdamped = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(
            mass: 1, stiffness: 100, damping: 100, initialVelocity: .zero))

        let critical = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(
            mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero))

        #expect(overdamped.duration == critical.duration)
        #expect(overdamped.duration < 1.1, "QuartzCore measures 1.0 s for damping 100; the overdamped curve would take 6.96 s")
    }
}
