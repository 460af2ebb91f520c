import Foundation

/// The base of Core Animation's animations: media timing, a timing function, a
/// delegate, and whether the animation leaves the layer when it ends.
///
/// `add(_:forKey:)` copies the animation, so changing one after adding it has no effect.
/// A `duration` of 0 means the transaction's duration (0.25 s by default).
open class CAAnimation: CAAction {
    /// When the animation starts, in the layer's time; 0 means "when added" (the commit).
    /// A value that is not finite is refused with a warning, keeping the time (T6).
    public var beginTime: Double {
        get { timing.beginTime }
        set { if !refuses("beginTime", newValue, keeping: timing.beginTime, by: .finite) { timing.beginTime = newValue } }
    }
    /// Seconds per cycle; 0 means the transaction's duration. A negative duration, NaN or
    /// infinity is refused with a warning, keeping the duration (T6).
    public var duration: Double {
        get { timing.duration }
        set { if !refuses("duration", newValue, keeping: timing.duration, by: .duration) { timing.duration = newValue } }
    }
    /// Local time per parent time (negative runs backwards, 0 holds still); a value that is
    /// not finite is refused with a warning, keeping the speed (T6).
    public var speed: Float {
        get { Float(timing.speed) }
        set { if !refuses("speed", Double(newValue), keeping: timing.speed, by: .finite) { timing.speed = Double(newValue) } }
    }
    /// Added to the local time; a value that is not finite is refused with a warning,
    /// keeping the offset (T6).
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { if !refuses("timeOffset", newValue, keeping: timing.timeOffset, by: .finite) { timing.timeOffset = newValue } }
    }
    /// Cycles to run; fractional counts end part-way; `.infinity` repeats forever. A
    /// negative count or NaN is refused with a warning, keeping the count (T2).
    public var repeatCount: Float {
        get { Float(timing.repeatCount) }
        set {
            guard !refuses("repeatCount", Double(newValue), keeping: timing.repeatCount, by: .repeats) else { return }
            timing.repeatCount = Double(newValue)
        }
    }
    /// Seconds to repeat for, when above 0; a negative duration or NaN is refused with a
    /// warning, keeping the duration (T2).
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set {
            guard !refuses("repeatDuration", newValue, keeping: timing.repeatDuration, by: .repeats) else { return }
            timing.repeatDuration = newValue
        }
    }
    public var autoreverses: Bool { get { timing.autoreverses } set { timing.autoreverses = newValue } }
    public var fillMode: CAMediaTimingFillMode { get { timing.fillMode } set { timing.fillMode = newValue } }
    /// Eases each (half) cycle; nil is linear.
    @exclusivity(unchecked) public var timingFunction: CAMediaTimingFunction?
    /// Kept strongly, as Core Animation does. (This and the other properties a copy reads
    /// are `@exclusivity(unchecked)`, see `CALayer.properties`: every add copies the
    /// animation, and checking those reads cost a tenth of adding 10,000 of them.)
    @exclusivity(unchecked) public var delegate: CAAnimationDelegate?
    @exclusivity(unchecked) public var isRemovedOnCompletion = true
    /// The frame rate the animation's values change at; a `preferred` rate above 0
    /// holds each value for 1/preferred s (UIKit's preferredFramesPerSecond30, V12).
    @exclusivity(unchecked) public var preferredFrameRateRange: CAFrameRateRange = .default

    public required init() {}

    /// A copy of `other` with all its settings (subclasses copy theirs).
    public required init(copying other: CAAnimation) {
        timing = other.timing
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        preferredFrameRateRange = other.preferredFrameRateRange
        userValues = other.userValues
    }

    // MARK: Key-value coding

    /// Values code attaches to an animation by key (`setValue("spin", forKey: "name")`),
    /// kept on the copies `add(_:forKey:)` makes, so `animationDidStop` can read them back.
    @exclusivity(unchecked) private var userValues: [String: Any] = [:]

    /// Sets a timing property by its name (`duration`, `beginTime`, `speed`, `timeOffset`,
    /// `repeatCount`, `repeatDuration`, `autoreverses`, `removedOnCompletion`) when `value`
    /// is of its kind, or else keeps `value` under `key`, as Core Animation's key-value
    /// coding keeps any key; nil removes it.
    public func setValue(_ value: Any?, forKey key: String) {
        let number = (value as? NSNumber)?.doubleValue ?? (value as? Double) ?? (value as? Float).map(Double.init)
            ?? (value as? CGFloat).map(Double.init) ?? (value as? Int).map(Double.init)
        switch (key, number, value as? Bool) {
        case ("beginTime", let n?, _): beginTime = n
        case ("duration", let n?, _): duration = n
        case ("speed", let n?, _): speed = Float(n)
        case ("timeOffset", let n?, _): timeOffset = n
        case ("repeatCount", let n?, _): repeatCount = Float(n)
        case ("repeatDuration", let n?, _): repeatDuration = n
        case ("autoreverses", _, let flag?): autoreverses = flag
        case ("removedOnCompletion", _, let flag?): isRemovedOnCompletion = flag
        default: userValues[key] = value
        }
    }

    /// The value `setValue(_:forKey:)` kept under `key`, or a timing property by its name;
    /// nil for a key never set.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "removedOnCompletion": isRemovedOnCompletion
        default: userValues[key]
        }
    }

    public func copy() -> Self { Self(copying: self) }

    /// The timing settings as a value: the properties above read and write it, so
    /// evaluating the animation in every frame does not gather them again. (On
    /// `@exclusivity(unchecked)` see `CALayer.properties`.)
    @exclusivity(unchecked) public private(set) var timing = MediaTiming() {
        didSet { if isOnLayer { AnimationEventQueue.animationTimingDidChange() } }
    }
    /// Whether this is the copy `add(_:forKey:)` put on a layer: a change of its timing may
    /// give it a start or an end the run loop has to look for again.
    @exclusivity(unchecked) var isOnLayer = false

    /// Adds the animation to the layer `anObject` under `event` (CAAction); a property
    /// animation without a key path animates `event`.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        if let property = self as? CAPropertyAnimation, property.keyPath == nil {
            let copy = property.copy()
            copy.keyPath = event
            layer.add(copy, forKey: event)
        } else {
            layer.add(self, forKey: event)
        }
    }

    /// The eased progress of the current cycle, or nil when the animation has no effect.
    func easedPhase(atParentTime time: Double) -> (progress: Double, cycle: Int)? {
        guard case .active(let progress, let cycle) = timing.phase(atParentTime: steppedTime(time)) else { return nil }
        return (timingFunction?.function.value(at: progress) ?? progress, cycle)
    }

    /// `time` held to the last tick of the preferred frame rate since `beginTime`.
    private func steppedTime(_ time: Double) -> Double {
        guard let rate = preferredFrameRateRange.preferred, rate > 0, time > beginTime else { return time }
        let ticks = ((time - beginTime) * Double(rate) + 1e-9).rounded(.down)
        return beginTime + ticks / Double(rate)
    }

    /// Writes the animation's effect at `time` (in the layer's time) into `layer`, a
    /// presentation copy. Subclasses that animate something override this.
    func apply(to layer: CALayer, atTime time: Double) {}

    /// Writes the animation's effect at `time` into `placement`, the placement of the plain
    /// `CALayer` `layer` held apart from it, exactly as `apply(to:atTime:)` writes it into a
    /// presentation copy of `layer`. Returns false when the animation may write anything
    /// else (the frame then fills a presentation copy, and `placement` is dropped). Subclasses
    /// that override `apply(to:atTime:)` override this too.
    func apply(to placement: inout LayerPlacement, of layer: CALayer, atTime time: Double) -> Bool { false }

    /// Checks the animation can run on `layer`, throwing a `CAAnimationError` that names
    /// what is wrong (unknown key path, values of the wrong kind, keyTimes that do not fit).
    public func validate(for layer: CALayer) throws {}

    /// Called by `add` with the layer the copy was added to, to fill values it leaves unset.
    func prepare(for layer: CALayer) {}

    /// Makes a beginTime of 0 mean `now` (the commit); called by `add`.
    func stamp(beginTime now: Double) {
        if beginTime == 0 { beginTime = now }
    }

    /// Gives a duration of 0 the transaction's; groups pass it on to their children.
    func fillDefaultDuration(_ defaultDuration: Double) {
        if duration == 0 { duration = defaultDuration }
    }
}

/// Why an animation cannot run on a layer.
public struct CAAnimationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The animation property at fault (`keyTimes`, `values` …), when there is one.
    public let property: String?
    /// The index of the entry at fault in `property`'s list, when one entry is.
    public let item: Int?
    public init(_ message: String, property: String? = nil, item: Int? = nil) {
        self.message = message
        self.property = property
        self.item = item
    }
    public var description: String { message }
}
