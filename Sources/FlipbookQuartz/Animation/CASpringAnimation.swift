import Foundation

/// A basic animation that follows a damped spring instead of a timing curve (T3).
///
/// The spring's time is the animation's local time, so `duration` cuts it: a spring
/// shorter than `settlingDuration` stops before it settles.
@MainActor
open class CASpringAnimation: CABasicAnimation {
    public var mass: Double = 1
    public var stiffness: Double = 100
    public var damping: Double = 10
    /// Initial speed toward the target, in total distances per second.
    public var initialVelocity: Double = 0

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    public var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// How long the spring takes to come to rest; set `duration` to it to see it settle.
    public var settlingDuration: Double { spring.settlingDuration }

    override func fraction(atProgress progress: Double) -> Double {
        spring.value(at: progress * duration)
    }
}
