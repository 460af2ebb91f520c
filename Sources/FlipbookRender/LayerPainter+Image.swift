internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a layer's `contents` image (G7): the `contentsRect` part of the image,
    /// scaled into the rectangle `contentsGravity` gives, filtered bilinearly, edges
    /// padded (no fading at the border of the part shown; pixels outside it never bleed in). It may reach outside the bounds unless
    /// the layer masks to them.
    func drawImage(_ content: ImageContent, of layer: RenderLayer, alpha: CGFloat) throws {
        let destination = content.destination(in: layer.bounds.size)
        let source = content.sourceRect
        guard destination.width > 0, destination.height > 0, source.width != 0, source.height != 0 else { return }
        guard !isFarOffCanvas(destination) else { return }
        let scale = (x: destination.width / source.width, y: destination.height / source.height)
        guard isInvertible(scaledBy: scale) else { return }
        let surface = try ImageSurface(content.image)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if layer.masksToBounds {
            addRoundedRect(cr, CGRect(origin: .zero, size: layer.bounds.size), corners: layer.corners)
            cairo_clip(cr)
        }
        cairo_rectangle(cr, destination.minX, destination.minY, destination.width, destination.height)
        cairo_clip(cr)
        cairo_translate(cr, destination.minX, destination.minY)
        cairo_scale(cr, scale.x, scale.y)
        cairo_translate(cr, -source.origin.x, -source.origin.y)
        // Sample only the whole pixels the shown part covers, so bilinear filtering and
        // padding repeat its own edge pixels, not the neighbours outside it.
        let imageRect = CGRect(x: 0, y: 0, width: content.image.width, height: content.image.height)
        let covered = source.standardized.integral.intersection(imageRect)
        let sampled = covered.isEmpty ? imageRect : covered
        let subsurface = cairo_surface_create_for_rectangle(surface.pointer, sampled.minX, sampled.minY,
                                                            sampled.width, sampled.height)
        defer { cairo_surface_destroy(subsurface) }
        try check(cairo_surface_status(subsurface), "cairo_surface_create_for_rectangle")
        cairo_set_source_surface(cr, subsurface, sampled.minX, sampled.minY)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, alpha)
        try check(cairo_status(cr), "drawing a \(content.image.width)×\(content.image.height) contents image")
    }

    /// Whether the current matrix scaled by `scale` can still be inverted, as Cairo needs
    /// to sample the image: a `contentsScale` of 1e-300 scales a 4-pixel image to 4e300
    /// points, whose matrix Cairo refuses (and stays in error). Such an image is not drawn.
    private func isInvertible(scaledBy scale: (x: CGFloat, y: CGFloat)) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let determinant = (matrix.xx * matrix.yy - matrix.xy * matrix.yx) * Double(scale.x) * Double(scale.y)
        return determinant.isFinite && abs(determinant) > 1e-200 && abs(determinant) < 1e200
    }

    /// Whether `rect` (in user space) lies wholly more than 2²² pixels beyond one edge of
    /// any canvas, found in doubles: Cairo's fixed-point device coordinates do not reach so
    /// far, and pixman fails on an image pattern there (a layer at x = 2³¹).
    private func isFarOffCanvas(_ rect: CGRect) -> Bool {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
            .map { corner in
                var (x, y) = (Double(corner.0), Double(corner.1))
                cairo_user_to_device(cr, &x, &y)
                return (x: x, y: y)
            }
        let far = Double(1 << 22)
        return corners.allSatisfy { $0.x > far } || corners.allSatisfy { $0.x < -far }
            || corners.allSatisfy { $0.y > far } || corners.allSatisfy { $0.y < -far }
    }
}

extension ImageSurface {
    /// An ARGB32 surface holding a copy of `image`'s pixels.
    convenience init(_ image: CGImage) throws {
        try self.init(width: image.width, height: image.height)
        image.premultipliedBGRA.withUnsafeBytes { copyPixels(fromPacked: $0) }
    }
}
