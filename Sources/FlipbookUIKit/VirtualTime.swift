import Foundation

/// A moment on the virtual clock, what `.now() + 0.5` makes in
/// `DispatchQueue.main.asyncAfter(deadline:)`: half a second of recorded time from now.
///
/// iOS code writes deadlines as Dispatch's `DispatchTime`, which reads the machine's
/// uptime. Flipbook's `asyncAfter(deadline:)` takes this type instead, so the same
/// expression, `.now() + 0.5` or `.now() + .milliseconds(500)`, means virtual time and
/// agrees with `CACurrentMediaTime()`. A deadline kept in a `DispatchTime` variable
/// (`let t = DispatchTime.now() + 1`) is Dispatch's own and never comes during a recording.
public struct VirtualTime: Comparable, Hashable, Sendable {
    /// Seconds on the clock of `VirtualRunLoop.current`.
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// Now on the virtual clock: `CACurrentMediaTime()`.
    public static func now() -> VirtualTime { VirtualTime(seconds: CACurrentMediaTime()) }

    /// A deadline that never comes.
    public static let distantFuture = VirtualTime(seconds: .infinity)

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.seconds < rhs.seconds }

    public static func + (time: VirtualTime, seconds: Double) -> VirtualTime {
        VirtualTime(seconds: time.seconds + seconds)
    }

    public static func - (time: VirtualTime, seconds: Double) -> VirtualTime {
        VirtualTime(seconds: time.seconds - seconds)
    }

    public static func + (time: VirtualTime, interval: DispatchTimeInterval) -> VirtualTime {
        VirtualTime(seconds: time.seconds + interval.seconds)
    }

    public static func - (time: VirtualTime, interval: DispatchTimeInterval) -> VirtualTime {
        VirtualTime(seconds: time.seconds - interval.seconds)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    var seconds: Double {
        switch self {
        case .seconds(let n): Double(n)
        case .milliseconds(let n): Double(n) / 1e3
        case .microseconds(let n): Double(n) / 1e6
        case .nanoseconds(let n): Double(n) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
