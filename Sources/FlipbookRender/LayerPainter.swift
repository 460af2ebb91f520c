internal import CCairo
import FlipbookQuartz
import Foundation

/// Draws one layer subtree on a Cairo context, in the order Core Animation composites:
/// shadow, background, sublayers, border. (Apple's `borderWidth` documentation: the
/// border "is composited above the receiver's contents and sublayers".)
struct LayerPainter {
    let cr: OpaquePointer

    /// Draws `layer` in the current user space, which is its superlayer's sublayer space.
    func draw(_ layer: RenderLayer) throws {
        if let transition = layer.transition { return try draw(transition, of: layer) }
        guard layer.opacity > 0 else { return }
        let toParent = layer.matrixToParent
        guard toParent.isInvertible else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_transform(cr, [toParent.cairoMatrix])

        guard shouldIsolate(layer) else {
            return try drawBody(layer, alpha: layer.opacity)
        }
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
                try draw(mask)
            }
            defer { cairo_pattern_destroy(maskPattern) }
            let masked = try group {
                cairo_set_source(cr, content)
                cairo_mask(cr, maskPattern)
            }
            defer { cairo_pattern_destroy(masked) }
            cairo_set_source(cr, masked)
        }
        cairo_paint_with_alpha(cr, layer.opacity)
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

    /// Whether the subtree needs its own group (STYLE 6): a mask, or group opacity over
    /// more than one drawing operation. A single fill takes the opacity directly.
    private func shouldIsolate(_ layer: RenderLayer) -> Bool {
        if layer.mask != nil { return true }
        guard layer.opacity < 1 else { return false }
        var operations = layer.sublayers.isEmpty ? 0 : 2
        if layer.shadow != nil { operations += 2 }
        if layer.drawsBackground { operations += 1 }
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
                addRoundedRect(cr, CGRect(origin: .zero, size: size), radius: layer.cornerRadius)
                cairo_clip(cr)
            }
            try ShadowPainter(cr: cr).draw(shadow, of: layer, alpha: alpha)
        }
        if layer.drawsBackground, let color = layer.backgroundColor {
            addRoundedRect(cr, CGRect(origin: .zero, size: size), radius: layer.cornerRadius)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
        }
        if !layer.sublayers.isEmpty {
            try withSublayerSpace(of: layer, clip: layer.masksToBounds) {
                for sublayer in layer.sublayers { try draw(sublayer) }
            }
        }
        if layer.drawsBorder, let color = layer.borderColor {
            let outer = CGRect(origin: .zero, size: size)
            let width = min(layer.borderWidth, size.width / 2, size.height / 2)
            addRoundedRect(cr, outer, radius: layer.cornerRadius)
            addRoundedRect(cr, outer.insetBy(dx: width, dy: width), radius: max(layer.cornerRadius - width, 0))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            setSource(color, alpha: alpha)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    /// Runs `body` in the coordinate space of `layer`'s sublayers, clipped to the
    /// (rounded) bounds when `clip` is set.
    private func withSublayerSpace(of layer: RenderLayer, clip: Bool, _ body: () throws -> Void) throws {
        let toLocal = layer.sublayerMatrix
        guard toLocal.isInvertible else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if clip {
            addRoundedRect(cr, CGRect(origin: .zero, size: layer.bounds.size), radius: layer.cornerRadius)
            cairo_clip(cr)
        }
        cairo_transform(cr, [toLocal.cairoMatrix])
        try body()
    }

    private func setSource(_ color: CGColor, alpha: CGFloat) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
    }
}
