internal import CCairo
import FlipbookQuartz
import Foundation

/// Draws one layer subtree on a Cairo context, in the order Core Animation composites:
/// shadow, background, sublayers, border. (Apple's `borderWidth` documentation: the
/// border "is composited above the receiver's contents and sublayers".)
struct LayerPainter {
    let cr: OpaquePointer
    /// How the superlayer's sublayer space reaches Cairo's user space; `.flat` when the
    /// user space is the space the layer is drawn in.
    var space: SublayerSpace = .flat
    /// Where rasterized subtrees (`shouldRasterize`, R2) keep their pixels; nil renders
    /// them like any other layer.
    var rasterCache: RasterCache? = nil
    /// How 3D layers are sampled; only tests ask for pixman's reference.
    var warpSampler: WarpSampler = .spans

    /// The superlayer's sublayer space, as sublayers are drawn in it.
    struct SublayerSpace {
        /// The superlayer's sublayer space to its own, in 3D (`sublayerTransformToOwn`).
        var toSuperlayer: CATransform3D
        /// Whether Cairo's matrix already holds `toSuperlayer` (for an affine
        /// sublayerTransform): the user space is the sublayer space. Otherwise the user
        /// space is the superlayer's own and each sublayer is projected through `toSuperlayer`.
        var isInCairoMatrix: Bool

        static let flat = SublayerSpace(toSuperlayer: .identity, isInCairoMatrix: true)

        /// The sublayer space to the user space.
        var toUser: CATransform3D { isInCairoMatrix ? .identity : toSuperlayer }
    }

    /// How a layer is drawn (STYLE 6).
    enum Isolation {
        /// With Cairo's matrix, straight onto the target.
        case none(CGAffineTransform)
        /// With Cairo's matrix, through a group: group opacity over several draws, or a mask.
        case group(CGAffineTransform)
        /// Rendered in its own plane and warped: the layer's placement is projective.
        case warp(CATransform3D)
    }

    /// Draws `layer` in the current user space, which is its superlayer's sublayer space
    /// (or the superlayer's own space, projected through `space`).
    func draw(_ layer: RenderLayer) throws {
        if let transition = layer.transition { return try draw(transition, of: layer) }
        guard layer.opacity > 0, let isolation = isolation(of: layer) else { return }
        if try drawRasterizedIfAsked(layer, isolation: isolation) { return }
        switch isolation {
        case .none(let toUser):
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_transform(cr, [toUser.cairoMatrix])
            try drawBody(layer, alpha: layer.opacity)
        case .group(let toUser):
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_transform(cr, [toUser.cairoMatrix])
            try drawGroup(layer)
        case .warp(let toUser):
            try drawWarped(layer, toUser: toUser)
        }
    }

    /// Draws `layer` in its own coordinates, isolated in a group when it needs one; what
    /// a warp renders before projecting it.
    func drawInOwnSpace(_ layer: RenderLayer) throws {
        guard shouldGroup(layer) else { return try drawBody(layer, alpha: layer.opacity) }
        try drawGroup(layer)
    }

    /// Draws the layer's body into a group clipped to its extents, masks it, and paints
    /// it with the layer's opacity.
    func drawGroup(_ layer: RenderLayer, alpha: CGFloat? = nil) throws {
        let extents = layer.extents()
        cairo_rectangle(cr, extents.minX, extents.minY, extents.width, extents.height)
        cairo_clip(cr)
        let content = try group { try drawBody(layer, alpha: 1) }
        defer { cairo_pattern_destroy(content) }
        cairo_set_source(cr, content)
        if let mask = layer.mask {
            // The mask sits in the layer's bounds space; sublayerTransform is for sublayers only.
            let maskPattern = try group {
                cairo_translate(cr, -layer.bounds.minX, -layer.bounds.minY)
                try LayerPainter(cr: cr, warpSampler: warpSampler).draw(mask)
            }
            defer { cairo_pattern_destroy(maskPattern) }
            let masked = try group {
                cairo_set_source(cr, content)
                cairo_mask(cr, maskPattern)
            }
            defer { cairo_pattern_destroy(masked) }
            cairo_set_source(cr, masked)
        }
        cairo_paint_with_alpha(cr, alpha ?? layer.opacity)
    }

    /// Draws `body` into a new group and returns it as a pattern the caller destroys.
    /// The group is closed even when `body` throws, so saves and restores stay balanced.
    func group(_ body: () throws -> Void) throws -> OpaquePointer {
        cairo_push_group(cr)
        cairo_save(cr)
        var failure: Error?
        do { try body() } catch { failure = error }
        cairo_restore(cr)
        let pattern = cairo_pop_group(cr)!
        if let failure {
            cairo_pattern_destroy(pattern)
            throw failure
        }
        return pattern
    }

