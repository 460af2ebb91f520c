import Foundation

/// A basic animation whose progress another object computes from the virtual time: how
/// UIKit's `UIViewPropertyAnimator` drives its animations (it scrubs, pauses, reverses
/// and retimes them). Not part of Core Animation's public API.
///
/// The animation stays on the layer until removed; while `fraction` returns nil it has
/// no effect. Set `speed` to 0 while it is held still, so the run loop knows nothing moves.
public final class CADrivenAnimation: CABasicAnimation {
    /// The fraction of the way from `fromValue` to `toValue` at a virtual time, or nil.
    /// It reads the global virtual time: pausing an ancestor layer does not hold it.
    public var fraction: ((Double) -> Double?)?
    /// The object driving it, so that it removes only its own animations.
    public weak var driver: AnyObject?

    public required init() {
        super.init()
        duration = 1
        repeatCount = .infinity
    }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        fraction = (other as? CADrivenAnimation)?.fraction
        driver = (other as? CADrivenAnimation)?.driver
    }

    /// Its fraction comes from `fraction` (its driver's time), not from its own timing.
    override func presentedNumber(atTime time: Double) -> PresentedNumber { .unknown }

    override func presentedValue(atTime time: Double, over current: @autoclosure () -> AnimationValue?)
        -> AnimationValue? {
        guard let fraction = fraction?(VirtualRunLoop.current.now), let current = current(),
              let (from, to) = endpoints(underlying: current) else { return nil }
        let value = from.interpolated(to: to, fraction: fraction)
        return isAdditive ? current.adding(value) : value
    }
}
