import Foundation

/// A damped spring that carries progress from 0 to 1, as `CASpringAnimation` (T3) and
/// UIKit's spring animations (T4).
///
/// The motion solves m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and x′(0) =
/// `initialVelocity`, in closed form (FACTS §2). Velocity is in distances per second,
/// positive toward 1. Mass and stiffness must be positive; a spring without damping
/// never settles.
public struct Spring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    /// A spring with the given coefficients; the defaults are `CASpringAnimation`'s.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// UIKit's spring for `animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:…)` (T4).
    ///
    /// Mass 1, and the natural frequency ω0 at which the motion is within ε = 0.001 of its
    /// target at `duration` (RE, FACTS §2): `dampingRatio` is clamped to 1.19e−7…1 and
    /// `duration` to 0.01…10 s, then 12 Newton steps from ω0 = 5 / duration. The Newton
    /// slope holds the amplitude |(ζω0 − v) / ωd| fixed and differentiates only the decay
    /// e^(−ζω0·d): with a velocity the equation has two roots, and the full derivative walks
    /// to the lower one (k ≈ 15.6 instead of FACTS' 141.5462 for d = 1, ζ = 0.5, v = 2).
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let epsilon = 0.001
        let zeta = min(max(dampingRatio, 1.19e-7), 1)
        let d = min(max(duration, 0.01), 10)
        let v = initialVelocity
        var omega0 = 5 / d
        for _ in 0..<12 {
            let residual: Double, slope: Double
            if zeta < 1 {
                let decay = exp(-zeta * omega0 * d)
                let amplitude = abs((zeta * omega0 - v) / (omega0 * (1 - zeta * zeta).squareRoot()))
                residual = epsilon - amplitude * decay
                slope = zeta * d * amplitude * decay
            } else {
                let decay = exp(-omega0 * d)
                residual = decay * ((omega0 - v) * d + 1) - epsilon
                slope = -decay * d * d * (omega0 - v)
            }
            guard slope != 0, slope.isFinite else { break }
            omega0 -= residual / slope
        }
        self.init(mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0, initialVelocity: v)
    }

    /// The iOS 17 perceptual spring, `UISpringTimingParameters(duration:bounce:)` and SwiftUI's
    /// `Spring(duration:bounce:)`.
    ///
    /// Mass 1, stiffness (2π / duration)², damping ratio 1 − bounce for bounce ≥ 0 and
    /// 1 / (1 + bounce) below 0 (FACTS §2). A bounce outside Apple's range, above −1 and at
    /// most 1 (−1 would be an infinite damping ratio, drawing NaN, and above 1 a negative
    /// one, a spring that grows), is taken as 0 with a warning the first time, as
    /// `UISpringTimingParameters(duration:bounce:)` takes it (T6).
    public init(perceptualDuration duration: Double, bounce: Double) {
        let bounce = TimingValueRule.bounce.accepted(bounce, or: 0, "Spring(perceptualDuration:bounce:) bounce",
                                                     later: "bounce values")
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let omega0 = 2 * Double.pi / duration
        self.init(mass: 1, stiffness: omega0 * omega0, damping: 2 * zeta * omega0)
    }

    /// This spring with its damping lowered to critical (ζ = 1) when it is above: the motion
    /// Core Animation gives a spring whose `allowsOverdamping` is false, its default (FACTS §2).
    public var notOverdamped: Spring {
        guard dampingRatio > 1 else { return self }
        var spring = self
        spring.damping = 2 * (stiffness * mass).squareRoot()
        return spring
    }

    /// ζ = c / (2√(k·m)): below 1 the spring overshoots and rings, at or above 1 it does not.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω0 = √(k / m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The progress at time `t` in seconds: 0 up to t = 0, then toward 1.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let v0 = initialVelocity
        switch regime {
        case .underdamped(let decay, let frequency):
            let phase = frequency * t
            return 1 - exp(-decay * t) * (cos(phase) + (decay - v0) / frequency * sin(phase))
        case .critical(let omega0):
            return 1 - exp(-omega0 * t) * (1 + (omega0 - v0) * t)
        case .overdamped(let slow, let fast):
            let a = (fast + v0) / (fast - slow)
            return 1 - a * exp(slow * t) - (1 - a) * exp(fast * t)
        }
    }

    /// The time in seconds after which the spring is considered at rest, as
    /// `CASpringAnimation.settlingDuration` (T3).
    ///
    /// Apple's rule (RE, FACTS §2), which gives its measured values to 1e−4 s. Below
    /// critical damping, 1 − x(t) = e^(−σt)·(cos ωd·t + B·sin ωd·t) with B = (σ − v0)/ωd,
    /// so |1 − x| ≤ e^(−σt)·(1 + |B|): the time that bound falls to ε = 0.001,
    /// ln((1 + |B|)/ε)/σ. At or above critical damping, the spring is sampled every 0.1 s:
    /// the first sample from which |1 − x| stays below ε for more than a second.
    public var settlingDuration: Double {
        guard damping > 0 else { return .infinity }
        switch regime {
        case .underdamped(let decay, let frequency):
            let amplitude = 1 + abs(decay - initialVelocity) / frequency
            let time = log(amplitude / Self.restThreshold) / decay
            return time.isNaN ? .infinity : max(0, time)  // NaN: parameters out of Double's range
        case .critical, .overdamped:
            return sampledSettlingDuration ?? .infinity
        }
    }

    /// The first multiple of 0.1 s from which the spring stays within `restThreshold` of
    /// rest for more than a second (11 samples), looked for over 1024 samples; nil when
    /// it does not settle within them.
    private var sampledSettlingDuration: Double? {
        var settledFrom: Int?
        for step in 0..<1024 {
            let distance = abs(1 - value(at: Double(step) / 10))
            guard distance.isFinite else { return nil }
            if distance >= Self.restThreshold {
                settledFrom = nil
            } else if let start = settledFrom {
                if step - start > 10 { return Double(start) / 10 }
            } else {
                settledFrom = step
            }
        }
        return nil
    }

    /// How far from 1, as a fraction of the distance, counts as at rest.
    private static let restThreshold = 0.001

    private enum Regime {
        /// Decay rate ζω0 and damped frequency ωd.
        case underdamped(decay: Double, frequency: Double)
        case critical(omega0: Double)
        /// The two real roots of m·r² + c·r + k = 0, slow (nearer 0) and fast.
        case overdamped(slow: Double, fast: Double)
    }

    /// ζ within 1e−9 of 1 counts as critical.
    private var regime: Regime {
        let omega0 = naturalFrequency, zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 { return .critical(omega0: omega0) }
        if zeta < 1 {
            return .underdamped(decay: zeta * omega0, frequency: omega0 * (1 - zeta * zeta).squareRoot())
        }
        let spread = (zeta * zeta - 1).squareRoot()
        // −ω0(ζ − √(ζ² − 1)) written without the cancellation.
        return .overdamped(slow: -omega0 / (zeta + spread), fast: -omega0 * (zeta + spread))
    }
}
