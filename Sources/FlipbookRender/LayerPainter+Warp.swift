internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a layer whose placement is projective (3D; R1 in docs/behaviours.md): the subtree
    /// is drawn flat in the layer's own plane into an image, which pixman warps into the
    /// superlayer's plane (bilinear); the warped image is then painted through Cairo, so
    /// the current clip, the group being drawn into and the operator apply to it as to
    /// any other drawing. Opacity and the mask are applied in the flat image.
    ///
    /// The image covers only the part of the layer that lands inside the clip, at the
    /// resolution the layer would have drawn flat (Core Animation rasterizes a layer in
    /// its own plane too), plus a margin so its edges fade out through the filter. What
    /// comes nearer the viewer than 1/1000 of the farthest W, or passes behind the viewer,
    /// is cut off.
    ///
    /// - Parameter toUser: the layer's own coordinates to the current user space.
    func drawWarped(_ layer: RenderLayer, toUser: CATransform3D) throws {
        var cairoMatrix = cairo_matrix_t()
        cairo_get_matrix(cr, &cairoMatrix)
        let userToDevice = CGAffineTransform(cairoMatrix)
        let toDevice = PlaneProjection(flattening: toUser).concatenating(userToDevice)
        let extents = layer.extents()
        let visible = toDevice.visiblePart(of: ConvexPolygon(extents))
        let onDevice = visible.map(toDevice.apply(to:))
        // Foundation's intersection traps on a rectangle that is not finite (a layer 10¹⁸
        // points wide projected): such a box draws nothing.
        guard let drawn = onDevice.boundingBox, Self.isFinite(drawn), let clip = deviceClipExtents(),
              let box = Self.pixelBox(drawn.insetBy(dx: -1, dy: -1).intersection(clip)),
              let toOwn = toDevice.inverted(),
              let shownBox = onDevice.clipped(to: box).map(toOwn.apply(to:)).boundingBox, Self.isFinite(shownBox),
              case let shown = shownBox.intersection(extents), !shown.isNull, shown.width > 0, shown.height > 0
        else { return }

        // The flat image of the part shown, `margin` pixels around it.
        let margin: CGFloat = 2
        var scale = Self.deviceScale(of: userToDevice) * Self.flatScale(of: toUser, at: layer.bounds)
        let largestSide = CGFloat(4096), largestArea = CGFloat(4096 * 4096)
        let needed = CGSize(width: shown.width * scale + 2 * margin, height: shown.height * scale + 2 * margin)
        scale *= min(1, largestSide / needed.width, largestSide / needed.height,
                     (largestArea / (needed.width * needed.height)).squareRoot())
        guard scale.isFinite, scale > 0 else { return }
        let origin = CGPoint(x: shown.minX - margin / scale, y: shown.minY - margin / scale)
        let width = Int((shown.width * scale + 2 * margin).rounded(.up))
        let height = Int((shown.height * scale + 2 * margin).rounded(.up))
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(clamping: width)))
        let bandRows = warpSampler == .spans && drawsAlikeInBands(layer) ? Self.bandRows(stride: stride) : height
        try FlatImageMemory.with(byteCount: stride * height, cleared: bandRows >= height) { memory in
            let flat = try ImageSurface(width: width, height: height, on: memory)
            let flatContext = try CairoContext(flat)
            let painter = LayerPainter(cr: flatContext.pointer, warpSampler: warpSampler)
            let drawing = "drawing a \(flat.width)×\(flat.height) layer image for a 3D warp"
            guard bandRows < height else {
                cairo_scale(flatContext.pointer, scale, scale)
                cairo_translate(flatContext.pointer, -origin.x, -origin.y)
                try painter.drawInOwnSpace(layer)
                try flatContext.checkStatus(drawing)
                return try warp(flat, drawnAt: origin, scale: scale, toDevice: toDevice, visible: visible, box: box)
            }
            // Band by band: each is cleared, drawn and looked at for squares of one colour
            // while it is in the caches; the sampler then reads the image only near edges.
            let squares = UniformSquares(flat)
            for top in Swift.stride(from: 0, to: height, by: bandRows) {
                let rows = top..<min(top + bandRows, height)
                memory.clear(rows.count * stride, from: top * stride)
                cairo_save(flatContext.pointer)
                cairo_rectangle(flatContext.pointer, 0, Double(top), Double(width), Double(rows.count))
                cairo_clip(flatContext.pointer)
                cairo_scale(flatContext.pointer, scale, scale)
                cairo_translate(flatContext.pointer, -origin.x, -origin.y)
                do {
                    defer { cairo_restore(flatContext.pointer) }
                    try painter.drawInOwnSpace(layer)
                }
                try flatContext.checkStatus(drawing)
                cairo_surface_flush(flat.pointer)
                squares.lookAt(rows: rows)
            }
            try warp(flat, drawnAt: origin, scale: scale, toDevice: toDevice, visible: visible, box: box, squares: squares)
        }
    }

    /// Rows of a flat image drawn at a time: about `bandBytes`, in whole squares of the sampler's (16 rows).
    private static func bandRows(stride: Int) -> Int { max(16, bandBytes / max(stride, 1) / 16 * 16) }

    /// A band's bytes: what the second-level cache keeps while Cairo draws a band and its squares are looked at.
    private static var bandBytes: Int { 256 * 1024 }

    /// Whether drawing `layer`'s subtree flat in horizontal bands, each under a clip to its
    /// rows, gives the pixels of drawing it whole: every part is a Cairo fill, stroke or
    /// text, whose pixels a clip of whole pixels only cuts (`FlatImageBandsTests`). Not so
    /// for what reads the pixels around it or is placed by the clip: shadows and backdrop
    /// blurs, groups (a mask, group opacity) made the size of the clip, 3D sublayers (whose
    /// flat image follows the clip), rasterized subtrees, transitions, display lists (which
    /// may hold shadows), replicator copies and particles; nor for gradients and images, which pixman
    /// samples from where the clip starts (some pixels differ).
    private func drawsAlikeInBands(_ layer: RenderLayer, isSublayer: Bool = false) -> Bool {
        if isSublayer, layer.transition != nil || !layer.transform.isAffine { return false }
        guard layer.shadow == nil, layer.mask == nil, layer.rasterizationScale == nil, !shouldGroup(layer) else {
            return false
        }
        switch layer.content {
        case nil, .text, .shape: break
        case .image, .gradient, .drawing, .replicatorInstance, .backdropBlur, .particles: return false
        }
        guard layer.sublayers.isEmpty || layer.sublayerTransform.isAffine else { return false }
        return layer.sublayers.allSatisfy { drawsAlikeInBands($0, isSublayer: true) }
    }

    /// Warps `flat`, the layer drawn at `scale` with `origin` of its space at the top left
    /// corner, into the device pixels of `box`.
    private func warp(_ flat: ImageSurface, drawnAt origin: CGPoint, scale: CGFloat, toDevice: PlaneProjection,
                      visible: ConvexPolygon, box: CGRect, squares: UniformSquares? = nil) throws {
        let flatToDevice = PlaneProjection(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)
            .concatenating(CGAffineTransform(translationX: origin.x, y: origin.y)))
            .concatenating(toDevice)
        let farthest = visible.vertices.map(toDevice.w(at:)).max() ?? 0
        let warp = ProjectiveWarp(map: flatToDevice, farthestW: farthest, sampler: warpSampler, squares: squares)
        if try warp.compositeDirectly(from: flat, onto: cr, within: box) { return }

        let warped = try ImageSurface(width: Int(box.width), height: Int(box.height))
        try warp.run(from: flat, onto: warped, at: (Int(box.minX), Int(box.minY)))
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, warped.pointer, box.minX, box.minY)
        cairo_paint(cr)
    }

    /// The current clip's extents in device pixels, `nil` when nothing can be drawn.
    private func deviceClipExtents() -> CGRect? {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        guard x2 > x1, y2 > y1 else { return nil }
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// `rect` grown to whole pixels, `nil` when it is empty or larger than an image can be.
    private static func pixelBox(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull, rect.width > 0, rect.height > 0, isFinite(rect) else { return nil }
        let box = rect.integral
        let limit = CGFloat(ImageSurface.maximumSide)
        guard box.width <= limit, box.height <= limit else { return nil }
        return box
    }

    /// Whether every edge of `rect` is a finite number.
    private static func isFinite(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.maxX.isFinite && rect.maxY.isFinite
    }

    /// Pixels per user-space unit: the larger singular value of Cairo's matrix.
    private static func deviceScale(of m: CGAffineTransform) -> CGFloat {
        largestSingularValue(m.a, m.b, 0, m.c, m.d, 0)
    }

    /// How much the layer's own plane is magnified in 3D before perspective: the larger
    /// singular value of the images of its x and y axes, over W at the centre of `bounds`.
    private static func flatScale(of t: CATransform3D, at bounds: CGRect) -> CGFloat {
        let magnification = largestSingularValue(t.m11, t.m12, t.m13, t.m21, t.m22, t.m23)
        let centre = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let w = PlaneProjection(flattening: t).w(at: centre)
        return w > 0 ? magnification / w : magnification
    }

    /// The larger singular value of the 2×3 matrix with rows (a1 a2 a3) and (b1 b2 b3).
    private static func largestSingularValue(_ a1: CGFloat, _ a2: CGFloat, _ a3: CGFloat,
                                             _ b1: CGFloat, _ b2: CGFloat, _ b3: CGFloat) -> CGFloat {
        let aa = a1 * a1 + a2 * a2 + a3 * a3, bb = b1 * b1 + b2 * b2 + b3 * b3, ab = a1 * b1 + a2 * b2 + a3 * b3
        let mean = (aa + bb) / 2, spread = ((aa - bb) / 2 * (aa - bb) / 2 + ab * ab).squareRoot()
        return (mean + spread).squareRoot()
    }
}
