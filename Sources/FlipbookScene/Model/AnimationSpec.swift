import Foundation
import FlipbookUIKit

/// `animation: {class: …, …}`: a Core Animation animation as a scene describes it — its
/// class and its properties in the order written — checked when the scene is read.
/// A run adds copies of its prototype (`AnimationSpec+Making.swift`).
struct AnimationSpec: Sendable, Hashable {
    /// One property of the animation and its value, by the Swift property it sets.
    enum Setting: Sendable, Hashable {
        // CAMediaTiming and CAAnimation
        case duration(Double), beginTime(Double), timeOffset(Double), speed(Float), repeatCount(Float)
        case repeatDuration(Double), autoreverses(Bool), isRemovedOnCompletion(Bool)
        case fillMode(CAMediaTimingFillMode), timingFunction(TimingFunction)
        // CAPropertyAnimation
        case keyPath(String), isAdditive(Bool), isCumulative(Bool), valueFunction(CAValueFunction.Name)
        // CABasicAnimation and CASpringAnimation
        case fromValue(AnimationValue), toValue(AnimationValue), byValue(AnimationValue)
        case mass(Double), stiffness(Double), damping(Double), initialVelocity(Double), allowsOverdamping(Bool)
        // CAKeyframeAnimation
        case values([AnimationValue]), keyTimes([Double]), path(CGPath)
        case calculationMode(CAAnimationCalculationMode), rotationMode(CAAnimationRotationMode)
        case timingFunctions([TimingFunction])
        // CAAnimationGroup
        case animations([AnimationSpec])
        // CATransition
        case type(CATransitionType), subtype(CATransitionSubtype), startProgress(Float), endProgress(Float)
    }

    /// `CABasicAnimation`, `CAKeyframeAnimation`, `CASpringAnimation`, `CAAnimationGroup`
    /// or `CATransition`.
    let className: String
    /// In the order the scene writes them.
    let settings: [Setting]
    /// A `beginTime` counted from the moment the animation is added (a scene's `beginTime`
    /// outside a group); nil when there is none.
    let beginTimeFromNow: Double?
    /// The animation the settings make, built and checked once, when the scene is read.
    let prototype: Prototype

    /// An animation made of a spec's settings and checked (`validate(for:)`) for layers of
    /// one class, which is all the check depends on; specs alike but for their `beginTime`
    /// share one (`SceneReader.LastAnimation`). It is never changed after it is made, only
    /// copied, on the main actor, so specs holding it may cross threads.
    struct Prototype: @unchecked Sendable {
        private let animation: CAAnimation
        let checkedFor: CALayer.Type

        init(_ animation: CAAnimation, checkedFor: CALayer.Type) {
            self.animation = animation
            self.checkedFor = checkedFor
        }

        /// A copy to add: the prototype itself is never handed out.
        func copy() -> CAAnimation { animation.copy() }
    }

    // The prototype is made of the rest, so it takes no part in comparing specs.
    static func == (a: AnimationSpec, b: AnimationSpec) -> Bool {
        a.className == b.className && a.settings == b.settings && a.beginTimeFromNow == b.beginTimeFromNow
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(className)
        hasher.combine(settings)
        hasher.combine(beginTimeFromNow)
    }
}
