import FlipbookQuartz
import XCTest

/// T3: `CASpringAnimation`'s damped oscillator and settling duration; T4: UIKit's mapping
/// from duration and damping ratio to a spring (FACTS §2).
final class SpringTests: XCTestCase {
    private func checkValues(
        _ spring: Spring, _ expected: [(t: Double, x: Double)], accuracy: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (t, x) in expected {
            XCTAssertEqual(spring.value(at: t), x, accuracy: accuracy, "x(\(t))", file: file, line: line)
        }
    }

    private func checkCoefficients(
        _ spring: Spring, stiffness: Double, damping: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(spring.mass, 1, file: file, line: line)
        XCTAssertEqual(spring.stiffness, stiffness, accuracy: stiffness * 1e-5, "stiffness", file: file, line: line)
        XCTAssertEqual(spring.damping, damping, accuracy: damping * 1e-5, "damping", file: file, line: line)
    }

    /// x(t) by fourth-order Runge–Kutta on m·x″ = −k·(x − 1) − c·x′, from x = 0, x′ = v0.
    private func integrate(_ spring: Spring, to end: Double, step: Double = 1e-4) -> Double {
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (-spring.stiffness * (x - 1) - spring.damping * v) / spring.mass
        }
        var x = 0.0, v = spring.initialVelocity
        for _ in 0..<Int((end / step).rounded()) {
            let (x1, v1) = (v, acceleration(x, v))
            let (x2, v2) = (v + v1 * step / 2, acceleration(x + x1 * step / 2, v + v1 * step / 2))
            let (x3, v3) = (v + v2 * step / 2, acceleration(x + x2 * step / 2, v + v2 * step / 2))
            let (x4, v4) = (v + v3 * step, acceleration(x + x3 * step, v + v3 * step))
            x += (x1 + 2 * x2 + 2 * x3 + x4) * step / 6
            v += (v1 + 2 * v2 + 2 * v3 + v4) * step / 6
        }
        return x
    }

    func testDefaultsAreCASpringAnimations_T3() {
        let spring = Spring()

        XCTAssertEqual(spring, Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-12)
    }

    func testDefaultSpringMatchesFactsCheckValues_T3() {
        let spring = Spring()

        let samples = (0...100_000).map { i -> (t: Double, x: Double) in
            let t = Double(i) * 1e-5
            return (t, spring.value(at: t))
        }
        let peak = samples.max { $0.x < $1.x }!

        checkValues(spring, [(0.1, 0.34030), (0.25, 1.02336), (0.5, 1.07459), (1, 1.00217)], accuracy: 1e-5)
        XCTAssertEqual(peak.x, 1.163, accuracy: 5e-4)
        XCTAssertEqual(peak.t, 0.3628, accuracy: 1e-4)
    }

    func testProgressIsZeroUntilTheStartAndEndsAtOne_T3() {
        let springs = [Spring(), Spring(damping: 20), Spring(damping: 35), Spring(damping: 10, initialVelocity: -4)]

        for spring in springs {
            XCTAssertEqual(spring.value(at: -1), 0, "\(spring)")
            XCTAssertEqual(spring.value(at: 0), 0, accuracy: 1e-12, "\(spring)")
            XCTAssertEqual(spring.value(at: 20), 1, accuracy: 1e-9, "\(spring)")
        }
    }

    func testClosedFormsMatchNumericalIntegration_T3() {
        let springs = [
            Spring(damping: 20),  // critical
            Spring(damping: 20, initialVelocity: 6),
            Spring(mass: 2, stiffness: 80, damping: 45),  // overdamped, ζ ≈ 1.78
            Spring(stiffness: 100, damping: 60, initialVelocity: -3),
            Spring(damping: 10, initialVelocity: 3),  // underdamped with a velocity
        ]

        for spring in springs {
            for t in [0.05, 0.2, 0.5, 1.2] {
                XCTAssertEqual(spring.value(at: t), integrate(spring, to: t), accuracy: 1e-8, "\(spring) x(\(t))")
            }
        }
    }

    func testCriticallyAndOverdampedSpringsFromRestNeverOvershoot_T3() {
        let springs = [Spring(damping: 20), Spring(damping: 20.5), Spring(damping: 40), Spring(mass: 3, stiffness: 50, damping: 200)]

        for spring in springs {
            var previous = 0.0
            for i in 1...4000 {
                let x = spring.value(at: Double(i) * 1e-3)
                XCTAssertGreaterThanOrEqual(x, previous, "\(spring) at \(Double(i) * 1e-3)")
                XCTAssertLessThanOrEqual(x, 1, "\(spring) at \(Double(i) * 1e-3)")
                previous = x
            }
        }
    }

    func testSettlingDurationMatchesApplesMeasuredValues_T3() {
        // RE: FACTS §2, QuartzCore's settlingDuration measured for k = 100, m = 1 (damping
        // 10, 1 and 20, the last critical) and for perceptual duration 1, bounce 0.5.
        let measured: [(spring: Spring, seconds: Double)] = [
            (Spring(stiffness: 100, damping: 10), 1.4727), (Spring(stiffness: 100, damping: 1), 13.9132),
            (Spring(stiffness: 100, damping: 20), 1.0), (Spring(perceptualDuration: 1, bounce: 0.5), 2.3439),
        ]

        for (spring, seconds) in measured {
            XCTAssertEqual(spring.settlingDuration, seconds, accuracy: 1e-3, "\(spring)")
        }
    }

    func testSettlingDurationMatchesApplesDocumentationExample_T3() {
        // DOC: damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over 1 second".
        XCTAssertEqual(Spring(damping: 5).settlingDuration, 2.85, accuracy: 0.01)
        XCTAssertGreaterThan(Spring(damping: 15).settlingDuration, 1)
        XCTAssertLessThan(Spring(damping: 15).settlingDuration, 1.1)
    }

    func testSettlingDurationScalesWithTimeBelowCriticalAndIsSampledAtOrAbove_T3() {
        let spring = Spring(damping: 7, initialVelocity: 2)
        let twiceAsFast = Spring(stiffness: 400, damping: 14, initialVelocity: 4)
        let critical = Spring(damping: 20), overdamped = Spring(damping: 30, initialVelocity: 5)

        XCTAssertEqual(twiceAsFast.settlingDuration, spring.settlingDuration / 2, accuracy: 1e-9)
        // At or above critical damping the spring is sampled every 0.1 s.
        for settled in [critical.settlingDuration, overdamped.settlingDuration] {
            XCTAssertEqual(settled * 10, (settled * 10).rounded(), accuracy: 1e-9)
        }
        // The bound below critical grows as ωd → 0 (B = σ/ωd): no continuity at ζ = 1.
        XCTAssertGreaterThan(Spring(damping: 19.9999).settlingDuration, critical.settlingDuration + 0.2)
        XCTAssertEqual(Spring(damping: 0).settlingDuration, .infinity)
    }

    func testSettledSpringIsWithinATenthOfAPercent_T3() {
        let springs = [Spring(), Spring(damping: 1), Spring(damping: 20), Spring(damping: 50, initialVelocity: 30)]

        for spring in springs {
            let settled = spring.settlingDuration
            for i in 0...2000 {
                let t = settled + Double(i) * 1e-3
                XCTAssertLessThan(abs(1 - spring.value(at: t)), 0.001, "\(spring) at \(t)")
            }
        }
    }

    func testUIKitSpringForThreeSecondsAtQuarterDamping_T4() {
        let spring = Spring(duration: 3, dampingRatio: 0.25)

        // RE: FACTS §2.
        checkCoefficients(spring, stiffness: 54.83363, damping: 3.70249)
    }

    func testUIKitSpringForOneSecondAtHalfDamping_T4() {
        let spring = Spring(duration: 1, dampingRatio: 0.5)

        // RE: FACTS §2.
        checkCoefficients(spring, stiffness: 161.7195, damping: 12.7169)
        checkValues(spring, [(0.1, 0.48782), (0.25, 1.14422), (0.5, 0.98715)], accuracy: 1e-4)
    }

    func testUIKitSpringForHalfASecondAtSevenTenthsDamping_T4() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.7)

        // RE: FACTS §2.
        checkCoefficients(spring, stiffness: 387.2746, damping: 27.5510)
    }

    func testUIKitSpringCarriesTheInitialVelocity_T4() {
        let spring = Spring(duration: 1, dampingRatio: 0.5, initialVelocity: 2)

        // RE: FACTS §2.
        checkCoefficients(spring, stiffness: 141.5462, damping: 11.8973)
        XCTAssertEqual(spring.initialVelocity, 2)
    }

    func testUIKitCriticalSpringIsWithinEpsilonAtTheDuration_T4() {
        let spring = Spring(duration: 0.8, dampingRatio: 1)
        let clamped = Spring(duration: 0.8, dampingRatio: 3)

        XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(1 - spring.value(at: 0.8), 0.001, accuracy: 1e-9)
        XCTAssertEqual(clamped, spring)
        XCTAssertEqual(Spring(duration: 0, dampingRatio: 0.5), Spring(duration: 0.01, dampingRatio: 0.5))
    }

    func testPerceptualSpringFromDurationAndBounce_T4() {
        let smooth = Spring(perceptualDuration: 0.5, bounce: 0)
        let bouncy = Spring(perceptualDuration: 0.5, bounce: 0.3)
        let flattened = Spring(perceptualDuration: 0.5, bounce: -0.5)

        checkCoefficients(smooth, stiffness: 157.9137, damping: 25.1327)
        XCTAssertEqual(bouncy.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(bouncy.stiffness, smooth.stiffness)
        XCTAssertEqual(flattened.dampingRatio, 2, accuracy: 1e-12)
    }
}
