import Foundation

extension CALayer {
    /// The layer and its visible sublayers as render values; `nil` when the layer is hidden.
    public func renderLayer() -> RenderLayer? {
        guard !isHidden else { return nil }
        let children = (sublayers ?? [])
            .enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .compactMap { $0.element.renderLayer() }
        return RenderLayer(
            position: position, bounds: bounds, anchorPoint: anchorPoint,
            transform: transform, sublayerTransform: sublayerTransform,
            opacity: CGFloat(min(max(opacity, 0), 1)),
            backgroundColor: backgroundColor, cornerRadius: max(cornerRadius, 0),
            borderWidth: max(borderWidth, 0), borderColor: borderColor,
            shadow: renderShadow, masksToBounds: masksToBounds, isDoubleSided: isDoubleSided,
            mask: mask?.renderLayer(), sublayers: children)
    }

    private var renderShadow: RenderLayer.Shadow? {
        guard let color = shadowColor, shadowOpacity > 0, color.alpha > 0 else { return nil }
        let alpha = color.alpha * CGFloat(min(shadowOpacity, 1))
        return RenderLayer.Shadow(color: color.copy(alpha: alpha), offset: shadowOffset,
                                  radius: max(shadowRadius, 0), path: shadowPath)
    }
}
