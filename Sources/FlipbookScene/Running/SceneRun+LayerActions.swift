import Foundation
import FlipbookUIKit

/// The actions a scene gives layers (TX4): made when a layer's `actions`, `style`,
/// `defaultActions` or `delegate` is set.
extension SceneRun {
    /// The actions of `specs`, by key: `NSNull`, a logging action or an animation.
    func layerActions(_ specs: [String: LayerActionSpec]) -> [String: CAAction] {
        specs.mapValues { spec -> CAAction in
            switch spec {
            case .null: NSNull()
            case .log(let message): LoggingAction(run: self, message: message)
            case .animation(let animation): animation.makeAnimation()
            }
        }
    }

    /// A delegate answering with `spec`'s actions, kept by the run: a layer holds its
    /// delegate weakly.
    func layerDelegate(_ spec: LayerDelegateSpec) -> CALayerDelegate {
        let delegate = ActionDelegate(actions: layerActions(spec.actions))
        actionDelegates.append(delegate)
        return delegate
    }
}

/// A custom action (`{log: message}`): logs its message when the search picks it and it runs.
@MainActor
private final class LoggingAction: @MainActor CAAction {
    unowned let run: SceneRun
    let message: String

    init(run: SceneRun, message: String) {
        self.run = run
        self.message = message
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        run.record(.log(message: message))
    }
}

/// A standalone layer's delegate from a scene: `action(for:forKey:)` gives its actions, and
/// nil for other keys, so the search goes on (TX4).
@MainActor
private final class ActionDelegate: @MainActor CALayerDelegate {
    let actions: [String: CAAction]

    init(actions: [String: CAAction]) { self.actions = actions }

    func action(for layer: CALayer, forKey event: String) -> CAAction? { actions[event] }
}
