import Foundation

/// A basic animation that follows a damped spring instead of a timing curve (T3).
///
/// The spring's time is the animation's local time, so `duration` cuts it: a spring
/// shorter than `settlingDuration` stops before it settles.
open class CASpringAnimation: CABasicAnimation {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    /// Initial speed toward the target, in total distances per second.
    public var initialVelocity: Double = 0
    /// Whether damping above critical (ζ > 1) runs as an overdamped spring; when false, the
    /// default (iOS 17), such a spring runs critically damped (FACTS §2).
    public var allowsOverdamping = false

    public required init() { super.init() }

    /// The spring of SwiftUI's and iOS 17's perceptual parameters: mass 1, stiffness
    /// (2π / perceptualDuration)², damping ratio 1 − bounce (bounce ≥ 0) or 1 / (1 + bounce)
    /// (FACTS §2). A negative bounce is overdamped, so runs as such only with
    /// `allowsOverdamping`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let spring = Spring(perceptualDuration: perceptualDuration, bounce: bounce)
        (mass, stiffness, damping) = (spring.mass, spring.stiffness, spring.damping)
    }

    /// The perceptual duration of the spring's coefficients: 2π / √(k / m).
    public var perceptualDuration: CFTimeInterval { 2 * .pi / (stiffness / mass).squareRoot() }

    /// The bounce of the spring's coefficients: 1 − ζ, or 1 / ζ − 1 above critical damping.
    public var bounce: CGFloat {
        let ratio = Spring(mass: mass, stiffness: stiffness, damping: damping).dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CASpringAnimation else { return }
        (mass, stiffness, damping) = (other.mass, other.stiffness, other.damping)
        (initialVelocity, allowsOverdamping) = (other.initialVelocity, other.allowsOverdamping)
    }

    /// The spring the animation follows: critically damped in place of overdamped unless
    /// `allowsOverdamping`.
    public var spring: Spring {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        return allowsOverdamping ? spring : spring.notOverdamped
    }

    /// How long the spring takes to come to rest; set `duration` to it to see it settle.
    public var settlingDuration: Double { spring.settlingDuration }

    override func fraction(atProgress progress: Double) -> Double {
        spring.value(at: progress * duration)
    }
}
