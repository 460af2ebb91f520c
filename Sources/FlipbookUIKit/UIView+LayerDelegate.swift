import Foundation

extension UIView: CALayerDelegate {
    /// A view is its layer's delegate and, outside an animation block, answers every
    /// key with the null action, so changing a view-backed layer is immediate (TX5).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        NSNull()
    }
}
