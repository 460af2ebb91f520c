import Foundation

extension UIView: @MainActor CALayerDelegate {
    /// A view is its layer's delegate (TX5): inside an animation block it returns an
    /// action that records the change for the block to animate; elsewhere the null
    /// action, so changing a view-backed layer is immediate.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimationState.current.action(for: self, key: event) ?? NSNull()
    }
}
