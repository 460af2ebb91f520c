/// Seconds, as Core Foundation and Core Animation declare times (`CACurrentMediaTime()`,
/// `CASpringAnimation.perceptualDuration`): Foundation on Linux does not have it.
public typealias CFTimeInterval = Double

/// Darwin's `HUGE`, a `Float` infinity, as code writes `repeatCount = HUGE` (Glibc has none).
public let HUGE = Float.infinity
