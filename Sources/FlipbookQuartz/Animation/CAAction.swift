import Foundation

/// Something a layer runs when a property changes: an animation, or `NSNull` for "none" (TX4).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: a null action stops the action search and disables the animation.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
