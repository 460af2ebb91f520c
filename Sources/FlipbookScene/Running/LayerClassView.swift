import Foundation
import FlipbookUIKit

/// The view of a scene's `layerClass:` — a UIView subclass whose `layerClass` is `Layer`,
/// as an app writes one to be backed by a shape or gradient layer. It places its subviews
/// by `layout` rules when it has any.
final class LayerClassView<Layer: CALayer>: LayoutRulesView {
    override class var layerClass: AnyClass { Layer.self }
}
