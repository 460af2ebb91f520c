import Foundation

/// Keyframe blocks: the changes of each property become one `CAKeyframeAnimation`.
extension UIViewAnimationBlock {
    /// One keyframe animation per changed property (K1, K2, FACTS §4). Like plain blocks'
    /// animations, those of additive keys are additive (offsets from the new model value,
    /// under a new key), so animations in flight keep running (V3). The initial value
    /// holds until the property's first keyframe starts, each value holds until the next
    /// keyframe starts, and each keyframe runs over its window; a change outside every
    /// keyframe runs over the whole duration. A property last changed inside
    /// `modifyAnimations` repeats its whole keyframe animation as that says.
    func addKeyframeAnimations(_ options: UIView.KeyframeAnimationOptions) {
        var order: [(UIView, String)] = []
        for change in changes where !order.contains(where: { $0.0 === change.view && $0.1 == change.key }) {
            order.append((change.view, change.key))
        }
        for (view, key) in order {
            let changesInOrder = changes.filter { $0.view === view && $0.key == key }
            // The value before the block is the one the first change (in call order) started from.
            let initial = changesInOrder[0].from
            let frames = changesInOrder.enumerated()
                .sorted { ($0.element.window.start, $0.offset) < ($1.element.window.start, $1.offset) }
                .map(\.element)
            guard frames.contains(where: { $0.to != initial }) else { continue }
            if key == "bounds", !view.animatesSizeChanges { continue }
            let animation = CAKeyframeAnimation(keyPath: key)
            animation.calculationMode = options.calculationMode
            animation.timingFunction = options.curve?.timingFunction
            switch options.calculationMode {
            case .discrete:
                animation.values = [initial] + frames.map(\.to)
                animation.keyTimeFractions = [0] + frames.map(\.window.start) + [1]
            case .paced, .cubicPaced:
                animation.values = [initial] + frames.map(\.to)
            default:
                let (times, values) = Self.keyframePoints(initial: initial, frames: frames.map { ($0.window, $0.to) })
                animation.values = values
                animation.keyTimeFractions = times
            }
            if key == "bounds" || UIViewAnimationState.additiveKeys.contains(key),
               let model = view.layer.value(forAnimatableKeyPath: key) {
                animation.values = animation.values?.compactMap { AnimationValue($0)?.subtracting(model) }
                animation.isAdditive = true
                add(animation, to: view.layer, key: Self.freeKey(key, on: view.layer), repetition: changesInOrder.last?.repetition)
            } else {
                add(animation, to: view.layer, key: key, repetition: changesInOrder.last?.repetition)
            }
        }
    }

    /// The key times and values of a linear (or cubic) keyframe animation. Windows that
    /// overlap an earlier one start where it ends; so a change made outside every keyframe
    /// (the whole window) leaves no room for a later keyframe of the same property.
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
}
