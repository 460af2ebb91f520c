import Foundation

/// Runs several animations together in the group's time (CA5, T2).
///
/// Each child's `beginTime` is relative to the group's start; a child is sampled at the
/// group's local time, so the group's speed, repeats and timing function apply to all of
/// them, and nothing runs beyond the group's duration.
open class CAAnimationGroup: CAAnimation {
    @exclusivity(unchecked) public var animations: [CAAnimation]?

    public required init() { super.init() }

    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        animations = (other as? CAAnimationGroup)?.animations?.map { $0.copy() }
    }

    public override func validate(for layer: CALayer) throws {
        for child in animations ?? [] { try child.validate(for: layer) }
    }

    override func prepare(for layer: CALayer) {
        for child in animations ?? [] { child.prepare(for: layer) }
    }

    /// A child whose duration is 0 (never set) takes the group's, as in the Core Animation
    /// Programming Guide's "Grouping Animations" example, which sets only the group's (CA5).
    override func fillDefaultDuration(_ defaultDuration: Double) {
        super.fillDefaultDuration(defaultDuration)
        for child in animations ?? [] { child.fillDefaultDuration(duration) }
    }

    /// Children see the group's local time. At the end of a cycle — where a repeating
    /// group's cycles meet, and while the group fills after its end — they are sampled a
    /// hair inside it (twice the rounding a child's end takes as reaching it,
    /// `MediaTiming.timeRounding`), so children ending with the group show their final values rather
    /// than none (the fill belongs to the group, as with Core Animation's usual group idiom;
    /// a spinner's group would otherwise flash the unanimated layer at each cycle).
    override func apply(to layer: CALayer, atTime time: Double) {
        guard let local = childTime(atParentTime: time) else { return }
        for child in animations ?? [] { child.apply(to: layer, atTime: local) }
    }

    override func apply(to placement: inout LayerPlacement, of layer: CALayer, atTime time: Double) -> Bool {
        guard let local = childTime(atParentTime: time) else { return true }
        for child in animations ?? [] where !child.apply(to: &placement, of: layer, atTime: local) { return false }
        return true
    }

    /// The time the children see at `time`; nil when the group has no effect then.
    private func childTime(atParentTime time: Double) -> Double? {
        guard let (progress, _) = easedPhase(atParentTime: time) else { return nil }
        let local = progress * duration
        let inside = local - abs(local) * 2 * MediaTiming.timeRounding
        return progress >= 1 || timing.hasEnded(atParentTime: time) ? inside : local
    }
}
