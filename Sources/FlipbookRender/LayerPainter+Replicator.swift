internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws one instance of a replicator's sublayers (G7) in the stand-in layer's bounds
    /// space. A colour other than opaque white isolates the instance in a group whose
    /// pixels are then multiplied by it (STYLE 6: only then).
    func drawInstance(_ instance: ReplicatorInstance, of layer: RenderLayer, alpha: CGFloat) throws {
        let color = instance.color
        guard color.alpha > 0, alpha > 0 else { return }
        let drawSublayers = {
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_translate(cr, -layer.bounds.minX, -layer.bounds.minY)
            let painter = LayerPainter(cr: cr, warpSampler: warpSampler)
            for sublayer in instance.sublayers { try painter.draw(sublayer) }
        }
        let isWhite = color.red >= 1 && color.green >= 1 && color.blue >= 1 && color.alpha >= 1
        if isWhite && alpha >= 1 { return try drawSublayers() }
        let pattern = try group { try drawSublayers() }
        defer { cairo_pattern_destroy(pattern) }
        if !isWhite { try multiply(pattern, by: color) }
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, alpha)
    }

    /// Multiplies the premultiplied pixels of a group's image surface by a straight-alpha
    /// colour: each colour channel by (channel · alpha), alpha by alpha.
    private func multiply(_ pattern: OpaquePointer, by color: CGColor) throws {
        var surface: OpaquePointer?
        try check(cairo_pattern_get_surface(pattern, &surface), "cairo_pattern_get_surface")
        guard let surface, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
            throw RenderError(operation: "replicator instanceColor", message: "the group is not an image surface")
        }
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        func factor(_ c: CGFloat) -> Int { Int((min(max(c, 0), 1) * 256).rounded()) }
        let a = factor(color.alpha)
        let factors = [factor(color.blue * color.alpha), factor(color.green * color.alpha), factor(color.red * color.alpha), a]
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let pixel = row + x * 4
                for channel in 0..<4 { pixel[channel] = UInt8((Int(pixel[channel]) * factors[channel] + 128) >> 8) }
            }
        }
    }
}
