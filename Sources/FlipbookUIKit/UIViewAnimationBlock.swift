import Foundation

/// One UIView animation block (`animate`, `animateKeyframes`, `beginAnimations`): its
/// settings, the property changes made inside it, and the completion it owes.
///
/// Changes are recorded while the block runs and become Core Animation animations when
/// it ends, as UIKit does (FACTS §6), so settings made anywhere in the block
/// (`setAnimationRepeatCount`, the legacy setters) apply to all of its changes.
@MainActor
final class UIViewAnimationBlock {
    /// How the block's animations are timed.
    enum Timing {
        /// A timing function; nil is linear.
        case curve(CAMediaTimingFunction?)
        /// UIKit's spring for the block's duration (FACTS §2).
        case spring(dampingRatio: Double, velocity: Double)
        /// The iOS 17 perceptual spring whose perceptual duration is the block's
        /// (`UISpringTimingParameters(duration:bounce:)`, FACTS §2).
        case perceptualSpring(bounce: Double, velocity: Double)
    }

    enum Kind {
        case block
        case keyframes(UIView.KeyframeAnimationOptions)
        case legacy(id: String?, context: UnsafeMutableRawPointer?)
        /// The animation block of a `UIViewPropertyAnimator`, which drives what it records.
        case animator
    }

    let kind: Kind
    var duration: Double
    /// From now to the start of the animations, including the outer blocks' delays.
    var delay: Double
    /// The outer blocks' share of `delay`, which a block's own delay counts from (V6).
    var outerDelay = 0.0
    var timing: Timing
    var options: UIView.AnimationOptions
    /// `setAnimationRepeatCount`: the count for `.repeat` (forever when unset).
    var repeatCount: Float?
    /// `setAnimationRepeatAutoreverses`, which autoreverses as the `.autoreverse` option does.
    var repeatAutoreverses = false

    /// The repeat count and autoreverse that `modifyAnimations(withRepeatCount:autoreverses:animations:)`
    /// gives the changes made in its block, in place of the block's own.
    struct Repetition: Equatable {
        var count: Float
        var autoreverses: Bool
    }

    /// The repetition of the `modifyAnimations` block running now, if any.
    var currentRepetition: Repetition?
    var beginsFromCurrentState: Bool
    /// Called once, with whether every animation of the block finished.
    var completion: (@MainActor (Bool) -> Void)?
    /// Called when the block's first animation starts (the legacy will-start).
    var willStart: (@MainActor () -> Void)?
    /// The layer of the legacy `setAnimationTransition`, whose transition the commit retimes.
    var pendingTransition: CALayer?

    /// A keyframe's share of a keyframe block, as fractions of the duration.
    struct Window: Equatable {
        var start: Double
        var duration: Double
        static let whole = Window(start: 0, duration: 1)
    }

    /// The window of the `addKeyframe` running now.
    var currentKeyframe = Window.whole

    struct Change {
        let view: UIView
        let key: String
        let window: Window
        let from: AnimationValue
        var to: AnimationValue
        /// The value on screen when the property first changed (beginFromCurrentState).
        let onScreen: AnimationValue?
        /// Set by `modifyAnimations`: replaces the block's repeat settings for this change.
        var repetition: Repetition?
        /// Changed again by a block nested in this one: the nested block's animation
        /// replaces this one (a replacing key), so this one is not added.
        var isSuperseded = false
    }

    /// The changes in the order made; the keyframes of one property are its changes.
    var changes: [Change] = []
    /// Animations added and not stopped yet.
    var pending = 0
    var allFinished = true
    var isCommitted = false
    var hasStarted = false
    /// The trackers open when the block began (an interactive transition's), told what
    /// it animates and when it ends.
    let trackers: [UIViewAnimationTracker]

    init(kind: Kind, duration: Double, delay: Double, timing: Timing, options: UIView.AnimationOptions,
         completion: (@MainActor (Bool) -> Void)?) {
        self.kind = kind
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        self.completion = completion
        if case .animator = kind {
            trackers = []
        } else {
            trackers = UIViewAnimationState.current.trackers
        }
        for tracker in trackers { tracker.blockBegan() }
    }

