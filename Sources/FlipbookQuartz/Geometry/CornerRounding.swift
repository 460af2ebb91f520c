import Foundation

/// Which corners `cornerRadius` rounds (`CALayer.maskedCorners`, iOS 11); all four by default.
///
/// The corners are named by the bounds' coordinates: `layerMinXMinYCorner` is the top-left
/// corner on iOS, whose y axis points down.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The curve of rounded corners (`CALayer.cornerCurve`, iOS 13): `circular` (the
/// default), quarter circles; `continuous`, a curve whose curvature grows from the edge,
/// drawn here as an approximation (see `CALayer.cornerCurveExpansionFactor(_:)`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let circular = Self(rawValue: "circular")
    public static let continuous = Self(rawValue: "continuous")
}

extension CALayer {
    /// How far along each edge, as a multiple of `cornerRadius`, a corner of `curve`
    /// reaches from the corner of the bounds: 1 for `circular`, 1.528665 for
    /// `continuous` (the measured extent of Apple's continuous corner; FACTS §10).
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CornerRounding.continuousExtent : 1
    }
}

/// How a layer's corners are rounded, in one value for the renderer: the radius, the
/// corners it applies to, and the curve.
public struct CornerRounding: Hashable, Sendable {
    /// How far from the corner a continuous corner leaves each edge, per point of radius.
    public static let continuousExtent: CGFloat = 1.528665

    public var radius: CGFloat
    public var corners: CACornerMask
    public var curve: CALayerCornerCurve

    public init(radius: CGFloat, corners: CACornerMask = CACornerMask(rawValue: 0b1111), curve: CALayerCornerCurve = .circular) {
        (self.radius, self.corners, self.curve) = (radius, corners, curve)
    }

    /// Square corners.
    public static let square = CornerRounding(radius: 0)

    /// The same corners `width` further in: the inside edge of a border of that width.
    public func inset(by width: CGFloat) -> CornerRounding {
        CornerRounding(radius: max(radius - width, 0), corners: corners, curve: curve)
    }
}

extension CACornerMask {
    /// All four corners, the default of `maskedCorners`. Not Core Animation API, so
    /// internal: apps often declare an `all` of their own.
    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                           .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}
