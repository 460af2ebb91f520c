import Foundation

/// The states of an animator (PA1): inactive (being configured, or done), active
/// (running or paused), stopped (halted, waiting for `finishAnimation(at:)`).
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// Where an animation ended: at its end, its start, or wherever it was.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// Starting, pausing, stopping and scrubbing an animation (UIKit's `UIViewAnimating`).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes more animation blocks and completions while it runs (UIKit's
/// `UIViewImplicitlyAnimating`).
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping @MainActor () -> Void)
    func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
