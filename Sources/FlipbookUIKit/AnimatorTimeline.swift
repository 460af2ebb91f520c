import Foundation

/// An animator's timing curve: a cubic curve, or a spring evaluated over the time a
/// stretch of the animation takes.
@MainActor
struct AnimatorCurve {
    private enum Kind {
        case cubic(TimingFunction)
        case spring(UISpringTimingParameters)
    }

    private let kind: Kind

    init(_ parameters: UITimingCurveProvider?) {
        if let spring = parameters?.springTimingParameters {
            kind = .spring(spring)
        } else {
            kind = .cubic(parameters?.cubicTimingParameters?.function ?? TimingFunction.easeInEaseOut)
        }
    }

    /// The progress at `x` (0…1) of a stretch lasting `span` seconds.
    func value(at x: Double, span: Double) -> Double {
        switch kind {
        case .cubic(let function): function.value(at: x)
        case .spring(let parameters): parameters.spring(duration: span).value(at: x * span)
        }
    }
}

/// Where an animator is in time and how that maps to progress (PA3–PA6).
///
/// The time fraction runs from 0 to 1 over `duration` (backwards when reversed) from
/// an anchor, or holds still. Progress follows a segment of the curve from (fa, va) to
/// (fb, vb): the whole curve at first; after resuming from a linear scrub, reversing
/// from a retimed point, or `continueAnimation`, a new segment starts where the values
/// are, so nothing jumps.
@MainActor
final class AnimatorTimeline {
    private(set) var duration: Double
    private var curve: AnimatorCurve
    private let initial: (duration: Double, curve: AnimatorCurve)
    private var anchorFraction = 0.0
    /// When the time fraction was `anchorFraction` and started moving; nil while held.
    private var anchorTime: Double?
    private(set) var isReversed = false
    private var segment = (fa: 0.0, va: 0.0, fb: 1.0, vb: 1.0)
    /// Held after a linear scrub: progress equals the time fraction until it runs again.
    private var isLinearlyScrubbed = false

    init(duration: Double, curve: AnimatorCurve) {
        self.duration = max(duration, 0.000001)
        self.curve = curve
        initial = (self.duration, curve)
    }

    /// The time fraction at global time `now`.
    func fraction(at now: Double) -> Double {
        guard let anchorTime, now > anchorTime else { return anchorFraction }
        let moved = (now - anchorTime) / duration
        return min(max(anchorFraction + (isReversed ? -moved : moved), 0), 1)
    }

    /// The progress (the fraction of the way from old to new values) at `now` of the
    /// animations that start at time fraction `groupStart`.
    func value(at now: Double, groupStart: Double) -> Double {
        let f = fraction(at: now)
        if groupStart > 0 {
            let local = min(max((f - groupStart) / (1 - groupStart), 0), 1)
            return isLinearlyScrubbed ? local : curve.value(at: local, span: (1 - groupStart) * duration)
        }
        if isLinearlyScrubbed { return f }
        let (fa, va, fb, vb) = segment
        guard fb > fa else { return vb }
        let local = min(max((f - fa) / (fb - fa), 0), 1)
        return va + (vb - va) * curve.value(at: local, span: (fb - fa) * duration)
    }

    /// Starts moving at `time` from where it is.
    func run(from time: Double) {
        if isLinearlyScrubbed {
            startSegment(at: anchorFraction, value: anchorFraction)
            isLinearlyScrubbed = false
        }
        anchorTime = time
    }

    func hold(at now: Double) {
        anchorFraction = fraction(at: now)
        anchorTime = nil
    }

    func scrub(to fraction: Double, linearly: Bool) {
        anchorFraction = fraction
        anchorTime = nil
        isLinearlyScrubbed = linearly
    }

    func reverse(at now: Double) {
        let (f, v) = (fraction(at: now), value(at: now, groupStart: 0))
        anchorFraction = f
        if let time = anchorTime { anchorTime = max(time, now) }
        isReversed.toggle()
        if !isLinearlyScrubbed, (isReversed && segment.fa > 0) || (!isReversed && segment.fb < 1) {
            startSegment(at: f, value: v)
        }
    }

    /// `continueAnimation`: the rest of the way, from where it is, takes `remaining`
    /// seconds (nil: as long as it would have) along `newCurve` (nil: the current curve).
    func retime(at now: Double, remaining: Double?, curve newCurve: AnimatorCurve?) {
        let (f, v) = (fraction(at: now), value(at: now, groupStart: 0))
        let left = isReversed ? f : 1 - f
        let newDuration = remaining.map { left > 0 ? max($0, 0.000001) / left : duration } ?? duration
        anchorFraction = f
        anchorTime = nil
        isLinearlyScrubbed = false
        duration = newDuration
        if let newCurve { curve = newCurve }
        startSegment(at: f, value: v)
    }

    /// The global time the running timeline reaches its end (its start, reversed).
    func endTime() -> Double? {
        guard let anchorTime else { return nil }
        return anchorTime + (isReversed ? anchorFraction : 1 - anchorFraction) * duration
    }

    func reset() {
        (duration, curve) = initial
        anchorFraction = 0
        anchorTime = nil
        isReversed = false
        isLinearlyScrubbed = false
        segment = (0, 0, 1, 1)
    }

    /// A segment from (f, v) to the end the timeline is heading for.
    private func startSegment(at f: Double, value v: Double) {
        segment = isReversed ? (0, 0, f, v) : (f, v, 1, 1)
    }
}
