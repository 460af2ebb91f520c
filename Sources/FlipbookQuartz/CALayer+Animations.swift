import Foundation

/// An animation added to a layer, with what the run loop needs to deliver its events.
final class AttachedAnimation {
    let key: String
    /// Added with a nil key: not listed by `animationKeys()`.
    let isAnonymous: Bool
    let animation: CAAnimation
    /// The order of adding, across all layers: ties between events at one time go by it.
    let sequence: Int
    /// The `serial` of the run loop current when it was added: the one that delivers its
    /// events and whose clock stamped its begin time.
    let runLoopSerial: Int
    var didStart = false
    var didStop = false
    /// The transactions waiting for this animation before running their completion (TX3).
    var groups: [CompletionGroup] = []

    init(key: String, isAnonymous: Bool, animation: CAAnimation, sequence: Int, runLoopSerial: Int) {
        self.key = key
        self.isAnonymous = isAnonymous
        self.animation = animation
        self.sequence = sequence
        self.runLoopSerial = runLoopSerial
    }
}

extension CALayer {
    /// Adds a copy of `anim` under `key`, replacing (and stopping, `finished` false) any
    /// animation with that key.
    ///
    /// A `beginTime` of 0 becomes the current time (the commit's, T2); a nil `fromValue`
    /// is filled from the presentation value now (CA3); a `duration` of 0 becomes the
    /// transaction's. The model is not changed. Animations whose key path is not
    /// animatable, or whose values do not fit it, are not added (`try addChecked` says why).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        try? addChecked(anim, forKey: key)
    }

    /// `add(_:forKey:)` that throws a `CAAnimationError` naming what is wrong with the animation.
    public func addChecked(_ anim: CAAnimation, forKey key: String?) throws {
        try anim.validate(for: self)
        attach(anim.copy(), forKey: key)
    }

    /// `addChecked(_:forKey:)` for an animation made for this one add and not touched again
    /// by the caller (a scene's copy of its prototype): it goes on the layer itself, since
    /// copying it once more would protect nothing. A scene starting 10,000 animations at
    /// once spends a seventh of that frame on the copies.
    ///
    /// An animation copied from one `validate(for:)` passed for layers of `checkedClass` is
    /// not checked again on a layer of that class: the check depends on the class alone,
    /// and it is a fifth of the cost of an add.
    package func addChecked(handingOver anim: CAAnimation, checkedFor checkedClass: CALayer.Type? = nil,
                            forKey key: String?) throws {
        precondition(!anim.isOnLayer, "an animation on a layer is handed over again")
        if checkedClass != type(of: self) { try anim.validate(for: self) }
        attach(anim, forKey: key)
    }

    /// Puts `animation`, the layer's own (a copy, or handed over), on the layer under `key`.
    private func attach(_ animation: CAAnimation, forKey key: String?) {
        let runLoop = VirtualRunLoop.current
        animation.prepare(for: self)
        animation.stamp(beginTime: localTime(at: runLoop.now))
        animation.fillDefaultDuration(CATransaction.animationDuration())
        animation.isOnLayer = true
        if let key { removeAnimation(forKey: key) }
        let attached = AttachedAnimation(key: key ?? "", isAnonymous: key == nil, animation: animation,
                                         sequence: runLoop.nextSequence(), runLoopSerial: runLoop.serial)
        attachedAnimations.append(attached)
        runLoop.animationAdded(attached, to: self)
    }

    /// Removes the animation under `key`; its delegate hears `finished` false (CA7).
    public func removeAnimation(forKey key: String) {
        guard let index = attachedAnimations.firstIndex(where: { !$0.isAnonymous && $0.key == key }) else { return }
        let attached = attachedAnimations.remove(at: index)
        VirtualRunLoop.current.animations.remove(attached, from: self)
    }

    public func removeAllAnimations() {
        let removed = attachedAnimations
        attachedAnimations = []
        for attached in removed { VirtualRunLoop.current.animations.remove(attached, from: self) }
    }

    /// Removes the animations that `shouldRemove` picks from this layer, its mask and
    /// every layer under them; each stops with `finished` false (CA7). How UIKit empties a
    /// view's layer tree when the view leaves its window (CA9).
    package func removeAnimationsInSubtree(where shouldRemove: (CAAnimation) -> Bool) {
        let removed = attachedAnimations.filter { shouldRemove($0.animation) }
        // Setting the list forgets the kept render values: only when one goes.
        if !removed.isEmpty {
            attachedAnimations = attachedAnimations.filter { !shouldRemove($0.animation) }
            for attached in removed { VirtualRunLoop.current.animations.remove(attached, from: self) }
        }
        mask?.removeAnimationsInSubtree(where: shouldRemove)
        for sublayer in sublayers ?? [] { sublayer.removeAnimationsInSubtree(where: shouldRemove) }
    }

    /// Adds the animation under `key` again, from its start now, when it was added while
    /// another run loop than the current one was current (before a `Recorder` was made): it
    /// would run on that one's clock, and `Recorder`'s check refuses it. The copy keeps all
    /// the animation was added with but its begin time; one on the current run loop is
    /// left alone. For animations UIKit starts itself (a spinner's turn, an image view's
    /// frames), whose begin time was the moment they were added.
    package func restartAnimationAddedOnAnotherRunLoop(forKey key: String) {
        guard let attached = attachedAnimations.first(where: { !$0.isAnonymous && $0.key == key }),
              attached.runLoopSerial != VirtualRunLoop.current.serial else { return }
        let restarted = attached.animation.copy()
        restarted.beginTime = 0
        attach(restarted, forKey: key)
    }

    /// The keys of the animations on the layer, in the order added; nil when there are none.
    public func animationKeys() -> [String]? {
        let keys = attachedAnimations.filter { !$0.isAnonymous }.map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The animation under `key` (the copy that runs; do not change it).
    public func animation(forKey key: String) -> CAAnimation? {
        attachedAnimations.first { !$0.isAnonymous && $0.key == key }?.animation
    }

    /// The layer as currently shown (CA8): a copy of the model as last committed, with every
    /// running animation applied in the order added. nil before the layer was first committed.
    /// The copy has no sublayers; ask each sublayer for its own.
    public func presentation() -> Self? {
        guard hasBeenCommitted, !isPresentationCopy else { return nil }
        return presentationCopy()
    }

    /// For a presentation layer, the model layer it shows; for a model layer, itself.
    public func model() -> Self {
        (modelLayerReference as? Self) ?? self
    }

    /// The presentation value at an animatable key path, or the model's before the first commit.
    public func presentationValue(forAnimatableKeyPath keyPath: String) -> AnimationValue? {
        presentationCopy().value(forAnimatableKeyPath: keyPath)
    }

    /// Whether the layer shows its model as it is: nothing animates it and no change waits
    /// for a commit.
    var showsModel: Bool { firstShownAnimation == nil && committedValues.isEmpty }

    /// What to draw: the presentation, or the layer itself when it shows its model.
    /// `parentTime` is the superlayer's local time at the moment drawn (for a replicator's
    /// delayed instances, not now); nil: now, found by walking up to the root.
    ///
    /// The presentation is one copy per layer, filled again on each call: a frame of a
    /// thousand animated layers allocates no copies. It is valid until the next call for
    /// this layer, which comes only after its render values have been read.
    func presentationForRendering(parentTime: Double? = nil) -> CALayer {
        presentationForRendering(parentTime: parentTime, into: &renderingCopy)
    }

    /// The presentation to draw, filled into `kept`: a copy of this layer's class made on
    /// first use and filled again on each call (also for another layer of the class), valid
    /// until the next call with the same `kept`.
    func presentationForRendering(parentTime: Double?, into kept: inout CALayer?) -> CALayer {
        if showsModel { return self }
        let copy: CALayer
        if let reused = kept, type(of: reused) == type(of: self) {
            reused.copyModelValues(from: self)
            reused.transitionState = nil
            copy = reused
        } else {
            copy = Self(layer: self)
            kept = copy
        }
        let time: Double
        if let parentTime {
            time = localTime(inParentTime: parentTime)
        } else {
            time = localTime(at: VirtualRunLoop.current.now)
        }
        showPresentation(in: copy, atLocalTime: time)
        return copy
    }

    /// Evaluates the animations of this plain `CALayer` at its superlayer's time `parentTime`
    /// straight into `placement`, which holds the model's (`LayerPlacement(of:)`): what a
    /// presentation copy would hold, without filling one. Returns false when a change waits
    /// for a commit or an animation may write anything else (see
    /// `CAAnimation.apply(to:of:atTime:)`); `placement` is then to be dropped.
    func applyAnimations(to placement: inout LayerPlacement, parentTime: Double) -> Bool {
        guard committedValues.isEmpty, let first = firstShownAnimation else { return false }
        let time = localTime(inParentTime: parentTime)
        guard first.apply(to: &placement, of: self, atTime: time) else { return false }
        for animation in laterShownAnimations where !animation.apply(to: &placement, of: self, atTime: time) {
            return false
        }
        return true
    }

    private func presentationCopy() -> Self {
        let copy = Self(layer: self)
        copy.modelLayerReference = self
        showPresentation(in: copy, atLocalTime: localTime(at: VirtualRunLoop.current.now))
        return copy
    }

    /// Sets `copy`, which holds the model values, to the presentation at this layer's local time `time`.
    private func showPresentation(in copy: CALayer, atLocalTime time: Double) {
        if !committedValues.isEmpty {
            for (key, value) in committedValues { copy.setValue(value, forAnimatableKeyPath: key) }
        }
        firstShownAnimation?.apply(to: copy, atTime: time)
        for animation in laterShownAnimations { animation.apply(to: copy, atTime: time) }
    }

    // MARK: Time

    /// The layer's local time at global time `t`: each layer from the root maps its
    /// parent's time by (t − beginTime)·speed + timeOffset.
    public func localTime(at t: Double) -> Double {
        localTime(inParentTime: superlayer?.localTime(at: t) ?? t)
    }

    /// Converts `t` from the time space of `layer` (nil: global time, that of
    /// `CACurrentMediaTime()`) to this layer's, through each layer's beginTime, speed and
    /// timeOffset. `layer.timeOffset = layer.convertTime(CACurrentMediaTime(), from: nil)`
    /// with `speed = 0` pauses the layer where it is (Apple's QA1673).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(at: layer?.globalTime(atLocal: t) ?? t)
    }

    /// Converts `t` from this layer's time space to that of `layer` (nil: global time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = globalTime(atLocal: t)
        return layer?.localTime(at: global) ?? global
    }

    /// The layer's local time when its superlayer's (or, for a root, global) time is `parentTime`.
    func localTime(inParentTime parentTime: Double) -> Double {
        (parentTime - beginTime) * Double(speed) + timeOffset
    }

    /// The global time at which the layer's local time reaches `local`; infinite when a
    /// paused layer (speed 0) on the way never gets there.
    func globalTime(atLocal local: Double) -> Double {
        guard speed != 0 else { return .infinity }
        let parentTime = (local - timeOffset) / Double(speed) + beginTime
        return superlayer?.globalTime(atLocal: parentTime) ?? parentTime
    }
}
