import Foundation

/// How an animator's progress follows time: a cubic curve or a spring.
@preconcurrency @MainActor
public protocol UITimingCurveProvider: AnyObject {
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), or one of UIKit's named curves.
@preconcurrency @MainActor
public final class UICubicTimingParameters: UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    /// The ease-in-ease-out curve.
    public convenience init() { self.init(animationCurve: .easeInOut) }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let function = curve.timingFunction.function
        (controlPoint1, controlPoint2) = (function.c1, function.c2)
    }

    /// A custom curve; `animationCurve` reports `.easeInOut`, as UIKit's does.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = (point1, point2)
    }

    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    var function: TimingFunction {
        TimingFunction(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
    }
}

/// A spring timing curve (FACTS §2).
///
/// With `dampingRatio` the spring is UIKit's for the animator's duration; with mass,
/// stiffness and damping the spring is fixed and the animator lasts until it settles
/// (its own duration is ignored, as UIKit's is); with `duration` and `bounce` (iOS 17)
/// it is the perceptual spring. A parameter that is NaN or infinite, or a bounce outside
/// Apple's −1 (not included) to 1, is taken as its default (ratio 1, mass 1, stiffness 100,
/// damping 10, duration 0.5, bounce and velocity 0), with a warning the first time each is
/// refused (T6).
@preconcurrency @MainActor
public final class UISpringTimingParameters: UITimingCurveProvider {
    enum Kind {
        case ratio(Double)
        case physical(Spring)
        case perceptual(duration: Double, bounce: Double)
    }

    let kind: Kind
    /// Initial speed toward the target, in total distances per second (the x component).
    public let initialVelocity: CGVector

    /// Critically damped (ratio 1).
    public convenience init() { self.init(dampingRatio: 1) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        kind = .ratio(Self.finite(ratio, or: 1, "dampingRatio"))
        initialVelocity = Self.finite(velocity)
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        let velocity = Self.finite(velocity)
        let spring = Spring(mass: Self.finite(mass, or: 1, "mass"), stiffness: Self.finite(stiffness, or: 100, "stiffness"),
                            damping: Self.finite(damping, or: 10, "damping"), initialVelocity: velocity.dx)
        // Core Animation runs it, with allowsOverdamping false: damping above critical is critical.
        kind = .physical(spring.notOverdamped)
        initialVelocity = velocity
    }

    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        kind = .perceptual(duration: Self.finite(duration, or: 0.5, "duration"),
                           bounce: TimingValueRule.bounce.accepted(bounce, or: 0, "UISpringTimingParameters bounce",
                                                                   later: "bounce values"))
        initialVelocity = Self.finite(velocity)
    }

    /// `value` when it is finite, else `fallback` (T6): 0, T6's value for a duration or delay
    /// with nothing to keep, is no spring for a mass, stiffness or duration, and a damping
    /// (ratio) of 0 never settles, so a parameter takes its default instead.
    private static func finite(_ value: Double, or fallback: Double, _ parameter: String) -> Double {
        TimingValueRule.finite.accepted(value, or: fallback, "UISpringTimingParameters \(parameter)", later: "\(parameter) values")
    }

    /// `velocity` with a component that is not finite taken as 0 (T6).
    private static func finite(_ velocity: CGVector) -> CGVector {
        CGVector(dx: finite(velocity.dx, or: 0, "initialVelocity.dx"), dy: finite(velocity.dy, or: 0, "initialVelocity.dy"))
    }

    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The spring for an animation lasting `duration`.
    func spring(duration: Double) -> Spring {
        switch kind {
        case .ratio(let ratio):
            return Spring(duration: duration, dampingRatio: ratio, initialVelocity: initialVelocity.dx)
        case .physical(let spring):
            return spring
        case .perceptual(let perceptual, let bounce):
            var spring = Spring(perceptualDuration: perceptual, bounce: bounce)
            spring.initialVelocity = initialVelocity.dx
            return spring
        }
    }

    /// The duration the spring imposes on its animator, if it does (mass, stiffness, damping).
    var imposedDuration: Double? {
        if case .physical(let spring) = kind { return spring.settlingDuration }
        return nil
    }
}
