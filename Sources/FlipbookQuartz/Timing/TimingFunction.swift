import Foundation

/// A cubic Bézier easing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` (T1).
///
/// `value(at:)` solves x(s) = t for the curve parameter s (Newton from a good first
/// guess, then bisection, to 1e-12) and returns y(s). Outside 0…1 the curve continues
/// along its end tangents.
public struct TimingFunction: Sendable, Hashable {
    public let c1: CGPoint
    public let c2: CGPoint

    /// A curve through the control points (x1, y1) and (x2, y2); x values are clamped to 0…1.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = CGPoint(x: min(max(x1, 0), 1), y: y1)
        c2 = CGPoint(x: min(max(x2, 0), 1), y: y2)
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// "The curve used by implicit animations" (CAMediaTimingFunction.h).
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The eased progress at time fraction `t`.
    public func value(at t: Double) -> Double {
        if self == .linear { return t }
        if t < 0 { return t * startSlope }
        if t > 1 { return 1 + (t - 1) * endSlope }
        return Self.bezier(solve(x: t), c1.y, c2.y)
    }

    /// The curve parameter s at which x(s) = x, for x in 0…1.
    private func solve(x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, c1.x, c2.x) - x
            if abs(error) < 1e-12 { return s }
            let slope = Self.derivative(s, c1.x, c2.x)
            guard abs(slope) > 1e-9 else { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        while high - low > 1e-12 {
            if Self.bezier(s, c1.x, c2.x) < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    /// dy/dx at the start, for extrapolating before 0.
    private var startSlope: Double {
        if c1.x > 0 { return c1.y / c1.x }
        if c2.x > 0 { return c2.y / c2.x }
        return 0
    }

    /// dy/dx at the end, for extrapolating after 1.
    private var endSlope: Double {
        if c2.x < 1 { return (c2.y - 1) / (c2.x - 1) }
        if c1.x < 1 { return (c1.y - 1) / (c1.x - 1) }
        return 0
    }

    /// One coordinate of the curve with end points 0 and 1 and control values p1, p2.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}

/// The names of the predefined timing functions (`CAMediaTimingFunctionName`).
public struct CAMediaTimingFunctionName: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = Self(rawValue: "linear")
    public static let easeIn = Self(rawValue: "easeIn")
    public static let easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    public static let `default` = Self(rawValue: "default")
}

/// Core Animation's timing-function object: a named or custom cubic Bézier (T1).
public final class CAMediaTimingFunction: Sendable, Hashable {
    public let function: TimingFunction

    /// The predefined curve `name`; an unknown name gives `linear`.
    public convenience init(name: CAMediaTimingFunctionName) {
        let table: [CAMediaTimingFunctionName: TimingFunction] = [
            .linear: .linear, .easeIn: .easeIn, .easeOut: .easeOut,
            .easeInEaseOut: .easeInEaseOut, .default: .default,
        ]
        self.init(function: table[name] ?? .linear)
    }

    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(function: TimingFunction(Double(c1x), Double(c1y), Double(c2x), Double(c2y)))
    }

    public init(function: TimingFunction) { self.function = function }

    /// Writes control point `index` (0…3: start, c1, c2, end) into `values` as x, y.
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points = [CGPoint.zero, function.c1, function.c2, CGPoint(x: 1, y: 1)]
        let point = points[min(max(index, 0), 3)]
        values[0] = Float(point.x)
        values[1] = Float(point.y)
    }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.function == b.function }
    public func hash(into hasher: inout Hasher) { hasher.combine(function) }
}
