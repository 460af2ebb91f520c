import Foundation

/// How much a constraint matters, 1–1000: at 1000 (`.required`) it must hold; below, Auto
/// Layout satisfies it as far as the constraints of higher priority let it.
///
/// As in UIKit it is not a literal type: write `UILayoutPriority(999)` or
/// `.defaultHigh + 1` (apps that add their own `ExpressibleByFloatLiteral` conformance, as
/// many do, compile here too).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: how hard a button resists compressing its content.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: how hard a button hugs its content horizontally.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level `systemLayoutSizeFitting(_:)` aims for the target size at.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public static func + (priority: Self, value: Float) -> Self { Self(priority.rawValue + value) }
    public static func - (priority: Self, value: Float) -> Self { Self(priority.rawValue - value) }
}
