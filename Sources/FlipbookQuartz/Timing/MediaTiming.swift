import Foundation

/// How an animation shows outside its active interval (`CAMediaTimingFillMode`).
public struct CAMediaTimingFillMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No effect outside the active interval (the default).
    public static let removed = Self(rawValue: "removed")
    /// Holds the end value after the active interval.
    public static let forwards = Self(rawValue: "forwards")
    /// Holds the start value before the active interval.
    public static let backwards = Self(rawValue: "backwards")
    public static let both = Self(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The timing of one object in Core Animation's time hierarchy, as a value (T2).
///
/// `phase(atParentTime:)` maps a time of the parent (the layer, or the enclosing
/// group) to where the object is in its own cycle, per FACTS §3: local time
/// t = (tp − beginTime)·speed + timeOffset; the active interval lasts `activeDuration`
/// of local time; inside it the time wraps per cycle, and with `autoreverses` the second
/// half of each cycle runs backwards.
public struct MediaTiming: Sendable, Hashable {
    /// Parent time at which the active interval starts.
    public var beginTime: Double = 0
    /// Seconds per (forward) cycle; must be > 0 to animate. `CAAnimation` refuses a
    /// negative duration and one that is not finite, and a speed, beginTime or timeOffset
    /// that is not finite (T6); a value built with such settings never shows NaN.
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Number of cycles (fractional allowed; `.infinity` repeats forever); 0 means 1, and
    /// so does a negative count or NaN, which `CAAnimation` refuses (T2).
    public var repeatCount: Double = 0
    /// Total active time, when > 0 (not NaN); overrides `repeatCount`.
    public var repeatDuration: Double = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed

    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Where an object is at some parent time.
    public enum Phase: Sendable, Hashable {
        /// Before the active interval, without a backwards fill: no effect.
        case before
        /// Showing `progress` (0…1 of the forward cycle, before any timing function)
        /// in repeat `cycle` (0-based).
        case active(progress: Double, cycle: Int)
        /// After the active interval, without a forwards fill: no effect.
        case after

        /// The progress shown, or nil when the object has no effect.
        public var progress: Double? {
            if case .active(let progress, _) = self { return progress }
            return nil
        }
    }

    /// Local time of one cycle with `autoreverses` taken into account.
    var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }

    /// Local seconds of the active interval (may be infinite). An object with no cycle
    /// length (a duration of 0, as `phase` reads it) has none, however often or long it
    /// repeats: FACTS §3's duration × repeatCount would be 0 × ∞, NaN, for a count of infinity.
    public var activeDuration: Double {
        guard duration > 0 else { return 0 }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration * (repeatCount > 1 ? repeatCount : 1)
    }

    /// The parent time at which the active interval ends: the begin time when there is no
    /// active time; infinite when it never does (repeating forever, or speed 0).
    public var endTime: Double {
        let active = activeDuration
        guard active > 0 else { return beginTime }
        guard speed != 0 else { return .infinity }
        return beginTime + active / abs(speed)
    }

    /// Whether the active interval is over at `parentTime` (fill or not); a parent time a
    /// rounding error short of the end (`timeRounding`) is at it.
    public func hasEnded(atParentTime parentTime: Double) -> Bool {
        let end = endTime
        return parentTime >= end - end.magnitude * Self.timeRounding
    }

    /// Where the object is at `parentTime` (FACTS §3), fill mode applied. A parent time a
    /// rounding error short of the begin time is at it: a frame at 0.3 s shows an
    /// animation added at 0.2 s with a beginTime of 0.1 s, which begins at
    /// 0.30000000000000004 s.
    public func phase(atParentTime parentTime: Double) -> Phase {
        guard duration > 0 else { return .after }
        if parentTime < beginTime - beginTime.magnitude * Self.timeRounding {
            return fillMode.fillsBackwards ? state(atLocalTime: timeOffset, endsCycle: speed < 0) : .before
        }
        if hasEnded(atParentTime: parentTime) {
            guard fillMode.fillsForwards else { return .after }
            return state(atLocalTime: timeOffset + activeDuration * (speed < 0 ? -1 : 1), endsCycle: speed > 0)
        }
        return state(atLocalTime: (max(parentTime, beginTime) - beginTime) * speed + timeOffset, endsCycle: speed < 0)
    }

    /// The cycle state at local time `t`, wrapped into the active interval.
    ///
    /// The time within a cycle is t mod cycle (FACTS §3), and so is the time within the
    /// active interval when a timeOffset takes it past the end. A time on a boundary, or a
    /// rounding error short of one (a frame's time, 1.2 s, is 2.9999999999999996 cycles of
    /// 0.4 s), belongs to the cycle that play enters there: the next one, unless `endsCycle`
    /// — playing backwards (speed < 0), or at the end of the interval, where a fill holds
    /// the end of the last cycle played.
    ///
    /// Finite settings can still overflow here (a local time past the largest double, a
    /// cycle of 1e308 s autoreversing): the comparisons are written so a NaN they make
    /// reads as 0, the start, rather than reaching the screen or trapping in `Int(_:)`
    /// (T6) — the same comparisons, no more.
    private func state(atLocalTime t: Double, endsCycle: Bool) -> Phase {
        let active = activeDuration
        var local = t
        if active.isFinite, active > 0, local < 0 || local >= active - active * Self.timeRounding {
            local -= active * Self.cyclesDone(local / active, endsCycle: endsCycle)
        }
        local = local > 0 ? local : 0
        let length = cycleDuration
        var cycles = Self.cyclesDone(local / length, endsCycle: endsCycle)
        if cycles >= 1, active.isFinite {
            // Not past the last cycle: the end of the interval shows the end of that one.
            let last = Self.cyclesDone(active / length, endsCycle: true)
            if cycles > last { cycles = last }
        }
        let cycle = cycles > 0 ? Int(min(cycles, Double(Int32.max))) : 0
        let inCycle = local - Double(cycle) * length
        let forward = autoreverses && inCycle > duration ? (length - inCycle) / duration : inCycle / duration
        return .active(progress: forward > 0 ? min(forward, 1) : 0, cycle: cycle)
    }

    /// How far short of a boundary, relative to it, a time may fall and still be on it:
    /// the rounding error of a sum or product of a few doubles.
    static let timeRounding = 1e-12

    /// The whole cycles done at `position` cycles, the cycle play is in: on a boundary, or a
    /// rounding error short of one, the cycle it enters there, or with `endsCycle` the one
    /// it leaves. Inlined, and one `floor` in the common case, a time inside a cycle: every
    /// animation's every frame passes here.
    @inline(__always)
    private static func cyclesDone(_ position: Double, endsCycle: Bool) -> Double {
        let down = position.rounded(.down)
        let above = position - down, tolerance = min(position * timeRounding, 1e-6)
        if above > tolerance, 1 - above > tolerance { return down }
        let boundary = above <= tolerance ? down : down + 1
        return endsCycle && boundary > 0 ? boundary - 1 : boundary
    }
}
