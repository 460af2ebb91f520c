import Foundation

extension CALayer {
    /// The layer and its visible sublayers as render values, from their presentation
    /// (CA8); `nil` when the layer is hidden.
    public func renderLayer() -> RenderLayer? {
        renderLayer(shown: presentationForRendering())
    }

    /// The layer's appearance as last committed, without running transitions: what a
    /// `CATransition` animates away from. Only property changes are undone, not changes
    /// to the tree made in the same transaction.
    func committedRenderLayer() -> RenderLayer? {
        renderLayer()?.withoutTransition ?? RenderLayer(position: position, bounds: bounds, opacity: 0)
    }

    /// The subtree as shown at global time `t` (nil: now); `shown` is the layer's
    /// presentation at that time.
    private func renderLayer(shown: CALayer, at t: Double? = nil) -> RenderLayer? {
        guard !shown.isHidden else { return nil }
        let children = (self as? CAReplicatorLayer)?.instanceRenderLayers(shown: shown, at: t)
            ?? sublayerRenderLayers(at: t)
        return RenderLayer(
            position: shown.position, bounds: shown.bounds, anchorPoint: shown.anchorPoint,
            transform: shown.transform, sublayerTransform: shown.sublayerTransform,
            opacity: CGFloat(min(max(shown.opacity, 0), 1)),
            backgroundColor: shown.backgroundColor, content: shown.renderContent(),
            cornerRadius: max(shown.cornerRadius, 0),
            borderWidth: max(shown.borderWidth, 0), borderColor: shown.borderColor,
            shadow: shown.renderShadow, masksToBounds: shown.masksToBounds, isDoubleSided: shown.isDoubleSided,
            mask: mask?.renderLayer(), sublayers: children, transition: shown.transitionState,
            rasterizationScale: shown.shouldRasterize ? max(shown.rasterizationScale, 0.01) : nil, isOpaque: shown.isOpaque)
    }

    /// The visible sublayers as shown at global time `t` (nil: now), in drawing order.
    func sublayerRenderLayers(at t: Double?) -> [RenderLayer] {
        (sublayers ?? [])
            .map { ($0, $0.presentationForRendering(at: t)) }
            .enumerated()
            .sorted { ($0.element.1.zPosition, $0.offset) < ($1.element.1.zPosition, $1.offset) }
            .compactMap { $0.element.0.renderLayer(shown: $0.element.1, at: t) }
    }

    private var renderShadow: RenderLayer.Shadow? {
        guard let color = shadowColor, shadowOpacity > 0, color.alpha > 0 else { return nil }
        let alpha = color.alpha * CGFloat(min(shadowOpacity, 1))
        return RenderLayer.Shadow(color: color.copy(alpha: alpha), offset: shadowOffset,
                                  radius: max(shadowRadius, 0), path: shadowPath)
    }
}

extension RenderLayer {
    /// The same layer with no transition of its own: the new appearance a transition moves to.
    public var withoutTransition: RenderLayer {
        guard transition != nil else { return self }
        return RenderLayer(position: position, bounds: bounds, anchorPoint: anchorPoint, transform: transform,
                           sublayerTransform: sublayerTransform, opacity: opacity, backgroundColor: backgroundColor,
                           content: content, cornerRadius: cornerRadius, borderWidth: borderWidth, borderColor: borderColor,
                           shadow: shadow, masksToBounds: masksToBounds, isDoubleSided: isDoubleSided,
                           mask: mask, sublayers: sublayers, rasterizationScale: rasterizationScale, isOpaque: isOpaque)
    }
}
