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
    }

    enum Kind {
        case block
        case keyframes(UIView.KeyframeAnimationOptions)
        case legacy(id: String?, context: UnsafeMutableRawPointer?)
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
    /// The legacy `setAnimationRepeatAutoreverses`.
    var repeatAutoreverses = false
    var beginsFromCurrentState: Bool
    /// Called once, with whether every animation of the block finished.
    var completion: (@MainActor (Bool) -> Void)?
    /// Called when the block's first animation starts (the legacy will-start).
    var willStart: (@MainActor () -> Void)?

    /// A keyframe's share of a keyframe block, as fractions of the duration.
    struct Window: Equatable {
        var start: Double
        var duration: Double
        static let whole = Window(start: 0, duration: 1)
    }

    /// The window of the `addKeyframe` running now.
    var currentKeyframe = Window.whole

    private struct Change {
        let view: UIView
        let key: String
        let window: Window
        let from: AnimationValue
        var to: AnimationValue
        /// The value on screen when the property first changed (beginFromCurrentState).
        let onScreen: AnimationValue?
    }

    private var changes: [Change] = []
    private var pending = 0
    private var allFinished = true
    private var isClosed = false
    private var hasStarted = false

    init(kind: Kind, duration: Double, delay: Double, timing: Timing, options: UIView.AnimationOptions,
         completion: (@MainActor (Bool) -> Void)?) {
        self.kind = kind
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.beginsFromCurrentState = options.contains(.beginFromCurrentState)
        self.completion = completion
    }

    /// The settings of a block nested in `parent` (V6–V8): the outer duration unless
    /// overrideInheritedDuration; the delay counts from the outer start; the outer curve
    /// unless overrideInheritedCurve; the outer spring unless overrideInheritedOptions —
    /// which alone gives a linear curve (observed in S000). Repeat, autoreverse and the
    /// other options are not inherited. A block with its own spring keeps it.
    static func nested(kind: Kind, duration: Double, delay: Double, ownTiming: Timing, ownSpring: Bool,
                       options: UIView.AnimationOptions, in parent: UIViewAnimationBlock?,
                       completion: (@MainActor (Bool) -> Void)?) -> UIViewAnimationBlock {
        var (duration, delay, outerDelay, timing) = (duration, delay, 0.0, ownTiming)
        if let parent {
            if !options.contains(.overrideInheritedDuration) { duration = parent.duration }
            delay += parent.delay
            outerDelay = parent.delay
            if !ownSpring {
                switch parent.timing {
                case .spring where !options.contains(.overrideInheritedOptions):
                    timing = parent.timing
                case .spring:
                    timing = options.contains(.overrideInheritedCurve) ? ownTiming : .curve(nil)
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
            return
        }
        let onScreen = UIViewAnimationState.replacingKeys.contains(key)
            ? layer.presentationValue(forAnimatableKeyPath: key) : nil
        changes.append(Change(view: view, key: key, window: currentKeyframe, from: from, to: to, onScreen: onScreen))
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

    /// Ends the block: turns its changes into animations (none when the duration is 0)
    /// and calls the completion at once (in a new turn, with true) if there are none (V5).
    /// A property that ends the block at the value it had before changed nothing: it gets
    /// no animation, and one in flight keeps running (V5).
    func close() {
        if duration > 0 {
            switch kind {
            case .keyframes(let options): addKeyframeAnimations(options)
            case .block, .legacy: for change in changes where change.from != change.to { addAnimations(for: change) }
            }
        }
        changes = []
        isClosed = true
        finishIfDone()
    }

    private func addAnimations(for change: Change) {
        let layer = change.view.layer
        switch change.key {
        case "bounds":
            guard case .rect(let from) = change.from, case .rect(let to) = change.to else { return }
            if from.origin != to.origin {
                addAdditive(on: layer, keyPath: "bounds.origin", from: .point(from.origin), to: .point(to.origin))
            }
            if from.size != to.size, change.view.animatesSizeChanges {
                addAdditive(on: layer, keyPath: "bounds.size", from: .size(from.size), to: .size(to.size))
            }
        case _ where UIViewAnimationState.additiveKeys.contains(change.key):
            addAdditive(on: layer, keyPath: change.key, from: change.from, to: change.to)
        default:
            let animation = makeAnimation(keyPath: change.key)
            animation.fromValue = beginsFromCurrentState ? change.onScreen ?? change.from : change.from
            animation.toValue = change.to
            add(animation, to: layer, key: change.key)
        }
    }

    /// An additive animation from `from − to` to zero under a new key; a plain one,
    /// replacing, when the layer already runs a non-additive animation of the key path (FACTS §6).
    private func addAdditive(on layer: CALayer, keyPath: String, from: AnimationValue, to: AnimationValue) {
        let animation = makeAnimation(keyPath: keyPath)
        let keys = layer.animationKeys() ?? []
        let replacing = keys.contains { key in
            guard let running = layer.animation(forKey: key) as? CAPropertyAnimation else { return false }
            return running.keyPath == keyPath && !running.isAdditive
        }
        if replacing {
            animation.fromValue = layer.presentationValue(forAnimatableKeyPath: keyPath)
            animation.toValue = to
            return add(animation, to: layer, key: keyPath)
        }
        animation.isAdditive = true
        animation.fromValue = from.subtracting(to)
        animation.toValue = AnimationValue.zero(to.kind)
        var key = keyPath
        var suffix = 1
        while keys.contains(key) {
            suffix += 1
            key = "\(keyPath)-\(suffix)"
        }
        add(animation, to: layer, key: key)
    }

    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        switch timing {
        case .curve(let function):
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = function
            return animation
        case .spring(let dampingRatio, let velocity):
            let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.mass = spring.mass
            animation.stiffness = spring.stiffness
            animation.damping = spring.damping
            animation.initialVelocity = spring.initialVelocity
            return animation
        }
    }

    /// Gives `animation` the block's timing and adds it, counting it for the completion.
    private func add(_ animation: CAAnimation, to layer: CALayer, key: String) {
        animation.duration = duration
        animation.fillMode = .both
        if delay > 0 { animation.beginTime = layer.localTime(at: CACurrentMediaTime()) + delay }
        if options.contains(.repeat) {
            animation.repeatCount = repeatCount ?? .infinity
        } else if let repeatCount {
            animation.repeatCount = repeatCount
        }
        animation.autoreverses = options.contains(.autoreverse) || repeatAutoreverses
        if let rate = options.preferredFramesPerSecond {
            animation.preferredFrameRateRange = CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate)
        }
        animation.delegate = BlockAnimationDelegate(block: self)
        pending += 1
        layer.add(animation, forKey: key)
    }

    // MARK: Keyframes

    /// One keyframe animation per changed property (K1, K2, FACTS §4): the initial value
    /// holds until the property's first keyframe starts, each value holds until the next
    /// keyframe starts, and each keyframe runs over its window; a change outside every
    /// keyframe runs over the whole duration.
    private func addKeyframeAnimations(_ options: UIView.KeyframeAnimationOptions) {
        var order: [(UIView, String)] = []
        for change in changes where !order.contains(where: { $0.0 === change.view && $0.1 == change.key }) {
            order.append((change.view, change.key))
        }
        for (view, key) in order {
            let frames = changes.filter { $0.view === view && $0.key == key }
                .enumerated().sorted { ($0.element.window.start, $0.offset) < ($1.element.window.start, $1.offset) }
                .map(\.element)
            guard frames.contains(where: { $0.to != frames[0].from }) else { continue }
            let animation = CAKeyframeAnimation(keyPath: key)
            animation.calculationMode = options.calculationMode
            animation.timingFunction = options.curve?.timingFunction
            let initial = frames[0].from
            switch options.calculationMode {
            case .discrete:
                animation.values = [initial] + frames.map(\.to)
                animation.keyTimes = [0] + frames.map(\.window.start) + [1]
            case .paced, .cubicPaced:
                animation.values = [initial] + frames.map(\.to)
            default:
                let (times, values) = Self.keyframePoints(initial: initial, frames: frames.map { ($0.window, $0.to) })
                animation.values = values
                animation.keyTimes = times
            }
            add(animation, to: view.layer, key: key)
        }
    }

    /// The key times and values of a linear (or cubic) keyframe animation.
    static func keyframePoints(initial: AnimationValue, frames: [(Window, AnimationValue)])
        -> (times: [Double], values: [AnimationValue]) {
        var times = [0.0]
        var values = [initial]
        for (window, value) in frames {
            let start = min(max(window.start, times[times.count - 1]), 1)
            let end = min(max(window.start + window.duration, start), 1)
            if start > times[times.count - 1] {
                times.append(start)
                values.append(values[values.count - 1])
            }
            times.append(end)
            values.append(value)
        }
        if times[times.count - 1] < 1 {
            times.append(1)
            values.append(values[values.count - 1])
        }
        return (times, values)
    }

    // MARK: Completion

    fileprivate func animationDidStart() {
        guard !hasStarted else { return }
        hasStarted = true
        willStart?()
    }

    fileprivate func animationDidStop(finished: Bool) {
        pending -= 1
        allFinished = allFinished && finished
        finishIfDone()
    }

    /// Calls the completion, in a new turn at the current virtual time (V17), once the
    /// block is closed and its last animation has stopped.
    private func finishIfDone() {
        guard isClosed, pending == 0 else { return }
        isClosed = false
        let (finished, willStart, completion) = (allFinished, hasStarted ? nil : willStart, completion)
        self.willStart = nil
        self.completion = nil
        VirtualClock.current.schedule(at: CACurrentMediaTime()) {
            willStart?()
            completion?(finished)
        }
    }
}

/// Tells a block when its animations start and stop.
@MainActor
private final class BlockAnimationDelegate: CAAnimationDelegate {
    let block: UIViewAnimationBlock

    init(block: UIViewAnimationBlock) { self.block = block }

    func animationDidStart(_ anim: CAAnimation) { block.animationDidStart() }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        block.animationDidStop(finished: flag)
    }
}
