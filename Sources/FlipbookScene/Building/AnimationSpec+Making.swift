import Foundation
import FlipbookUIKit

@MainActor
extension AnimationSpec {
    /// The spec of an animation of class `className` with `settings` applied in order, its
    /// prototype checked for layers of `layerClass`; throws what `validate(for:)` finds.
    /// Made when the scene is read, so a run finds its animations ready to copy.
    init(className: String, settings: [Setting], beginTimeFromNow: Double?, checkedFor layerClass: CALayer.Type) throws {
        let animation = Self.animationType(className).init()
        for setting in settings { Self.apply(setting, to: animation) }
        try animation.validate(for: layerClass.init())
        self.init(className: className, settings: settings, beginTimeFromNow: beginTimeFromNow,
                  prototype: Prototype(animation, checkedFor: layerClass))
    }

    /// The animation to add now: a copy of the prototype with its `beginTime` counted from now.
    ///
    /// 0 means "now" in Core Animation, and virtual time starts at 0, so a begin that lands
    /// on exactly 0 (`at: 1, beginTime: -1`) is nudged off it to keep its meaning.
    func makeAnimation() -> CAAnimation {
        let animation = prototype.copy()
        if let offset = beginTimeFromNow {
            let begin = CACurrentMediaTime() + offset
            animation.beginTime = offset == 0 ? 0 : begin == 0 ? .leastNonzeroMagnitude : begin
        }
        return animation
    }

    private static func animationType(_ name: String) -> CAAnimation.Type {
        switch name {
        case "CAKeyframeAnimation": CAKeyframeAnimation.self
        case "CASpringAnimation": CASpringAnimation.self
        case "CAAnimationGroup": CAAnimationGroup.self
        case "CATransition": CATransition.self
        default: CABasicAnimation.self
        }
    }

    /// Sets one property; a setting of another class than the animation's does nothing
    /// (the reader allows only the class's own keys).
    private static func apply(_ setting: Setting, to animation: CAAnimation) {
        let property = animation as? CAPropertyAnimation, basic = animation as? CABasicAnimation
        let spring = animation as? CASpringAnimation, keyframe = animation as? CAKeyframeAnimation
        let transition = animation as? CATransition
        switch setting {
        case .duration(let value): animation.duration = value
        case .beginTime(let value): animation.beginTime = value
        case .timeOffset(let value): animation.timeOffset = value
        case .speed(let value): animation.speed = value
        case .repeatCount(let value): animation.repeatCount = value
        case .repeatDuration(let value): animation.repeatDuration = value
        case .autoreverses(let value): animation.autoreverses = value
        case .isRemovedOnCompletion(let value): animation.isRemovedOnCompletion = value
        case .fillMode(let value): animation.fillMode = value
        case .timingFunction(let value): animation.timingFunction = CAMediaTimingFunction(function: value)
        case .keyPath(let value): property?.keyPath = value
        case .isAdditive(let value): property?.isAdditive = value
        case .isCumulative(let value): property?.isCumulative = value
        case .valueFunction(let value): property?.valueFunction = CAValueFunction(name: value)
        case .fromValue(let value): basic?.fromValue = value
        case .toValue(let value): basic?.toValue = value
        case .byValue(let value): basic?.byValue = value
        case .mass(let value): spring?.mass = value
        case .stiffness(let value): spring?.stiffness = value
        case .damping(let value): spring?.damping = value
        case .initialVelocity(let value): spring?.initialVelocity = value
        case .allowsOverdamping(let value): spring?.allowsOverdamping = value
        case .values(let values): keyframe?.values = values.map { $0 as Any }
        case .keyTimes(let value): keyframe?.keyTimeFractions = value
        case .path(let value): keyframe?.path = value
        case .calculationMode(let value): keyframe?.calculationMode = value
        case .rotationMode(let value): keyframe?.rotationMode = value
        case .timingFunctions(let value): keyframe?.timingFunctions = value.map { CAMediaTimingFunction(function: $0) }
        case .animations(let children):
            (animation as? CAAnimationGroup)?.animations = children.map { $0.makeAnimation() }
        case .type(let value): transition?.type = value
        case .subtype(let value): transition?.subtype = value
        case .startProgress(let value): transition?.startProgress = value
        case .endProgress(let value): transition?.endProgress = value
        }
    }
}
