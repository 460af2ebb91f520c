import Foundation

/// What a scene gives as a layer's action for a key (TX4): in `actions`, `style`,
/// `defaultActions` or a `delegate`'s answers.
enum LayerActionSpec: Sendable, Hashable {
    /// `null`: the null action (`NSNull`), which ends the search with no animation.
    case null
    /// `{log: message}`: a custom `CAAction` that logs `message` to the event log when it runs.
    case log(String)
    /// An animation (`{class: CABasicAnimation, …}`), which runs by being added under the
    /// key; without a `keyPath` it animates the key.
    case animation(AnimationSpec)
}

/// The answers of a scene's layer delegate (`delegate: {actions: …}`): an object whose
/// `action(for:forKey:)` gives these and nil (go on searching) for other keys.
struct LayerDelegateSpec: Sendable, Hashable {
    let actions: [String: LayerActionSpec]
}
