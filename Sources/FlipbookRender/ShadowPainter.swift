internal import CCairo
import FlipbookQuartz
import Foundation

/// Draws a layer's shadow: the alpha of the layer's body (or its `shadowPath`), offset,
/// blurred with a Gaussian whose standard deviation is `shadowRadius` (RE: the
/// design-tool convention "blur = 2 × shadowRadius" with CSS's σ = blur / 2), in the
/// shadow colour, under the layer.
struct ShadowPainter {
    let cr: OpaquePointer

    /// How far a blur of `radius` spreads beyond the shape: three standard deviations.
    static func blurMargin(forRadius radius: CGFloat) -> CGFloat { (3 * radius).rounded(.up) }

    func draw(_ shadow: RenderLayer.Shadow, of layer: RenderLayer, alpha: CGFloat) throws {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let deviceScale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
        // Beyond a few hundred pixels a blur is an invisible haze; the cap keeps buffers bounded.
        let sigma = min(shadow.radius * deviceScale, 500)
        guard let area = deviceArea(of: shadow, layer: layer, margin: Self.blurMargin(forRadius: sigma)) else {
            return
        }

        let mask = try ImageSurface(width: area.width, height: area.height, format: CAIRO_FORMAT_A8)
        let maskContext = try CairoContext(mask)
        var shifted = matrix
        shifted.x0 -= Double(area.x)
        shifted.y0 -= Double(area.y)
        cairo_set_matrix(maskContext.pointer, &shifted)
        cairo_translate(maskContext.pointer, shadow.offset.width, shadow.offset.height)
        if let path = shadow.path {
            addPath(maskContext.pointer, path)
            cairo_fill(maskContext.pointer)
        } else {
            try LayerPainter(cr: maskContext.pointer).drawBody(layer, alpha: 1, includeShadow: false)
        }
        try maskContext.checkStatus("drawing a shadow shape")
        mask.withPixels { pixels in
            GaussianBlur.blurAlpha(pixels, width: area.width, height: area.height, stride: mask.stride, sigma: sigma)
        }

        cairo_save(cr)
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
        withExtendedLifetime(mask) {
            cairo_mask_surface(cr, mask.pointer, Double(area.x), Double(area.y))
        }
        cairo_restore(cr)
    }

    /// The device-pixel rectangle the shadow can touch, limited to the current clip.
    private func deviceArea(of shadow: RenderLayer.Shadow, layer: RenderLayer,
                            margin: CGFloat) -> (x: Int, y: Int, width: Int, height: Int)? {
        let shape = (shadow.path?.boundingBox ?? layer.extents(includeShadow: false))
            .offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in [CGPoint(x: shape.minX, y: shape.minY), CGPoint(x: shape.maxX, y: shape.minY),
                       CGPoint(x: shape.minX, y: shape.maxY), CGPoint(x: shape.maxX, y: shape.maxY)] {
            var x = Double(corner.x), y = Double(corner.y)
            cairo_user_to_device(cr, &x, &y)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clipX0, &clipY0, &clipX1, &clipY1)
        cairo_restore(cr)
        let x0 = max((minX - margin).rounded(.down), clipX0 - margin)
        let y0 = max((minY - margin).rounded(.down), clipY0 - margin)
        let x1 = min((maxX + margin).rounded(.up), clipX1 + margin)
        let y1 = min((maxY + margin).rounded(.up), clipY1 + margin)
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1 - x0 <= 32767, y1 - y0 <= 32767 else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }
}
