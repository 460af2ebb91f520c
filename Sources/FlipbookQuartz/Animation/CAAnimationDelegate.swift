import Foundation

/// Receives an animation's start and stop (CA7).
public protocol CAAnimationDelegate: AnyObject {
    /// Called at the virtual time the animation's active interval begins.
    func animationDidStart(_ anim: CAAnimation)
    /// Called when the animation ends (`flag` true) or is removed first (`flag` false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
