import Foundation

extension UIView {
    /// Options for `animate(withDuration:delay:options:animations:completion:)`, with
    /// Apple's raw values (FACTS §5).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out subviews inside the block, so their new frames animate with it (V11).
        public static let layoutSubviews = Self(rawValue: 1 << 0)
        /// Accepted; Flipbook has no touches.
        public static let allowUserInteraction = Self(rawValue: 1 << 1)
        /// Replacing properties start from the value on screen, not the model's (V4).
        public static let beginFromCurrentState = Self(rawValue: 1 << 2)
        /// Repeats forever, unless `setAnimationRepeatCount` is called in the block (V10).
        public static let `repeat` = Self(rawValue: 1 << 3)
        public static let autoreverse = Self(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of the outer block's (V6).
        public static let overrideInheritedDuration = Self(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of the outer block's (V7).
        public static let overrideInheritedCurve = Self(rawValue: 1 << 6)
        /// Accepted; property animations never redraw content here.
        public static let allowAnimatedContent = Self(rawValue: 1 << 7)
        public static let showHideTransitionViews = Self(rawValue: 1 << 8)
        /// A nested block does not inherit the outer block's spring (V8).
        public static let overrideInheritedOptions = Self(rawValue: 1 << 9)

        public static let curveEaseInOut = Self(rawValue: 0 << 16)
        public static let curveEaseIn = Self(rawValue: 1 << 16)
        public static let curveEaseOut = Self(rawValue: 2 << 16)
        public static let curveLinear = Self(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = Self(rawValue: 1 << 20)
        public static let transitionFlipFromRight = Self(rawValue: 2 << 20)
        public static let transitionCurlUp = Self(rawValue: 3 << 20)
        public static let transitionCurlDown = Self(rawValue: 4 << 20)
        public static let transitionCrossDissolve = Self(rawValue: 5 << 20)
        public static let transitionFlipFromTop = Self(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = Self(rawValue: 7 << 20)

        /// Values change at 30 Hz (V12).
        public static let preferredFramesPerSecond30 = Self(rawValue: 7 << 24)
        public static let preferredFramesPerSecond60 = Self(rawValue: 3 << 24)

        /// The curve in bits 16–19.
        public var curve: AnimationCurve { AnimationCurve(rawValue: Int(rawValue >> 16 & 0xF)) ?? .easeInOut }

        /// The frame rate in bits 24–27: 30, 60, or nil for the default (every frame).
        var preferredFramesPerSecond: Float? {
            switch rawValue >> 24 & 0xF {
            case 7: 30
            case 3: 60
            default: nil
            }
        }
    }

    /// The timing curves of UIView animations.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// The matching Core Animation timing function.
        public var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// Options for `animateKeyframes(withDuration:delay:options:animations:completion:)`:
    /// the shared option bits, and the calculation mode in bits 10–12 (FACTS §5).
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = Self(shared: .layoutSubviews)
        public static let allowUserInteraction = Self(shared: .allowUserInteraction)
        public static let beginFromCurrentState = Self(shared: .beginFromCurrentState)
        public static let `repeat` = Self(shared: .repeat)
        public static let autoreverse = Self(shared: .autoreverse)
        public static let overrideInheritedDuration = Self(shared: .overrideInheritedDuration)
        public static let overrideInheritedOptions = Self(shared: .overrideInheritedOptions)

        /// A member with the same bits as the animation option.
        private init(shared option: AnimationOptions) { self.init(rawValue: option.rawValue) }

        public static let calculationModeLinear = Self(rawValue: 0 << 10)
        public static let calculationModeDiscrete = Self(rawValue: 1 << 10)
        public static let calculationModePaced = Self(rawValue: 2 << 10)
        public static let calculationModeCubic = Self(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = Self(rawValue: 4 << 10)

        /// The calculation mode in bits 10–12.
        public var calculationMode: CAAnimationCalculationMode {
            switch rawValue >> 10 & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The timing curve passed in the curve bits (as `AnimationOptions.curveEaseIn.rawValue`),
        /// which shapes the whole keyframe animation; nil (bits 0) paces each segment linearly (K2).
        public var curve: AnimationCurve? {
            let bits = Int(rawValue >> 16 & 0xF)
            return bits == 0 ? nil : AnimationCurve(rawValue: bits)
        }

        /// The bits the two option sets share, as animation options.
        var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & ~(0x7 << 10)) }
    }
}
