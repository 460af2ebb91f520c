internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Blurs what the target holds behind the layer's bounds and paints it there, clipped
    /// to the (rounded, when it masks) bounds, with `alpha`: a visual effect view's blur.
    ///
    /// The backdrop is what was drawn before the layer on the surface being drawn: the
    /// frame, or a group's surface when the layer is inside an isolated group (then only
    /// the group's content is behind it). The pixels around the bounds, 3σ wide, are
    /// blurred too, so the edges blur into what is beside them; outside the surface counts
    /// as transparent. Each channel of the premultiplied pixels is blurred alike.
    func drawBackdropBlur(radius: CGFloat, of layer: RenderLayer, alpha: CGFloat) throws {
        let target = cairo_get_group_target(cr)!
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, radius > 0,
              layer.bounds.width > 0, layer.bounds.height > 0 else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let toDevice = CGAffineTransform(matrix)
        let sigma = min(radius * sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c)), 100)
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let bounds = CGRect(origin: .zero, size: layer.bounds.size).applying(toDevice)
            .offsetBy(dx: offsetX, dy: offsetY).insetBy(dx: -3 * sigma, dy: -3 * sigma)
        let surfaceWidth = Int(cairo_image_surface_get_width(target)), surfaceHeight = Int(cairo_image_surface_get_height(target))
        let area = bounds.intersection(CGRect(x: 0, y: 0, width: surfaceWidth, height: surfaceHeight)).integral
        guard !area.isNull, area.width >= 1, area.height >= 1 else { return }
        let (x0, y0, width, height) = (Int(area.minX), Int(area.minY), Int(area.width), Int(area.height))

        cairo_surface_flush(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        let source = cairo_image_surface_get_data(target)!
        let blurred = try ImageSurface(width: width, height: height)
        blurred.withPixels { pixels in
            let rowBytes = width * 4
            for y in 0..<height {
                (pixels + y * blurred.stride).update(from: source + (y0 + y) * stride + x0 * 4, count: rowBytes)
            }
            var plane = [UInt8](repeating: 0, count: width * height)
            for channel in 0..<4 {
                for y in 0..<height { for x in 0..<width { plane[y * width + x] = pixels[y * blurred.stride + x * 4 + channel] } }
                plane.withUnsafeMutableBufferPointer { buffer in
                    GaussianBlur.blurAlpha(buffer.baseAddress!, width: width, height: height, stride: width, sigma: sigma)
                }
                for y in 0..<height { for x in 0..<width { pixels[y * blurred.stride + x * 4 + channel] = plane[y * width + x] } }
            }
        }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_new_path(cr)
        addRoundedRect(cr, CGRect(origin: .zero, size: layer.bounds.size), corners: layer.masksToBounds ? layer.corners : .square)
        cairo_clip(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, blurred.pointer, Double(x0) - offsetX, Double(y0) - offsetY)
        cairo_paint_with_alpha(cr, alpha)
        try check(cairo_status(cr), "painting a backdrop blur")
    }
}
