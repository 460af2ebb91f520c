import Foundation

/// What a content layer draws between its background and its sublayers (G7), as plain
/// values the compositor can draw on any thread: a shape, a gradient, text, an image,
/// custom drawing. Each kind of content layer adds its case. Hashable, so the
/// rasterization cache can key a subtree by its values (R2).
///
/// The large cases are boxed (`indirect`): a `RenderLayer` holds one of these for every
/// layer in every frame, most of them nil, and inline they made it 144 bytes longer (504
/// bytes in all, 360 now).
public enum LayerContent: Sendable, Hashable {
    /// A string laid out in the bounds (`CATextLayer`, `UILabel`; see `TextContent`).
    indirect case text(TextContent)
    /// What a layer's `draw(in:)` drew (G8).
    case drawing(DisplayList)
    /// `contents`: a bitmap placed by `contentsGravity` (see `ImageContent.swift`).
    indirect case image(ImageContent)
    /// One copy of a `CAReplicatorLayer`'s sublayers (see `CAReplicatorLayer.swift`).
    case replicatorInstance(ReplicatorInstance)
    /// A `CAShapeLayer`'s filled and stroked path.
    indirect case shape(ShapeContent)
    /// A `CAGradientLayer`'s gradient over its bounds.
    indirect case gradient(GradientContent)
    /// What was drawn behind the layer, blurred (a Gaussian of standard deviation `radius`
    /// points), over its bounds: a `UIVisualEffectView`'s blur.
    case backdropBlur(radius: CGFloat)
    /// A `CAEmitterLayer`'s particles, each a layer in the emitter's bounds coordinates.
    case particles(EmittedParticles)
}
