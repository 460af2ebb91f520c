import Foundation
import FlipbookUIKit

/// `animator:`: a `UIViewPropertyAnimator` made by the initialiser its timing names
/// (or `runningPropertyAnimator` when `running`), registered under its id.
struct AnimatorSpec: Sendable, Equatable {
    /// The initialiser: `init(duration:curve:)`, `init(duration:controlPoint1:controlPoint2:)`,
    /// `init(duration:dampingRatio:)` or `init(duration:timingParameters:)`.
    enum Timing: Sendable, Equatable {
        case curve(UIView.AnimationCurve)
        case controlPoints(CGPoint, CGPoint)
        case dampingRatio(Double)
        case parameters(TimingParametersSpec)
    }

    let id: String
    let duration: Double
    let timing: Timing
    /// `startAnimation(afterDelay:)` with `start`, the delay of `runningPropertyAnimator` with `running`.
    let delay: Double
    /// The animations block.
    let actions: [Action]
    /// The completion the animator is made with (it always has one: it logs the event).
    let completion: [Action]
    /// Properties set after making it, before starting it.
    let properties: [AnimatorProperty]
    /// Calls `startAnimation()` (or `startAnimation(afterDelay:)`) once it is made.
    let start: Bool
    /// Made with `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`,
    /// the curve passed as its option.
    let running: Bool
}

/// `timingParameters:` of `animator` and `continueAnimation`: a `UICubicTimingParameters`
/// or a `UISpringTimingParameters`, made fresh for each use.
enum TimingParametersSpec: Sendable, Equatable {
    case cubicCurve(UIView.AnimationCurve)
    case cubicPoints(CGPoint, CGPoint)
    case springRatio(Double, initialVelocity: CGVector)
    case springPhysical(mass: Double, stiffness: Double, damping: Double, initialVelocity: CGVector)
    case springPerceptual(duration: Double, bounce: Double, initialVelocity: CGVector)

    @MainActor
    func make() -> UITimingCurveProvider {
        switch self {
        case .cubicCurve(let curve):
            UICubicTimingParameters(animationCurve: curve)
        case .cubicPoints(let point1, let point2):
            UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2)
        case .springRatio(let ratio, let velocity):
            UISpringTimingParameters(dampingRatio: ratio, initialVelocity: velocity)
        case .springPhysical(let mass, let stiffness, let damping, let velocity):
            UISpringTimingParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
        case .springPerceptual(let duration, let bounce, let velocity):
            UISpringTimingParameters(duration: duration, bounce: bounce, initialVelocity: velocity)
        }
    }
}

/// An animator property a scene sets.
enum AnimatorProperty: Sendable, Equatable {
    case fractionComplete(Double)
    case isReversed(Bool)
    case isInterruptible(Bool)
    case isUserInteractionEnabled(Bool)
    case scrubsLinearly(Bool)
    case pausesOnCompletion(Bool)
}

/// `animatorCall:`: method calls and property sets on the animator `id`, in the order
/// their keys are written.
struct AnimatorCallSpec: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        case startAnimation(afterDelay: Double?)
        case pauseAnimation
        case stopAnimation(withoutFinishing: Bool)
        case finishAnimation(at: UIViewAnimatingPosition)
        /// nil parameters keep the current timing.
        /// `durationFactor` 0: none given, the rest takes as long as it would have.
        case continueAnimation(TimingParametersSpec?, durationFactor: Double)
        case addAnimations([Action], delayFactor: Double?)
        case addCompletion([Action])
        case set(AnimatorProperty)
    }

    let id: String
    let steps: [Step]
}

extension Action {
    /// The actions an animator verb holds (animation blocks and completions), for walking
    /// the whole timeline; none for other actions.
    var animatorActions: [Action] {
        switch self {
        case .animator(let spec):
            return spec.actions + spec.completion
        case .animatorCall(let spec):
            return spec.steps.flatMap { step -> [Action] in
                switch step {
                case .addAnimations(let actions, _), .addCompletion(let actions): actions
                default: []
                }
            }
        default:
            return []
        }
    }
}
