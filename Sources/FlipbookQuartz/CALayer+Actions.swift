import Foundation

/// The object a layer asks first for the action of a changed property (TX4), and to lay
/// out its sublayers.
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: an action, `NSNull()` to stop the search
    /// (no animation), or nil to let the layer look further.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Lays out `layer`'s sublayers when it needs layout; does nothing by default
    /// (see `CALayer+Layout.swift`).
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

extension CALayer {
    /// The action for `event` (TX4): the delegate's, then `actions[event]`, then
    /// `style["actions"][event]`, then `defaultAction(forKey:)`. A null action (`NSNull`)
    /// anywhere ends the search with no action.
    public func action(forKey event: String) -> CAAction? {
        let styleActions = style?["actions"] as? [String: CAAction]
        let found = delegate?.action(for: self, forKey: event)
            ?? actions?[event]
            ?? styleActions?[event]
            ?? type(of: self).defaultAction(forKey: event)
        return found is NSNull ? nil : found
    }

    /// The implicit animation for an animatable key (TX1): a basic animation over the
    /// transaction's duration (0.25 s unless set) with its timing function, or the
    /// `default` curve, "the curve used by implicit animations".
    static func implicitAnimation(forKey event: String, of layerType: CALayer.Type) -> CAAction? {
        guard layerType.animatableProperty(forKey: event) != nil else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Called by every animatable property after it changes: remembers the committed
    /// value for the presentation and runs the key's action, if the layer has been
    /// committed (TX6) and actions are not disabled.
    func valueDidChange(forKey key: String, from oldValue: AnimationValue) {
        guard !isPresentationCopy, hasBeenCommitted else { return }
        let clock = VirtualClock.current
        if committedValues[key] == nil {
            committedValues[key] = oldValue
            clock.layerChanged(self)
        }
        guard !CATransaction.disableActions(), let action = action(forKey: key) else { return }
        action.run(forKey: key, object: self, arguments: nil)
    }
}
