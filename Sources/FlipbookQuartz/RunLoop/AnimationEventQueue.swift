/// The animations on layers whose starts and stops are still to be delivered, and the
/// order their delegates hear them in (CA7).
final class AnimationEventQueue {
    /// Layers with animations. Their order does not matter: events due together are
    /// delivered in the order their animations were added, and the next event is a minimum.
    private var animatedLayers: [CALayer] = []
    /// Where each layer is in `animatedLayers`, to find or drop one without a linear search:
    /// a scene adding, or ending, an animation on each of 10,000 layers otherwise spends
    /// a hundred million comparisons.
    private var animatedLayerIndices: [ObjectIdentifier: Int] = [:]
    /// Animations removed before they ended, with their layers, whose delegates have not heard yet.
    private var removedAnimations: [(attached: AttachedAnimation, layer: CALayer)] = []

    /// Whether a removed animation waits to report its stop: a turn is due now.
    var hasRemovedAnimations: Bool { !removedAnimations.isEmpty }

    /// Counts `layer`, which an animation was just added to, among the animated layers.
    func track(_ layer: CALayer) {
        let id = ObjectIdentifier(layer)
        guard animatedLayerIndices[id] == nil else { return }
        animatedLayerIndices[id] = animatedLayers.count
        animatedLayers.append(layer)
    }

    /// A removed animation stops with `finished` false, reported in the next turn, before
    /// any animation starts then (so a replaced animation stops before its replacement starts).
    func remove(_ attached: AttachedAnimation, from layer: CALayer) {
        guard !attached.didStop else { return }
        attached.didStop = true
        removedAnimations.append((attached, layer))
        forgetIfIdle(layer)
    }

    /// The time of the next start or stop, not before `now`; nil when none is pending
    /// (animations that never end do not count).
    ///
    /// Asked before every frame, so it takes the minimum in place rather than listing the events.
    func nextEventTime(now: Double) -> Double? {
        var next: Double?
        forEachPendingEvent(now: now) { next = min(next ?? $0.time, $0.time) }
        return next
    }

    /// Whether an animation on a layer under `rootLayers` repeats forever (it has no end
    /// to wait for). A paused one (speed 0) does not count: it shows one still value.
    func isAnimatingForever(under rootLayers: [CALayer]) -> Bool {
        animatedLayers.contains { layer in
            rootLayers.contains { layer.isDescendant(of: $0) } && layer.attachedAnimations.contains {
                !$0.didStop && $0.animation.speed != 0 && !$0.animation.timing.activeDuration.isFinite
            }
        }
    }

    /// Reports the stops of removed animations, then delivers the starts and ends due by
    /// `now`, in the order the animations were added. Completions that no longer wait
    /// run in later turns of `runLoop`.
    func deliverEvents(at now: Double, on runLoop: VirtualRunLoop) {
        let removed = removedAnimations
        removedAnimations = []
        for (attached, layer) in removed { stop(attached, on: layer, finished: false, runLoop: runLoop) }
        var due: [Event] = []
        forEachPendingEvent(now: now) { if $0.time <= now { due.append($0) } }
        due.sort { ($0.attached.sequence, $0.kind == .start ? 0 : 1) < ($1.attached.sequence, $1.kind == .start ? 0 : 1) }
        for event in due {
            let attached = event.attached
            switch event.kind {
            case .start:
                guard !attached.didStop else { continue }
                start(attached, on: event.layer, runLoop: runLoop)
            case .stop:
                guard !attached.didStop else { continue }
                if !attached.didStart { start(attached, on: event.layer, runLoop: runLoop) }
                attached.didStop = true
                if attached.animation.isRemovedOnCompletion {
                    event.layer.attachedAnimations.removeAll { $0 === attached }
                }
                stop(attached, on: event.layer, finished: true, runLoop: runLoop)
                forgetIfIdle(event.layer)
            }
        }
    }

    private struct Event {
        enum Kind { case start, stop }
        let time: Double
        let kind: Kind
        let layer: CALayer
        let attached: AttachedAnimation
    }

    /// Calls `body` with each start and end still to deliver, at its global time, layer
    /// by layer.
    private func forEachPendingEvent(now: Double, _ body: (Event) -> Void) {
        for layer in animatedLayers {
            for attached in layer.attachedAnimations where !attached.didStop {
                let (start, stop) = eventTimes(of: attached, on: layer, now: now)
                if let start { body(Event(time: start, kind: .start, layer: layer, attached: attached)) }
                if let stop { body(Event(time: stop, kind: .stop, layer: layer, attached: attached)) }
            }
        }
    }

    /// When `attached` on `layer` starts (nil once it has) and stops, in global time and
    /// not before `now`; nil for a time never reached (a paused layer, an endless animation).
    private func eventTimes(of attached: AttachedAnimation, on layer: CALayer, now: Double)
        -> (start: Double?, stop: Double?) {
        let timing = attached.animation.timing
        let start = attached.didStart ? nil : max(layer.globalTime(atLocal: timing.beginTime), now)
        // An endless animation ends at no time in any clock: asked every frame for every
        // animation, so no walk up the tree to find that out.
        let end = timing.endTime.isFinite ? layer.globalTime(atLocal: timing.endTime) : .infinity
        return (start.flatMap { $0.isFinite ? $0 : nil }, end.isFinite ? max(end, now) : nil)
    }

    private func start(_ attached: AttachedAnimation, on layer: CALayer, runLoop: VirtualRunLoop) {
        attached.didStart = true
        attached.animation.delegate?.animationDidStart(attached.animation)
        runLoop.animationEventObserver?(AnimationEvent(
            kind: .didStart, layer: layer, key: attached.isAnonymous ? nil : attached.key, animation: attached.animation))
    }

    private func stop(_ attached: AttachedAnimation, on layer: CALayer, finished: Bool, runLoop: VirtualRunLoop) {
        attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
        runLoop.animationEventObserver?(AnimationEvent(
            kind: .didStop(finished: finished), layer: layer, key: attached.isAnonymous ? nil : attached.key,
            animation: attached.animation))
        for group in attached.groups {
            group.pending -= 1
            group.runIfDone(on: runLoop)
        }
    }

    /// Drops `layer` once none of its animations is left to start or stop: the last layer
    /// takes its place.
    private func forgetIfIdle(_ layer: CALayer) {
        guard layer.attachedAnimations.allSatisfy(\.didStop) else { return }
        guard let index = animatedLayerIndices.removeValue(forKey: ObjectIdentifier(layer)) else { return }
        let last = animatedLayers.removeLast()
        guard index < animatedLayers.count else { return }
        animatedLayers[index] = last
        animatedLayerIndices[ObjectIdentifier(last)] = index
    }
}
