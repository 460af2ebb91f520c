import Foundation

/// The range of frame rates an animation would like to change its values at.
///
/// Frames are rendered at the canvas's rate, so only `preferred` has an effect: the
/// animation's values change at that rate. `minimum` and `maximum` are kept for ported code.
public struct CAFrameRateRange: Sendable, Hashable {
    public var minimum: Float
    public var maximum: Float
    /// nil (the default) changes values on every rendered frame.
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// Every frame, at whatever rate the frames are rendered.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0)
}
