internal import CMemoryHints
import Foundation

extension CALayer {
    /// The layer and its visible sublayers as render values, from their presentation
    /// (CA8); `nil` when the layer is hidden.
    public func renderLayer() -> RenderLayer? {
        renderLayer(shown: presentationForRendering())
    }

    /// The layer's appearance as last committed, without running transitions: what a
    /// `CATransition` animates away from. Property changes and sublayers added or removed
    /// in the open transaction are undone (`committedValues`, `committedSublayers`).
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
        for sublayer in committedSublayers ?? sublayers ?? [] where sublayer.renderCache == nil { return false }
        return true
    }

    /// The layer's values as shown, with its mask, over `sublayers` already built.
    private func renderValue(shown: CALayer, sublayers children: [RenderLayer]) -> RenderLayer {
        shown.renderValue(placement: LayerPlacement(of: shown), content: shown.renderContent(),
                          mask: mask?.renderLayer(), sublayers: children, transition: shown.transitionState)
    }

    /// The subtree of this plain layer at global time `t` (nil: now), the layer shown with
    /// `placement` (its animations evaluated into it, `applyAnimations(to:parentTime:)`) and
    /// otherwise as its model: what `renderLayer(shown:at:)` gives for a presentation copy.
    private func renderLayer(placement: LayerPlacement, at t: Double?) -> RenderLayer? {
        if let renderCache { return renderCache }
        guard !isHidden else { return nil }
        return renderValue(placement: placement, content: renderContent(), mask: mask?.renderLayer(),
                           sublayers: sublayerRenderLayers(at: t), transition: nil)
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
    /// frame, and the loops cost less than closures handed to the standard library. A plain
    /// sublayer whose animations write only its placement needs no presentation copy (see
    /// `applyAnimations(to:parentTime:)`); other sublayers are each built as soon as their
    /// presentation is filled, so plain ones share one presentation copy
    /// (`sublayerRenderingCopy`), kept in the cache, instead of one each. The layers built
    /// are put in zPosition order afterwards if they are not in it.
    func sublayerRenderLayers(at t: Double?) -> [RenderLayer] {
        // Before a commit, the tree as last committed, as its properties are.
        guard let sublayers = committedSublayers ?? sublayers else { return [] }
        var layers: [RenderLayer] = []
        layers.reserveCapacity(sublayers.count)
        // The zPosition of each layer in `layers`, for putting them in order if they are not.
        var depths: [CGFloat] = []
        depths.reserveCapacity(sublayers.count)
        var isOrdered = true
        // This layer's local time, worked out once and only if a sublayer animates: siblings
        // share it instead of each walking up to the root.
        var time: Double?
        for (index, layer) in sublayers.enumerated() {
            prefetchSublayer(after: index, of: sublayers)
            let depth: CGFloat
            let shown: RenderLayer?
            if layer.showsModel {
                depth = layer.zPosition
                shown = layer.renderLayer(shown: layer, at: t)
            } else {
                let parentTime = time ?? localTime(at: t ?? VirtualRunLoop.current.now)
                time = parentTime
                let isPlain = type(of: layer) == CALayer.self
                var placement = LayerPlacement(of: layer)
                if isPlain, layer.applyAnimations(to: &placement, parentTime: parentTime) {
                    depth = placement.zPosition
                    shown = layer.renderLayer(placement: placement, at: t)
                } else {
                    // A subclass keeps a copy of its own: it may hold more than its properties.
                    let presentation = isPlain
                        ? layer.presentationForRendering(parentTime: parentTime, into: &sublayerRenderingCopy)
                        : layer.presentationForRendering(parentTime: parentTime)
                    depth = presentation.zPosition
                    shown = layer.renderLayer(shown: presentation, at: t)
                }
            }
            if let last = depths.last, last > depth { isOrdered = false }
            guard let rendered = shown else { continue }
            layers.append(rendered)
            depths.append(depth)
        }
        guard !isOrdered else { return layers }
        // Stable: equal zPositions keep the sublayer order (as they do when already in order).
        return layers.indices.sorted { (depths[$0], $0) < (depths[$1], $1) }.map { layers[$0] }
    }

    /// Starts loading into the cache, without waiting, what `sublayerRenderLayers(at:)` reads
    /// first of the sublayer two after `index` and of the first animation of the next one
    /// (whose layer was asked for one step before). A frame of 10,000 animated sublayers
    /// otherwise waits for memory at the first touch of each layer and of its animation: a
    /// quarter of its simulation (Benchmarks/RESULTS.md, issue 24, round seven). The line
    /// counts cover what a frame reads: a layer's references, then its hot properties (see
    /// `LayerProperties`); a `CABasicAnimation`'s timing and values.
    /// (The layer two ahead is read from the array without a retain in optimized builds:
    /// nothing between the read and the hint can release it.)
    @inline(__always)
    private func prefetchSublayer(after index: Int, of sublayers: [CALayer]) {
        if index + 2 < sublayers.count {
            flipbook_prefetch(Unmanaged.passUnretained(sublayers[index + 2]).toOpaque(), 11)
        }
        if index + 1 < sublayers.count { flipbook_prefetch(sublayers[index + 1].addressOfFirstShownAnimation, 6) }
    }
}

extension CALayer {
    /// The render value of a layer with this layer's properties, placed by `placement` (the
    /// position, bounds, anchor point, transform and opacity shown). The properties are read
    /// one by one where they are: a method of `LayerProperties` would copy them all first.
    fileprivate func renderValue(placement: LayerPlacement, content: LayerContent?, mask: RenderLayer?,
                                 sublayers: [RenderLayer], transition: RenderLayer.Transition?) -> RenderLayer {
        RenderLayer(
            position: placement.position, bounds: placement.bounds, anchorPoint: placement.anchorPoint,
            transform: placement.transform, sublayerTransform: properties.sublayerTransform,
            opacity: CGFloat(min(max(placement.opacity, 0), 1)),
            backgroundColor: properties.backgroundColor, content: content,
            cornerRadius: max(properties.cornerRadius, 0), maskedCorners: properties.maskedCorners,
            cornerCurve: properties.cornerCurve, borderWidth: max(properties.borderWidth, 0),
            borderColor: properties.borderColor, shadow: renderShadow, masksToBounds: properties.masksToBounds,
            isDoubleSided: properties.isDoubleSided, mask: mask, sublayers: sublayers, transition: transition,
            rasterizationScale: properties.shouldRasterize ? max(properties.rasterizationScale, 0.01) : nil,
            isOpaque: properties.isOpaque)
    }

    private var renderShadow: RenderLayer.Shadow? {
        guard let color = properties.shadowColor, properties.shadowOpacity > 0, color.alpha > 0 else { return nil }
        let alpha = color.alpha * CGFloat(min(properties.shadowOpacity, 1))
        return RenderLayer.Shadow(color: color.copy(alpha: alpha), offset: properties.shadowOffset,
                                  radius: max(properties.shadowRadius, 0), path: properties.shadowPath)
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
