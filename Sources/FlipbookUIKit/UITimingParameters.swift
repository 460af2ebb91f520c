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
/// it is the perceptual spring.
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
        kind = .ratio(ratio)
        initialVelocity = velocity
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        // Core Animation runs it, with allowsOverdamping false: damping above critical is critical.
        kind = .physical(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity.dx).notOverdamped)
        initialVelocity = velocity
    }

    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        kind = .perceptual(duration: duration, bounce: bounce)
        initialVelocity = velocity
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