    /// Whether and how the subtree is isolated (STYLE 6): a projective placement is
    /// warped; otherwise a group for a mask or group opacity over several draws. `nil`
    /// when nothing of the layer shows: singular, behind the viewer, or showing its back
    /// while not double-sided.
    private func isolation(of layer: RenderLayer) -> Isolation? {
        if !layer.isDoubleSided, !facesViewer(layer) { return nil }
        let toUser: CGAffineTransform
        if space.isInCairoMatrix, layer.transform.isAffine {
            toUser = layer.matrixToParent
        } else {
            let toUser3D = layer.transformToParent.concatenating(space.toUser)
            let projection = PlaneProjection(flattening: toUser3D)
            guard projection.isAffine else { return projection.isSingular ? nil : .warp(toUser3D) }
            guard let affine = projection.affineTransform else { return nil }
            toUser = affine
        }
        guard toUser.isInvertible else { return nil }
        return shouldGroup(layer) ? .group(toUser) : .none(toUser)
    }

    /// Whether the layer's front faces the viewer in its superlayer's plane: the
    /// projection of its bounds keeps its orientation (the normal's z is positive).
    private func facesViewer(_ layer: RenderLayer) -> Bool {
        PlaneProjection(flattening: layer.transformToParent.concatenating(space.toSuperlayer)).preservesOrientation
    }

    /// Whether the layer needs a group: a mask, or group opacity over more than one
    /// drawing operation. A single fill takes the opacity directly.
    func shouldGroup(_ layer: RenderLayer) -> Bool {
        if layer.mask != nil { return true }
        guard layer.opacity < 1 else { return false }
        var operations = layer.sublayers.isEmpty ? 0 : 2
        if layer.shadow != nil { operations += 2 }
        if layer.drawsBackground { operations += 1 }
        if layer.content != nil { operations += 2 }
        if layer.drawsBorder { operations += 1 }
        return operations > 1
    }

    /// Everything the layer draws, in its own coordinates, with `alpha` applied to each part.
    func drawBody(_ layer: RenderLayer, alpha: CGFloat, includeShadow: Bool = true) throws {
        let size = layer.bounds.size
        if includeShadow, let shadow = layer.shadow {
            cairo_save(cr)
            defer { cairo_restore(cr) }
            // masksToBounds clips everything the layer draws, its own shadow included.
            if layer.masksToBounds {
                addRoundedRect(cr, CGRect(origin: .zero, size: size), corners: layer.corners)
                cairo_clip(cr)
            }
            try ShadowPainter(cr: cr, warpSampler: warpSampler).draw(shadow, of: layer, alpha: alpha)
        }
        if layer.drawsBackground, let color = layer.backgroundColor {
            addRoundedRect(cr, CGRect(origin: .zero, size: size), corners: layer.corners)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
        }
        if let content = layer.content {
            try drawContent(content, of: layer, alpha: alpha)
        }
        if !layer.sublayers.isEmpty {
            try withSublayerSpace(of: layer, clip: layer.masksToBounds) { painter in
                for sublayer in layer.sublayers { try painter.draw(sublayer) }
            }
        }
        if layer.drawsBorder, let color = layer.borderColor {
            let outer = CGRect(origin: .zero, size: size)
            let width = min(layer.borderWidth, size.width / 2, size.height / 2)
            addRoundedRect(cr, outer, corners: layer.corners)
            addRoundedRect(cr, outer.insetBy(dx: width, dy: width), corners: layer.corners.inset(by: width))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Runs `body` with a painter for `layer`'s sublayers, clipped to the (rounded) bounds
    /// when `clip` is set. An affine sublayerTransform goes into Cairo's matrix; any other
    /// is handed to the painter, which projects each sublayer through it.
    private func withSublayerSpace(of layer: RenderLayer, clip: Bool, _ body: (LayerPainter) throws -> Void) throws {
        let isAffine = layer.sublayerTransform.isAffine
        let toLocal = layer.sublayerMatrix
        guard !isAffine || toLocal.isInvertible else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if clip {
            addRoundedRect(cr, CGRect(origin: .zero, size: layer.bounds.size), corners: layer.corners)
            cairo_clip(cr)
        }
        if isAffine { cairo_transform(cr, [toLocal.cairoMatrix]) }
        let space = SublayerSpace(toSuperlayer: layer.sublayerTransformToOwn, isInCairoMatrix: isAffine)
        try body(LayerPainter(cr: cr, space: space, rasterCache: rasterCache, warpSampler: warpSampler))
    }

    private func setSource(_ color: CGColor, alpha: CGFloat) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
    }
}
