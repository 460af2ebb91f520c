internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// The largest bitmap side a rasterized layer gets; larger layers draw directly.
    static let maximumRasterSide = 4096

    /// Draws a `shouldRasterize` layer from its cached bitmap (R2), rendering the bitmap
    /// on a miss. Returns false, drawing nothing, when the layer is not rasterized here:
    /// no cache, a projective placement (warped instead), or too big a bitmap.
    ///
    /// The bitmap is the layer's group (its body and mask, at opacity 1) rendered at the
    /// layer's device transform less a whole number of pixels, so painting it at that
    /// whole-pixel offset puts the same pixels where drawing the group would. With a
    /// `rasterizationScale` below the layer's pixel density, the bitmap is rendered that
    /// much smaller and magnified, as Core Animation's is.
    func drawRasterizedIfAsked(_ layer: RenderLayer, isolation: Isolation) throws -> Bool {
        guard let cache = rasterCache, let rasterizationScale = layer.rasterizationScale else { return false }
        let toUser: CGAffineTransform
        switch isolation {
        case .none(let matrix), .group(let matrix): toUser = matrix
        case .warp: return false
        }
        var userToDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &userToDevice)
        let toDevice = toUser.concatenating(CGAffineTransform(userToDevice))
        let density = sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c))
        let reduction = density > rasterizationScale * (1 + 1e-9) ? rasterizationScale / density : 1
        let toPixels = toDevice.concatenating(CGAffineTransform(scaleX: reduction, y: reduction))
        let box = layer.extents().applying(toPixels)
        guard box.width.isFinite, box.height.isFinite, !box.isEmpty else { return true }
        let originX = box.minX.rounded(.down), originY = box.minY.rounded(.down)
        // Checked as floating point first: a box of 1e300 points has no Int size.
        let spans = (box.maxX.rounded(.up) - originX, box.maxY.rounded(.up) - originY)
        let sides = 1...CGFloat(Self.maximumRasterSide)
        guard sides.contains(spans.0), sides.contains(spans.1) else { return false }
        let width = Int(spans.0), height = Int(spans.1)
        let toBitmap = toPixels.concatenating(CGAffineTransform(translationX: -originX, y: -originY))
        let key = RasterKey(subtree: SubtreeValues(root: layer), toBitmap: toBitmap, width: width, height: height)
        let tile = try cache.tile(for: key) {
            let surface = try ImageSurface(width: width, height: height)
            let context = try CairoContext(surface)
            cairo_set_matrix(context.pointer, [toBitmap.cairoMatrix])
            try LayerPainter(cr: context.pointer, rasterCache: cache, warpSampler: warpSampler).drawGroup(layer, alpha: 1)
            try context.checkStatus("rasterizing a \(width)×\(height) layer")
            return RasterTile(copying: surface)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_scale(cr, 1 / reduction, 1 / reduction)
        try tile.withSurface { surface in
            cairo_set_source_surface(cr, surface, originX, originY)
            cairo_pattern_set_filter(cairo_get_source(cr), reduction == 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            cairo_paint_with_alpha(cr, layer.opacity)
        }
        return true
    }
}
