import Foundation

/// The animations on layers whose starts and stops are still to be delivered, and the
/// order their delegates hear them in (CA7).
///
/// The next event is asked for before every frame. A layer whose animations have all
/// started and never end (a spinner, repeating forever) has no event to come, so it is set
/// aside among the quiet layers and not looked at again until an animation is added to it
/// or the timing of an animation on a layer changes (which can give an endless one an
/// end: `UIViewPropertyAnimator` retimes the animations it drives). A frame of 10,000
/// spinning layers then asks nothing of them.
final class AnimationEventQueue {
    /// Layers with animations that may have a start or stop to come. Their order does not
    /// matter: events due together are delivered in the order their animations were
    /// added, and the next event is a minimum.
    private var eventfulLayers = LayerSet()
    /// Layers whose animations not stopped have all started and never end, as of the
    /// timing changes counted in `quietAsOf`.
    private var quietLayers = LayerSet()
    /// `timingChanges` when the quiet layers were last found quiet.
    private var quietAsOf = 0
    /// Animations removed before they ended, with their layers, whose delegates have not heard yet.
    private var removedAnimations: [(attached: AttachedAnimation, layer: CALayer)] = []

    /// Whether a removed animation waits to report its stop: a turn is due now.
    var hasRemovedAnimations: Bool { !removedAnimations.isEmpty }

    /// Counts `layer`, which an animation was just added to, among the layers with events to come.
    func track(_ layer: CALayer) {
        quietLayers.remove(layer)
        eventfulLayers.insert(layer)
    }

    /// Changes to the timing of animations added to layers, in every run loop: a quiet
    /// layer's animation may have got an end. Counted under a lock, as layers may be used
    /// on any thread (one at a time per tree); changed rarely, read twice a frame.
    nonisolated(unsafe) private static var timingChanges = 0
    private static let timingChangesLock = NSLock()

    /// Notes that an animation on a layer changed its timing (`CAAnimation.timing`).
    static func animationTimingDidChange() {
        timingChangesLock.withLock { timingChanges += 1 }
    }

    /// Puts the quiet layers back among the eventful ones if an animation's timing changed
    /// since they were found quiet.
    private func wakeQuietLayersIfTimingChanged() {
        let changes = Self.timingChangesLock.withLock { Self.timingChanges }
        guard changes != quietAsOf else { return }
        quietAsOf = changes
        if eventfulLayers.layers.isEmpty {
            swap(&eventfulLayers, &quietLayers)
            return
        }
        for layer in quietLayers.layers { eventfulLayers.insert(layer) }
        quietLayers = LayerSet()
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
        wakeQuietLayersIfTimingChanged()
        var next: Double?
        forEachPendingEvent(now: now) { next = min(next ?? $0.time, $0.time) }
        return next
    }

    /// Whether an animation on a layer under `rootLayers` repeats forever (it has no end
    /// to wait for). A paused one (speed 0) does not count: it shows one still value.
    func isAnimatingForever(under rootLayers: [CALayer]) -> Bool {
        (eventfulLayers.layers + quietLayers.layers).contains { layer in
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
        wakeQuietLayersIfTimingChanged()
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
    /// by layer; sets aside the layers found quiet.
    private func forEachPendingEvent(now: Double, _ body: (Event) -> Void) {
        var quiet: [CALayer] = []
        for layer in eventfulLayers.layers {
            var isQuiet = true
            for attached in layer.attachedAnimations where !attached.didStop {
                let (start, stop) = eventTimes(of: attached, on: layer, now: now)
                if let start { body(Event(time: start, kind: .start, layer: layer, attached: attached)) }
                if let stop { body(Event(time: stop, kind: .stop, layer: layer, attached: attached)) }
                isQuiet = isQuiet && attached.didStart && !attached.animation.timing.endTime.isFinite
            }
            if isQuiet { quiet.append(layer) }
        }
        // All of them at once, as when a scene has just started its spinners: the sets trade
        // places rather than move each layer through two dictionaries.
        if quiet.count == eventfulLayers.layers.count, quietLayers.layers.isEmpty {
            swap(&eventfulLayers, &quietLayers)
            return
        }
        for layer in quiet {
            eventfulLayers.remove(layer)
            quietLayers.insert(layer)
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

    /// Drops `layer` once none of its animations is left to start or stop.
    private func forgetIfIdle(_ layer: CALayer) {
        guard layer.attachedAnimations.allSatisfy(\.didStop) else { return }
        eventfulLayers.remove(layer)
        quietLayers.remove(layer)
    }
}

/// Layers in no particular order, each once, found and dropped without a linear search:
/// a scene adding, or ending, an animation on each of 10,000 layers otherwise spends a
/// hundred million comparisons.
private struct LayerSet {
    private(set) var layers: [CALayer] = []
    /// Where each layer is in `layers`.
    private var indices: [ObjectIdentifier: Int] = [:]

    mutating func insert(_ layer: CALayer) {
        let id = ObjectIdentifier(layer)
        guard indices[id] == nil else { return }
        indices[id] = layers.count
        layers.append(layer)
    }

    /// Drops `layer` if present: the last layer takes its place.
    mutating func remove(_ layer: CALayer) {
        guard let index = indices.removeValue(forKey: ObjectIdentifier(layer)) else { return }
        let last = layers.removeLast()
        guard index < layers.count else { return }
        layers[index] = last
        indices[ObjectIdentifier(last)] = index
    }
}
