/// An animation starting or stopping on a layer, as the run loop tells its delegate (CA7):
/// what `VirtualRunLoop.animationEventObserver` hears, for event logs of code-built
/// animations.
public struct AnimationEvent {
    public enum Kind: Equatable, Sendable {
        case didStart
        /// `finished` is false when the animation was removed before it ended.
        case didStop(finished: Bool)
    }

    public let kind: Kind
    public let layer: CALayer
    /// The key it was added under; nil for an animation added without one.
    public let key: String?
    public let animation: CAAnimation
}