    /// A block nested in `parent`, with the settings it inherits (V6–V8).
    ///
    /// The outer duration unless overrideInheritedDuration; the delay counts from the
    /// outer start; the outer curve unless overrideInheritedCurve; the outer spring unless
    /// overrideInheritedOptions — which alone gives a linear curve (observed in S000).
    /// Repeat, autoreverse and the other options are not inherited. A block with its own
    /// spring keeps it. A `duration` or `delay` that is not finite is taken as 0, with a
    /// warning naming `function` (T6).
    static func nested(_ function: String, kind: Kind, duration: Double, delay: Double, ownTiming: Timing, ownSpring: Bool,
                       options: UIView.AnimationOptions, in parent: UIViewAnimationBlock?,
                       completion: (@MainActor (Bool) -> Void)?) -> UIViewAnimationBlock {
        var duration = TimingValueRule.finite.orZero(duration, "\(function) duration", later: "durations")
        var (delay, outerDelay, timing) = (TimingValueRule.finite.orZero(delay, "\(function) delay", later: "delays"), 0.0, ownTiming)
        if let parent {
            if !options.contains(.overrideInheritedDuration) { duration = parent.duration }
            delay += parent.delay
            outerDelay = parent.delay
            if !ownSpring {
                switch parent.timing {
                case .spring, .perceptualSpring:
                    timing = !options.contains(.overrideInheritedOptions) ? parent.timing
                        : options.contains(.overrideInheritedCurve) ? ownTiming : .curve(nil)
                case .curve:
                    timing = options.contains(.overrideInheritedCurve) ? ownTiming : parent.timing
                }
            }
        }
        let block = UIViewAnimationBlock(kind: kind, duration: duration, delay: delay, timing: timing,
                                         options: options, completion: completion)
        block.outerDelay = outerDelay
        return block
    }

    // MARK: Recording

    /// Notes that `key` of `view`'s layer changed from `from` to its current value.
    func record(_ view: UIView, key: String, from: AnimationValue) {
        let layer = view.layer
        guard let to = layer.value(forAnimatableKeyPath: key) else { return }
        if let index = changes.firstIndex(where: { $0.view === view && $0.key == key && $0.window == currentKeyframe }) {
            changes[index].to = to
            changes[index].repetition = currentRepetition
            return
        }
        let onScreen = UIViewAnimationState.replacingKeys.contains(key)
            ? layer.presentationValue(forAnimatableKeyPath: key) : nil
        changes.append(Change(view: view, key: key, window: currentKeyframe, from: from, to: to, onScreen: onScreen,
                              repetition: currentRepetition))
    }

    /// Marks this block's change of a replacing `key` of `view` as superseded by a nested
    /// block's: Core Animation would replace this block's animation with the nested one's,
    /// so this block's completion hears finished = false (V3).
    func supersede(_ view: UIView, key: String) {
        guard UIViewAnimationState.replacingKeys.contains(key) else { return }
        for index in changes.indices where changes[index].view === view && changes[index].key == key {
            changes[index].isSuperseded = true
        }
    }

    /// The views whose layer's bounds changed in the block (for the layoutSubviews option).
    var resizedViews: [UIView] {
        var views: [UIView] = []
        for change in changes where change.key == "bounds" && !views.contains(where: { $0 === change.view }) {
            views.append(change.view)
        }
        return views
    }

    // MARK: Closing

    /// Ends the block: turns its changes into animations, none when the duration is 0.
    ///
    /// A property that ends the block at the value it had before changed nothing: it gets
    /// no animation, and one in flight keeps running. With no animations the completion
    /// runs at once, in a new turn, with true (V5).
    func commit() {
        if let layer = pendingTransition, let transition = layer.animation(forKey: "transition") {
            retime(transition, on: layer)
        }
        pendingTransition = nil
        if duration > 0 {
            for tracker in trackers {
                for change in changes where change.from != change.to {
                    tracker.changed(change.view, key: change.key, from: change.from)
                }
            }
            switch kind {
            case .keyframes(let options): addKeyframeAnimations(options)
            case .animator: break
            case .block, .legacy:
                for change in changes where change.from != change.to {
                    if change.isSuperseded {
                        allFinished = false
                    } else {
                        addAnimations(for: change)
                    }
                }
            }
        }
        changes = []
        isCommitted = true
        completeIfDone()
    }

    private func addAnimations(for change: Change) {
        let layer = change.view.layer
        switch change.key {
        case "bounds":
            guard case .rect(let from) = change.from, case .rect(let to) = change.to else { return }
            if from.origin != to.origin {
                addAdditive(on: layer, keyPath: "bounds.origin", from: .point(from.origin), to: .point(to.origin),
                            repetition: change.repetition)
            }
            if from.size != to.size, change.view.animatesSizeChanges {
                addAdditive(on: layer, keyPath: "bounds.size", from: .size(from.size), to: .size(to.size),
                            repetition: change.repetition)
            }
        case _ where UIViewAnimationState.additiveKeys.contains(change.key):
            addAdditive(on: layer, keyPath: change.key, from: change.from, to: change.to, repetition: change.repetition)
        default:
            let animation = makeAnimation(keyPath: change.key)
            animation.fromValue = beginsFromCurrentState ? change.onScreen ?? change.from : change.from
            animation.toValue = change.to
            add(animation, to: layer, key: change.key, repetition: change.repetition)
        }
    }

