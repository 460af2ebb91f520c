/// Seconds, as Core Foundation and Core Animation declare times (`CACurrentMediaTime()`,
/// `CASpringAnimation.perceptualDuration`): Foundation on Linux does not have it.
public typealias CFTimeInterval = Double
