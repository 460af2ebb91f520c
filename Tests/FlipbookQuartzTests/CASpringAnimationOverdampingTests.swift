import FlipbookQuartz
import Foundation
import Testing

/// `CASpringAnimation.allowsOverdamping` and the perceptual spring (iOS 17; T3, FACTS §2):
/// by default a spring damped above critical runs critically damped.
@MainActor
@Suite struct CASpringAnimationOverdampingTests {
    /// Mass 1, stiffness 100, damping 100: ζ = 5.
    private func heavilyDamped() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.damping = 100
        return spring
    }

    @Test func byDefaultAnOverdampedSpringRunsCriticallyDamped_T3() {
        let animation = heavilyDamped()

        let spring = animation.spring

        #expect(animation.allowsOverdamping == false)
        #expect(spring.damping == 20, "2√(k·m) = 20")
        #expect(abs(spring.value(at: 0.25) - (1 - exp(-2.5) * 3.5)) < 1e-12, "x(t) = 1 − e^(−ω0 t)(1 + ω0 t)")
        #expect(spring.settlingDuration == Spring(damping: 20).settlingDuration)
    }

    @Test func allowingOverdampingFollowsTheOverdampedCurve_T3() {
        let animation = heavilyDamped()
        animation.allowsOverdamping = true

        let spring = animation.spring

        #expect(spring.damping == 100)
        #expect(abs(spring.value(at: 0.25) - 0.2151744) < 1e-6, "r1 = −10(5 − √24), A = r2 / (r2 − r1)")
        #expect(spring.settlingDuration > 6, "an overdamped spring creeps: several seconds")
    }

    @Test func aCopyKeepsAllowsOverdamping_T3() {
        let animation = heavilyDamped()
        animation.allowsOverdamping = true

        let copy: CASpringAnimation? = animation.copy()

        #expect(copy?.allowsOverdamping == true)
        #expect(copy?.spring.damping == 100)
    }

    @Test func thePerceptualSpringHasTheDocumentedCoefficients_T3() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)

        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9137) < 1e-4, "(2π / 0.5)², FACTS §2")
        #expect(abs(spring.damping - 25.1327) < 1e-4, "4π·ζ / 0.5")
        #expect(abs(spring.perceptualDuration - 0.5) < 1e-12)
        #expect(abs(spring.bounce) < 1e-12)
    }

    @Test(arguments: [0.3, 0.7, -0.4])
    func bounceAndPerceptualDurationReadBackWhatMadeTheSpring_T3(_ bounce: Double) {
        let spring = CASpringAnimation(perceptualDuration: 1.2, bounce: bounce)

        #expect(abs(spring.bounce - bounce) < 1e-12)
        #expect(abs(spring.perceptualDuration - 1.2) < 1e-12)
    }
}
