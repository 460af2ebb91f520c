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
    ///
    /// A subtree of plain layers that nothing animates looks the same at every time, so
    /// its value is kept and handed out again until something in it changes: a frame
    /// builds only what moves, and comparing it with the frame before stops at what is
    /// shared. Subclasses are built every time (their own properties may not report
    /// changes), and so are the layers above them.
    private func renderLayer(shown: CALayer, at t: Double? = nil) -> RenderLayer? {
        if let renderCache { return renderCache }
        guard !shown.isHidden else { return nil }
        let children = (self as? CAReplicatorLayer)?.instanceRenderLayers(shown: shown, at: t)
            ?? sublayerRenderLayers(at: t)
        let rendered = renderValue(shown: shown, sublayers: children)
        if shown === self && type(of: self) == CALayer.self && everyLayerBelowIsKept { renderCache = rendered }
        return rendered
    }

    /// Whether the mask and every sublayer keep their render values (a hidden one does not).
    /// Loops rather than `allSatisfy`: see `sublayerRenderLayers(at:)`.
    private var everyLayerBelowIsKept: Bool {
        if let mask, mask.renderCache == nil { return false }
        for sublayer in sublayers ?? [] where sublayer.renderCache == nil { return false }
        return true
    }

    /// The layer's values as shown, with its mask, over `sublayers` already built.
    private func renderValue(shown: CALayer, sublayers children: [RenderLayer]) -> RenderLayer {
        shown.properties.renderLayer(content: shown.renderContent(), mask: mask?.renderLayer(), sublayers: children,
                                     transition: shown.transitionState)
    }

    /// Forgets the kept render value of this layer and of the layers above it, whose kept
    /// values hold this one. A layer without one has none above it either, so the walk
    /// stops there. Inlined: every value an animation writes into a presentation copy
    /// passes here, and a copy never keeps one.
    @inline(__always)
    func invalidateRenderCache() {
        if renderCache != nil { forgetRenderCaches() }
    }

    private func forgetRenderCaches() {
        var layer: CALayer? = self
        while let current = layer, current.renderCache != nil {
            current.renderCache = nil
            layer = current.superlayer
        }
    }

    /// The visible sublayers as shown at global time `t` (nil: now), in drawing order.
    ///
    /// Plain loops rather than `map` and `sorted`: this runs for every layer in every
    /// frame, and the loops cost less than closures handed to the standard library. Each
    /// sublayer is built as soon as its presentation is filled, so plain sublayers share
    /// one presentation copy (`sublayerRenderingCopy`), kept in the cache, instead of one
    /// each; the layers built are put in zPosition order afterwards if they are not in it.
    func sublayerRenderLayers(at t: Double?) -> [RenderLayer] {
        guard let sublayers else { return [] }
        var layers: [RenderLayer] = []
        layers.reserveCapacity(sublayers.count)
        // The zPosition of each layer in `layers`, for putting them in order if they are not.
        var depths: [CGFloat] = []
        depths.reserveCapacity(sublayers.count)
        var isOrdered = true
        // This layer's local time, worked out once and only if a sublayer animates: siblings
        // share it instead of each walking up to the root.
        var time: Double?
        for layer in sublayers {
            let presentation: CALayer
            if layer.showsModel {
                presentation = layer
            } else {
                let parentTime = time ?? localTime(at: t ?? VirtualRunLoop.current.now)
                time = parentTime
                // A subclass keeps a copy of its own: it may hold more than its properties.
                presentation = type(of: layer) == CALayer.self
                    ? layer.presentationForRendering(parentTime: parentTime, into: &sublayerRenderingCopy)
                    : layer.presentationForRendering(parentTime: parentTime)
            }
            let depth = presentation.zPosition
            if let last = depths.last, last > depth { isOrdered = false }
            guard let rendered = layer.renderLayer(shown: presentation, at: t) else { continue }
            layers.append(rendered)
            depths.append(depth)
        }
        guard !isOrdered else { return layers }
        // Stable: equal zPositions keep the sublayer order (as they do when already in order).
        return layers.indices.sorted { (depths[$0], $0) < (depths[$1], $1) }.map { layers[$0] }
    }
}

extension LayerProperties {
    /// The render value of a layer with these values: read where they are, as a copy of
    /// them all would retain and release each colour and path again.
    fileprivate func renderLayer(content: LayerContent?, mask: RenderLayer?, sublayers: [RenderLayer],
                                 transition: RenderLayer.Transition?) -> RenderLayer {
        RenderLayer(
            position: position, bounds: bounds, anchorPoint: anchorPoint,
            transform: transform, sublayerTransform: sublayerTransform,
            opacity: CGFloat(min(max(opacity, 0), 1)),
            backgroundColor: backgroundColor, content: content,
            cornerRadius: max(cornerRadius, 0), maskedCorners: maskedCorners, cornerCurve: cornerCurve,
            borderWidth: max(borderWidth, 0), borderColor: borderColor,
            shadow: renderShadow, masksToBounds: masksToBounds, isDoubleSided: isDoubleSided,
            mask: mask, sublayers: sublayers, transition: transition,
            rasterizationScale: shouldRasterize ? max(rasterizationScale, 0.01) : nil,
            isOpaque: isOpaque)
    }

    fileprivate var renderShadow: RenderLayer.Shadow? {
        guard let color = shadowColor, shadowOpacity > 0, color.alpha > 0 else { return nil }
        let alpha = color.alpha * CGFloat(min(shadowOpacity, 1))
        return RenderLayer.Shadow(color: color.copy(alpha: alpha), offset: shadowOffset,
                                  radius: max(shadowRadius, 0), path: shadowPath)
    }
}

extension RenderLayer {
    /// How the layer's corners are rounded, in one value.
    public var corners: CornerRounding {
        CornerRounding(radius: cornerRadius, corners: maskedCorners, curve: cornerCurve)
    }

    /// The same layer with no transition of its own: the new appearance a transition moves to.
    public var withoutTransition: RenderLayer {
        guard transition != nil else { return self }
        return RenderLayer(position: position, bounds: bounds, anchorPoint: anchorPoint, transform: transform,
                           sublayerTransform: sublayerTransform, opacity: opacity, backgroundColor: backgroundColor,
                           content: content, cornerRadius: cornerRadius, maskedCorners: maskedCorners,
                           cornerCurve: cornerCurve, borderWidth: borderWidth, borderColor: borderColor,
                           shadow: shadow, masksToBounds: masksToBounds, isDoubleSided: isDoubleSided,
                           mask: mask, sublayers: sublayers, rasterizationScale: rasterizationScale, isOpaque: isOpaque)
    }
}