    /// An additive animation from `from − to` to zero under a new key; a plain one,
    /// replacing, when the layer already runs a non-additive animation of the key path (FACTS §6).
    private func addAdditive(on layer: CALayer, keyPath: String, from: AnimationValue, to: AnimationValue,
                             repetition: Repetition?) {
        let animation = makeAnimation(keyPath: keyPath)
        let running = (layer.animationKeys() ?? []).compactMap { layer.animation(forKey: $0) as? CAPropertyAnimation }
        if running.contains(where: { $0.keyPath == keyPath && !$0.isAdditive }) {
            animation.fromValue = layer.presentationValue(forAnimatableKeyPath: keyPath)
            animation.toValue = to
            return add(animation, to: layer, key: keyPath, repetition: repetition)
        }
        animation.isAdditive = true
        animation.fromValue = from.subtracting(to)
        animation.toValue = AnimationValue.zero(to.kind)
        add(animation, to: layer, key: Self.freeKey(keyPath, on: layer), repetition: repetition)
    }

    /// `keyPath`, or `keyPath-2`, `-3` … when an animation already has that key.
    static func freeKey(_ keyPath: String, on layer: CALayer) -> String {
        let keys = layer.animationKeys() ?? []
        var key = keyPath
        var suffix = 1
        while keys.contains(key) {
            suffix += 1
            key = "\(keyPath)-\(suffix)"
        }
        return key
    }

    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        switch timing {
        case .curve(let function):
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = function
            return animation
        case .spring(let dampingRatio, let velocity):
            return Self.springAnimation(keyPath: keyPath,
                                        Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity))
        case .perceptualSpring(let bounce, let velocity):
            var spring = Spring(perceptualDuration: duration, bounce: bounce)
            spring.initialVelocity = velocity
            return Self.springAnimation(keyPath: keyPath, spring)
        }
    }

    private static func springAnimation(keyPath: String, _ spring: Spring) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.mass = spring.mass
        animation.stiffness = spring.stiffness
        animation.damping = spring.damping
        animation.initialVelocity = spring.initialVelocity
        return animation
    }

    /// Adds a view transition under the key `transition`, timed like the block's animations
    /// and counted for its completion; none when the duration is 0.
    func addTransition(_ transition: CATransition, to layer: CALayer) {
        guard duration > 0 else { return }
        add(transition, to: layer, key: "transition")
    }

    /// Gives `animation` the block's timing (with `repetition` in place of the block's
    /// repeat settings) and adds it, counting it for the completion.
    func add(_ animation: CAAnimation, to layer: CALayer, key: String, repetition: Repetition? = nil) {
        retime(animation, on: layer, repetition: repetition)
        animation.delegate = BlockAnimationDelegate(block: self)
        pending += 1
        layer.add(animation, forKey: key)
        if !trackers.isEmpty, let added = layer.animation(forKey: key) {
            for tracker in trackers { tracker.animationAdded(added, key: key, on: layer) }
        }
    }

    /// Gives `animation` (before or after it was added) the block's duration, delay,
    /// repeats (or `repetition`'s) and frame rate.
    func retime(_ animation: CAAnimation, on layer: CALayer, repetition: Repetition? = nil) {
        // A legacy block's duration, set after its transition was added, may be negative:
        // Apple's "without animating", a duration of 0 to an animation (T6).
        animation.duration = max(duration, 0)
        animation.fillMode = .both
        if delay > 0 { animation.beginTime = layer.localTime(at: CACurrentMediaTime()) + delay }
        if let repetition {
            animation.repeatCount = repetition.count
            animation.autoreverses = repetition.autoreverses
        } else {
            if options.contains(.repeat) {
                animation.repeatCount = repeatCount ?? .infinity
            } else if let repeatCount {
                animation.repeatCount = repeatCount
            }
            animation.autoreverses = options.contains(.autoreverse) || repeatAutoreverses
        }
        if let rate = options.preferredFramesPerSecond {
            animation.preferredFrameRateRange = CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate)
        }
        if case .curve(let function) = timing, animation is CATransition { animation.timingFunction = function }
    }
}
