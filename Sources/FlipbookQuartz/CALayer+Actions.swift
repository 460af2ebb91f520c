import Foundation

/// The object a layer asks first for the action of a changed property (TX4), and to lay
/// out its sublayers.
public protocol CALayerDelegate: AnyObject {
    /// The action for `event` on `layer`: an action, `NSNull()` to stop the search
    /// (no animation), or nil to let the layer look further.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Lays out `layer`'s sublayers when it needs layout; does nothing by default
    /// (see `CALayer+Layout.swift`).
    func layoutSublayers(of layer: CALayer)
    /// Draws `layer`'s content when the layer displays; does nothing by default
    /// (see `CALayer+Display.swift`).
    func draw(_ layer: CALayer, in ctx: CGContext)
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
            ?? defaultActionOverrides?[event]
            ?? type(of: self).defaultAction(forKey: event)
        return found is NSNull ? nil : found
    }

    /// The implicit animation for an animatable key (TX1): a basic animation over the
    /// transaction's duration (0.25 s unless set) with its timing function, or the
    /// `default` curve, "the curve used by implicit animations".
    ///
    /// None for a path (`path`, `shadowPath`): "as with all CGPathRef animatable
    /// properties", they "do not support implicit animation" (Apple's documentation of
    /// both); an explicit animation, or an action in `actions` or from the delegate, still
    /// animates them.
    static func implicitAnimation(forKey event: String, of layerType: CALayer.Type) -> CAAction? {
        guard let property = layerType.animatableProperty(forKey: event), property.kind != .path else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// The `arguments` key under which a changed property's action gets the old value.
    ///
    /// The value is an `AnimationValue`. Core Animation's delegates read the old value in
    /// `action(for:forKey:)`, which it calls before the change; here setters report after
    /// it, so the old value travels along.
    public static let previousValueArgument = "previousValue"

    /// Called by every animatable property after it changes: remembers the committed
    /// value for the presentation and runs the key's action unless actions are disabled.
    ///
    /// A layer that has never been committed has no old state on screen to animate from,
    /// so it gets no implicit animation (TX6); only its delegate is asked, as a view is
    /// for its layer inside an animation block (its animations carry explicit values).
    ///
    /// The old value is made only when needed: animations write into presentation copies
    /// in every frame, and making it would box a matrix each time.
    func valueDidChange(forKey key: String, from makeOldValue: @autoclosure () -> AnimationValue) {
        guard !isPresentationCopy else { return }
        let oldValue = makeOldValue()
        keepCommittedValue(oldValue, forKey: key)
        guard !CATransaction.disableActions() else { return }
        let found = hasBeenCommitted ? action(forKey: key) : delegate?.action(for: self, forKey: key)
        guard let action = found, !(action is NSNull) else { return }
        action.run(forKey: key, object: self, arguments: [Self.previousValueArgument: oldValue])
    }

    /// Remembers `oldValue` as the committed value of `key` if it is the first change of
    /// `key` in the open transaction: the presentation shows it until the commit.
    func keepCommittedValue(_ oldValue: AnimationValue, forKey key: String) {
        guard hasBeenCommitted, committedValues[key] == nil else { return }
        committedValues[key] = oldValue
        VirtualRunLoop.current.transactions.layerChanged(self)
    }
}
