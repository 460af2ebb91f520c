import Foundation

extension UIView: CALayerDelegate {
    /// A view is its layer's delegate and answers every key with the null action, so
    /// changing a view-backed layer is immediate (TX5). (Animation blocks, which answer
    /// with animations instead, come with `UIView.animate`.)
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        NSNull()
    }
}
