import Foundation

extension UIViewPropertyAnimator {
    /// The changes of one animation block, driven from the time fraction it starts at.
    @MainActor
    final class Group {
        let start: Double
        private var driven: [(view: UIView, key: String, from: AnimationValue, to: AnimationValue,
                              repetition: UIViewAnimationBlock.Repetition?, animationKeys: [String])] = []

        init(start: Double) { self.start = start }

        /// Drives `change` with the group's progress `fraction`, through `repetition`'s
        /// cycles when it repeats (PA8): additive keys add an offset (old − new → 0) under a
        /// new key, other keys replace the animation under theirs (FACTS §6).
        func add(_ change: UIViewAnimationBlock.Change, repetition: UIViewAnimationBlock.Repetition?,
                 driven fraction: @escaping @MainActor (Double) -> Double) {
            let layer = change.view.layer
            var keys: [String] = []
            var progress = fraction
            if let repetition { progress = { repetition.progress(atAnimatorProgress: fraction($0)) } }
            func drive(_ keyPath: String, from: AnimationValue, to: AnimationValue, additive: Bool) {
                let animation = CADrivenAnimation(keyPath: keyPath)
                animation.fraction = progress
                animation.driver = self
                if additive {
                    animation.isAdditive = true
                    animation.fromValue = from.subtracting(to)
                    animation.toValue = AnimationValue.zero(to.kind)
                } else {
                    animation.fromValue = from
                    animation.toValue = to
                }
                let key = additive ? UIViewAnimationBlock.freeKey(keyPath, on: layer) : keyPath
                layer.add(animation, forKey: key)
                keys.append(key)
            }
            if change.key == "bounds", case .rect(let from) = change.from, case .rect(let to) = change.to {
                if from.origin != to.origin { drive("bounds.origin", from: .point(from.origin), to: .point(to.origin), additive: true) }
                if from.size != to.size, change.view.animatesSizeChanges {
                    drive("bounds.size", from: .size(from.size), to: .size(to.size), additive: true)
                }
            } else {
                drive(change.key, from: change.from, to: change.to,
                      additive: UIViewAnimationState.additiveKeys.contains(change.key))
            }
            driven.append((change.view, change.key, change.from, change.to, repetition, keys))
        }

        /// Marks the driven animations as still (speed 0) or moving, so the run loop knows.
        func setHeld(_ held: Bool) {
            for entry in driven {
                for key in entry.animationKeys {
                    guard let animation = entry.view.layer.animation(forKey: key) as? CADrivenAnimation,
                          animation.driver === self else { continue }
                    animation.speed = held ? 0 : 1
                }
            }
        }

        /// Removes the driven animations, leaving each property's model value at `position`;
        /// `fraction` is the group's progress now, for `.current` (through the cycles of a
        /// change that repeats).
        ///
        /// At `.current` the model takes this animator's own contribution only — the value
        /// it drives, or for additive keys the model plus its offset — so other animations
        /// of the property neither count twice nor get lost. Once settled (stopped), the
        /// model already holds the current value. Animations under its keys that are no
        /// longer its own (replaced by another animation) are left alone.
        func settle(at position: UIViewAnimatingPosition, fraction: Double) {
            let values = driven.map { entry -> AnimationValue? in
                let settled = entry.animationKeys.isEmpty
                let replaced = !settled && !entry.animationKeys.contains { key in
                    (entry.view.layer.animation(forKey: key) as? CADrivenAnimation)?.driver === self
                }
                switch position {
                case .end: return settled ? entry.to : nil
                case .start: return entry.from
                case .current:
                    guard !settled, !replaced, let model = entry.view.layer.value(forAnimatableKeyPath: entry.key) else { return nil }
                    let fraction = entry.repetition?.progress(atAnimatorProgress: fraction) ?? fraction
                    if UIViewAnimationState.additiveKeys.contains(entry.key) || entry.key == "bounds" {
                        let offset = entry.from.subtracting(entry.to).interpolated(to: .zero(entry.to.kind), fraction: fraction)
                        return model.adding(offset)
                    }
                    return entry.from.interpolated(to: entry.to, fraction: fraction)
                }
            }
            for index in driven.indices {
                let layer = driven[index].view.layer
                for key in driven[index].animationKeys where (layer.animation(forKey: key) as? CADrivenAnimation)?.driver === self {
                    layer.removeAnimation(forKey: key)
                }
                driven[index].animationKeys = []
            }
            UIView.performWithoutAnimation {
                for (entry, value) in zip(driven, values) {
                    if let value { entry.view.layer.setValue(value, forAnimatableKeyPath: entry.key) }
                }
            }
        }
    }
}
