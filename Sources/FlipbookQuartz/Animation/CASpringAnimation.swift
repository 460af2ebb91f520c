import Foundation

/// A basic animation that follows a damped spring instead of a timing curve (T3).
///
/// The spring's time is the animation's local time, so `duration` cuts it: a spring
/// shorter than `settlingDuration` stops before it settles.
open class CASpringAnimation: CABasicAnimation {
    /// The mass, stiffness, damping and initial velocity, as set.
    private var coefficients = Spring()

    /// The mass at the end of the spring, 1 by default. Apple: "Must be greater than 0"; a
    /// value that is not, or is infinite, is refused with a warning, keeping the mass (T6).
    public var mass: Double {
        get { coefficients.mass }
        set { if !refuses("mass", newValue, keeping: coefficients.mass, by: .positive) { coefficients.mass = newValue } }
    }
    /// The spring's stiffness, 100 by default. Apple: "Must be greater than 0"; a value that
    /// is not, or is infinite, is refused with a warning, keeping the stiffness (T6).
    public var stiffness: Double {
        get { coefficients.stiffness }
        set {
            if !refuses("stiffness", newValue, keeping: coefficients.stiffness, by: .positive) { coefficients.stiffness = newValue }
        }
    }
    /// The damping coefficient, 10 by default. Apple: "Must be greater than or equal to 0";
    /// a negative, NaN or infinite value is refused with a warning, keeping the damping (T6).
    public var damping: Double {
        get { coefficients.damping }
        set { if !refuses("damping", newValue, keeping: coefficients.damping, by: .nonNegative) { coefficients.damping = newValue } }
    }
    /// Initial speed toward the target, in total distances per second; a value that is not
    /// finite is refused with a warning, keeping the velocity (T6).
    public var initialVelocity: Double {
        get { coefficients.initialVelocity }
        set {
            guard !refuses("initialVelocity", newValue, keeping: coefficients.initialVelocity, by: .finite) else { return }
            coefficients.initialVelocity = newValue
        }
    }
    /// Whether damping above critical (ζ > 1) runs as an overdamped spring; when false, the
    /// default (iOS 17), such a spring runs critically damped (FACTS §2).
    public var allowsOverdamping = false

    public required init() { super.init() }

    /// The spring of SwiftUI's and iOS 17's perceptual parameters: mass 1, stiffness
    /// (2π / perceptualDuration)², damping ratio 1 − bounce (bounce ≥ 0) or 1 / (1 + bounce)
    /// (FACTS §2). A negative bounce is overdamped, so runs as such only with
    /// `allowsOverdamping`. A duration that is not a finite number above 0, or a bounce that
    /// is not above −1 and at most 1 (SwiftUI's `Spring(duration:bounce:)` gives that range;
    /// −1 would be an infinite damping ratio, above 1 a negative one), is refused with a
    /// warning, keeping the default spring's (2π / 10 s, bounce 0.5), as a property keeps its
    /// value (T6).
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let kept = (duration: self.perceptualDuration, bounce: self.bounce)
        let spring = Spring(
            perceptualDuration: refuses("perceptualDuration", perceptualDuration, keeping: kept.duration, by: .positive)
                ? kept.duration : perceptualDuration,
            bounce: refuses("bounce", bounce, keeping: kept.bounce, by: .bounce) ? kept.bounce : bounce)
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
        (coefficients, allowsOverdamping) = (other.coefficients, other.allowsOverdamping)
    }

    /// The spring the animation follows: critically damped in place of overdamped unless
    /// `allowsOverdamping`.
    public var spring: Spring {
        allowsOverdamping ? coefficients : coefficients.notOverdamped
    }

    /// How long the spring takes to come to rest; set `duration` to it to see it settle.
    public var settlingDuration: Double { spring.settlingDuration }

    override func fraction(atProgress progress: Double) -> Double {
        spring.value(at: progress * duration)
    }
}
