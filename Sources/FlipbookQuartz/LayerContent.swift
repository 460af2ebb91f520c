import Foundation

/// What a content layer draws between its background and its sublayers (G7), as plain
/// values the compositor can draw on any thread: a shape, a gradient, text, an image,
/// custom drawing. Each kind of content layer adds its case.
public enum LayerContent: Sendable {
    /// A `CAShapeLayer`'s filled and stroked path.
    case shape(ShapeContent)
    /// A `CAGradientLayer`'s gradient over its bounds.
    case gradient(GradientContent)
}
