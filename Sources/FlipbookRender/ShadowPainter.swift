internal import CCairo
import FlipbookQuartz
import Foundation

/// Draws a layer's shadow: the alpha of the layer's body (or its `shadowPath`), offset,
/// blurred with a Gaussian whose standard deviation is `shadowRadius` (RE: the
/// design-tool convention "blur = 2 × shadowRadius" with CSS's σ = blur / 2), in the
/// shadow colour, under the layer.
struct ShadowPainter {
    let cr: OpaquePointer
    /// How 3D sublayers in the shadow's shape are sampled.
    var warpSampler: WarpSampler = .spans

    /// The widest blur (standard deviation, device pixels) drawn at full resolution.
    static let fullResolutionSigma: CGFloat = 64
    /// The standard deviation, in its own pixels, a wider blur is reduced to at most: half
    /// the widest at full resolution, so a reduced blur has pixels to spare on each side.
    static let reducedSigma: CGFloat = 32

    /// How far a blur of `radius` spreads beyond the shape: three standard deviations.
    static func blurMargin(forRadius radius: CGFloat) -> CGFloat { (3 * radius).rounded(.up) }

    func draw(_ shadow: RenderLayer.Shadow, of layer: RenderLayer, alpha: CGFloat) throws {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let toDevice = CGAffineTransform(matrix)
        let deviceScale = sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c))
        // Beyond a few hundred pixels a blur is an invisible haze; the cap keeps buffers bounded.
        let sigma = min(shadow.radius * deviceScale, 500)
        guard let area = deviceArea(of: shadow, layer: layer, toDevice: toDevice,
                                    margin: Self.blurMargin(forRadius: sigma)) else {
            return
        }

        // A wide blur is drawn at 1/k of the resolution, k chosen so σ/k ≤ `reducedSigma`, and
        // scaled back up bilinearly: the result is as smooth, at 1/k² of the cost (a
        // radius at the cap blurred 3,300 × 3,300 pixels per layer and frame).
        let k = sigma > Self.fullResolutionSigma ? (sigma / Self.reducedSigma).rounded(.up) : 1
        let width = Int((CGFloat(area.width) / k).rounded(.up)), height = Int((CGFloat(area.height) / k).rounded(.up))
        let mask = try ImageSurface(width: width, height: height, format: CAIRO_FORMAT_A8)
        let maskContext = try CairoContext(mask)
        var shifted = matrix
        shifted.x0 -= Double(area.x)
        shifted.y0 -= Double(area.y)
        var reduce = cairo_matrix_t()
        cairo_matrix_init_scale(&reduce, 1 / Double(k), 1 / Double(k))
        var full = shifted
        cairo_matrix_multiply(&shifted, &full, &reduce)  // user space → the area, then ÷ k
        cairo_set_matrix(maskContext.pointer, &shifted)
        cairo_translate(maskContext.pointer, shadow.offset.width, shadow.offset.height)
        if let path = shadow.path {
            addPath(maskContext.pointer, path)
            cairo_fill(maskContext.pointer)
        } else {
            try LayerPainter(cr: maskContext.pointer, warpSampler: warpSampler).drawBody(layer, alpha: 1, includeShadow: false)
        }
        try maskContext.checkStatus("drawing a shadow shape")
        mask.withPixels { pixels in
            GaussianBlur.blurAlpha(pixels, width: width, height: height, stride: mask.stride, sigma: sigma / k)
        }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * alpha)
        try withExtendedLifetime(mask) {
            guard k > 1 else { return cairo_mask_surface(cr, mask.pointer, Double(area.x), Double(area.y)) }
            let pattern = cairo_pattern_create_for_surface(mask.pointer)
            defer { cairo_pattern_destroy(pattern) }
            try check(cairo_pattern_status(pattern), "cairo_pattern_create_for_surface (a wide shadow)")
            var toMask = cairo_matrix_t()
            cairo_matrix_init_scale(&toMask, 1 / Double(k), 1 / Double(k))
            cairo_matrix_translate(&toMask, -Double(area.x), -Double(area.y))
            cairo_pattern_set_matrix(pattern, &toMask)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_mask(cr, pattern)
        }
    }

    /// The device-pixel rectangle the shadow can touch, limited to the current clip.
    private func deviceArea(of shadow: RenderLayer.Shadow, layer: RenderLayer, toDevice: CGAffineTransform,
                            margin: CGFloat) -> (x: Int, y: Int, width: Int, height: Int)? {
        let shape = (shadow.path?.boundingBox ?? layer.extents(includeShadow: false))
            .offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
            .applying(toDevice)
        var clipX0 = 0.0, clipY0 = 0.0, clipX1 = 0.0, clipY1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clipX0, &clipY0, &clipX1, &clipY1)
        cairo_restore(cr)
        let x0 = max((shape.minX - margin).rounded(.down), clipX0 - margin)
        let y0 = max((shape.minY - margin).rounded(.down), clipY0 - margin)
        let x1 = min((shape.maxX + margin).rounded(.up), clipX1 + margin)
        let y1 = min((shape.maxY + margin).rounded(.up), clipY1 + margin)
        let limit = CGFloat(ImageSurface.maximumSide)
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1 - x0 <= limit, y1 - y0 <= limit else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }
}
