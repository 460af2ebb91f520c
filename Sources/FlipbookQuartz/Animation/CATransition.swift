import Foundation

/// The kinds of `CATransition`.
public struct CATransitionType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = Self(rawValue: "fade")
    public static let moveIn = Self(rawValue: "moveIn")
    public static let push = Self(rawValue: "push")
    public static let reveal = Self(rawValue: "reveal")
    /// A 3D flip about the layer's vertical (from left or right) or horizontal (from top
    /// or bottom) centre line, the new content showing from 90° on: the private type
    /// UIKit's flip transitions use (TR4).
    public static let oglFlip = Self(rawValue: "oglFlip")
    /// The old content curls up and away from the bottom edge, uncovering the new
    /// (UIKit's curlUp; private type).
    public static let pageCurl = Self(rawValue: "pageCurl")
    /// The new content uncurls down over the old (UIKit's curlDown; private type).
    public static let pageUnCurl = Self(rawValue: "pageUnCurl")
    public static let all: [Self] = [.fade, .moveIn, .push, .reveal, .oglFlip, .pageCurl, .pageUnCurl]
}

/// The direction a `CATransition` comes from.
public struct CATransitionSubtype: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromLeft = Self(rawValue: "fromLeft")
    public static let fromRight = Self(rawValue: "fromRight")
    public static let fromTop = Self(rawValue: "fromTop")
    public static let fromBottom = Self(rawValue: "fromBottom")
    public static let all: [Self] = [.fromLeft, .fromRight, .fromTop, .fromBottom]
}

/// The key code conventionally adds a transition under (`layer.add(transition, forKey:
/// kCATransition)`), Core Animation's action identifier for transitions; a transition
/// runs under any key.
public let kCATransition = "transition"

/// Animates a layer from how it last looked to how it looks now (CA6).
///
/// When added, the layer's appearance as last committed is captured; while the
/// transition runs, the presentation carries it and the progress
/// (startProgress … endProgress), and the compositor draws old and new content by
/// FACTS §7.
open class CATransition: CAAnimation {
    public var type: CATransitionType = .fade
    public var subtype: CATransitionSubtype?
    public var startProgress: Float = 0
    public var endProgress: Float = 1
    /// The captured old appearance, set when added.
    var snapshot: RenderLayer?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        snapshot = other.snapshot
    }

    override func prepare(for layer: CALayer) {
        snapshot = layer.committedRenderLayer()
    }

    override func apply(to layer: CALayer, atTime time: Double) {
        guard let (progress, _) = easedPhase(atParentTime: time), let snapshot else { return }
        let p = Double(startProgress) + (Double(endProgress) - Double(startProgress)) * progress
        layer.transitionState = RenderLayer.Transition(type: type, subtype: subtype ?? .fromLeft,
                                                       progress: p, old: snapshot)
    }
}
