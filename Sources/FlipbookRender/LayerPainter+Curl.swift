internal import CCairo
import FlipbookQuartz
import Foundation

extension LayerPainter {
    /// Draws a layer in the middle of a page-curl transition (TR4; the geometry is ours,
    /// see `PageCurl`): `pageCurl` (UIKit's curlUp) curls the old content up and away
    /// from its bottom edge as the progress p goes 0 → 1, uncovering the new; `pageUnCurl`
    /// (curlDown) is the same curl of the new content played backwards, so the new page
    /// unrolls down over the old. The subtype is ignored: a curl always starts at the
    /// bottom edge.
    ///
    /// At p = 0 the old layer is drawn exactly as without a transition, at p = 1 the new.
    /// In between, the page is the layer's bounds rectangle: the content under the page
    /// is drawn whole, but the curling page (its flat part, curl and underside) is clipped
    /// to its bounds, so what it draws outside them (its shadow, unclipped sublayers) is
    /// not shown, and the curl never reaches outside the layer's frame.
    func drawPageCurl(_ transition: RenderLayer.Transition, new: RenderLayer) throws {
        let p = min(max(transition.progress, 0), 1)
        let (page, under, progress) = transition.type == .pageUnCurl
            ? (new, transition.old, 1 - p)
            : (transition.old, new, p)
        guard progress > 0 else { return try draw(page) }
        guard progress < 1 else { return try draw(under) }
        try draw(under)
        try drawCurling(page, progress: CGFloat(progress))
    }

    /// Draws `page` (in its superlayer's space) curled `progress` of the way off.
    ///
    /// The page is rendered once into an image surface in its own coordinates; every
    /// part of the curl is that surface mapped by an affine transform per strip one
    /// device pixel thick along the curl direction, filled without antialiasing so the
    /// strips tile exactly, inside an antialiased clip of the part.
    private func drawCurling(_ page: RenderLayer, progress: CGFloat) throws {
        let size = page.bounds.size
        let toParent = page.matrixToParent
        guard size.width > 0, size.height > 0, toParent.isInvertible else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_transform(cr, [toParent.cairoMatrix])
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let toDevice = CGAffineTransform(matrix)
        let limit = CGFloat(ImageSurface.maximumSide - 1) / max(size.width, size.height)
        let scale = min(sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c)), limit)
        // Cairo refuses a scale whose determinant (its square) underflows: a page 10³⁰⁰
        // points wide, drawn at 10⁻²⁹⁶, is not drawn.
        guard scale.isFinite, scale * scale >= .leastNormalMagnitude else { return }
        let surface = try pageSurface(page, scale: scale)
        let curl = PageCurl(size: size, progress: progress)
        let pattern = cairo_pattern_create_for_surface(surface.pointer)!
        defer { cairo_pattern_destroy(pattern) }
        try check(cairo_pattern_status(pattern), "cairo_pattern_create_for_surface (page curl)")

        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_clip(cr)
        // From here on user space is the curl's (u, q): u along the axis, q across it.
        cairo_rotate(cr, -curl.tilt)
        let strip = 1 / scale
        try withExtendedLifetime(surface) {
            drawCurlShadow(curl)
            try drawPart(curl.frontPieces(strip: strip), of: curl, pattern: pattern, scale: scale) {
                paintShading(curl, darkening: PageCurl.frontDarkening)
            }
            try drawPart(curl.backPieces(strip: strip), of: curl, pattern: pattern, scale: scale) {
                cairo_set_source_rgba(cr, 1, 1, 1, PageCurl.underWash)
                cairo_paint(cr)
                paintShading(curl, darkening: PageCurl.backDarkening)
            }
        }
    }

    /// The page drawn alone, clipped to its bounds, in its own coordinates times `scale`.
    private func pageSurface(_ page: RenderLayer, scale: CGFloat) throws -> ImageSurface {
        let size = page.bounds.size
        let surface = try ImageSurface(width: max(Int((size.width * scale).rounded(.up)), 1),
                                       height: max(Int((size.height * scale).rounded(.up)), 1))
        let context = try CairoContext(surface)
        let pageCR = context.pointer
        cairo_scale(pageCR, scale, scale)
        cairo_rectangle(pageCR, 0, 0, size.width, size.height)
        cairo_clip(pageCR)
        cairo_transform(pageCR, [page.matrixToParent.inverted().cairoMatrix])
        try LayerPainter(cr: pageCR, warpSampler: warpSampler).draw(page)
        try context.checkStatus("drawing a curling page")
        return surface
    }

    /// Draws one part of the page (the front or the underside) from `pieces` into a
    /// group, lets `finish` paint over it (with `ATOP`, so only on the page), and
    /// composites it.
    private func drawPart(_ pieces: [PageCurl.Piece], of curl: PageCurl, pattern: OpaquePointer,
                          scale: CGFloat, finish: () -> Void) throws {
        guard let first = pieces.first, let last = pieces.last else { return }
        let across = curl.axisExtent
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, across.lowerBound, first.lower, across.upperBound - across.lowerBound,
                        last.upper - first.lower)
        cairo_clip(cr)
        let part = try group {
            // Strips are filled whole pixels at a time and each reaches one pixel into
            // the next, which replaces it there (SOURCE): Cairo's aliased fills of
            // tilted rectangles sharing an edge can leave pixels between them. The
            // first and last reach out of the part, so the antialiased clip decides
            // the edge pixels.
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source(cr, pattern)
            let pad = 1 / scale
            for (index, piece) in pieces.enumerated() {
                let lower = index == 0 ? piece.lower - pad : piece.lower
                let upper = piece.upper + pad
                var matrix = piece.sourceMatrix(tilt: curl.tilt, scale: scale).cairoMatrix
                cairo_pattern_set_matrix(pattern, &matrix)
                cairo_rectangle(cr, across.lowerBound, lower, across.upperBound - across.lowerBound, upper - lower)
                cairo_fill(cr)
            }
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
            cairo_set_operator(cr, CAIRO_OPERATOR_ATOP)
            finish()
        }
        defer { cairo_pattern_destroy(part) }
        cairo_set_source(cr, part)
        cairo_paint(cr)
    }

    /// Darkens the cylinder by `darkening` (0 at the curl line, growing to its outer
    /// edge), as a gradient across the curl: call in (u, q) space with `ATOP`.
    private func paintShading(_ curl: PageCurl, darkening: (CGFloat) -> CGFloat) {
        let gradient = cairo_pattern_create_linear(0, curl.line, 0, curl.line + curl.radius)!
        defer { cairo_pattern_destroy(gradient) }
        // Stops at t = sin φ for even steps of φ crowd where the cylinder turns away.
        let steps = 16
        for step in 0...steps {
            let angle = CGFloat(step) / CGFloat(steps) * .pi / 2
            cairo_pattern_add_color_stop_rgba(gradient, sin(angle), 0, 0, 0, darkening(angle))
        }
        cairo_set_source(cr, gradient)
        cairo_paint(cr)
    }

    /// The curl's soft shadow on the content under the page, just beyond the cylinder.
    /// It grows in while the page first bends and fades out while the cylinder leaves
    /// past the top-left corner, so it neither appears nor vanishes at once.
    private func drawCurlShadow(_ curl: PageCurl) {
        let edge = curl.cylinderEdge
        let alpha = PageCurl.shadowAlpha * min(curl.curledLength / (curl.radius * .pi / 2), 1)
            * min(max(edge / curl.radius, 0), 1)
        guard alpha > 0 else { return }
        let reach = curl.radius
        let gradient = cairo_pattern_create_linear(0, edge, 0, edge + reach)!
        defer { cairo_pattern_destroy(gradient) }
        for (offset, fraction) in [(0.0, 1.0), (0.25, 0.55), (0.6, 0.15), (1.0, 0.0)] {
            cairo_pattern_add_color_stop_rgba(gradient, offset, 0, 0, 0, alpha * fraction)
        }
        let across = curl.axisExtent
        cairo_rectangle(cr, across.lowerBound, edge, across.upperBound - across.lowerBound, reach)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
    }
}

/// Where a page curling up from its bottom edge is at one moment of a curl (TR4, OURS).
///
/// In the page's own coordinates (y down, `size` its bounds), the curl's axis is tilted
/// by `tilt` so that it reaches the bottom-right corner first, as iOS's curl does. With
/// n = (sin tilt, cos tilt), a point's q = n · point runs from 0 at the top-left corner
/// to `depth` at the bottom-right; u = (cos tilt, −sin tilt) · point runs along the axis.
///
/// The page lies flat where q < `line`. Beyond it, it wraps round a cylinder of
/// `radius` r (a sixth of the page height) lying on the page along the line: the point
/// at q = line + s is turned by θ = s / r and seen from straight above (orthographic) at
/// q′ = line + r·sin θ. Up to a quarter turn (θ ≤ π/2) that is the front of the page,
/// foreshortened; past it the underside shows, mirrored by the turn, and past half a
/// turn (s > π·r) the page lies flat again on top of itself, upside down, at
/// q′ = 2·line + π·r − q, over the flat part. The underside is the page washed out
/// toward white (`underWash`), as iOS's translucent-looking back; the cylinder darkens
/// toward its outer edge as its surface turns away from the viewer (Lambert, light from
/// the viewer), and it casts a soft shadow beyond that edge on the content under it.
///
/// The line moves at constant speed from q = depth (p = 0, nothing curled) to q = −r
/// (p = 1, the cylinder and everything rolled past it beyond the top-left corner).
struct PageCurl: Equatable {
    /// How far the axis is turned from horizontal, in radians (8°).
    static let defaultTilt: CGFloat = 8 * .pi / 180
    /// The cylinder's radius as a fraction of the page height.
    static let radiusFraction: CGFloat = 1.0 / 6
    /// How far the underside is washed toward white (0 … 1).
    static let underWash: CGFloat = 0.7
    /// The opacity of the curl's shadow where it is darkest.
    static let shadowAlpha: CGFloat = 0.4

    let size: CGSize
    let tilt: CGFloat
    let radius: CGFloat
    /// Where the page leaves the plane, as q.
    let line: CGFloat

    init(size: CGSize, progress: CGFloat, tilt: CGFloat = PageCurl.defaultTilt) {
        self.size = size
        self.tilt = tilt
        radius = max(size.height * Self.radiusFraction, 1e-3)
        let depth = size.width * sin(tilt) + size.height * cos(tilt)
        line = depth - progress * (depth + radius)
    }

    /// The largest q on the page: its bottom-right corner.
    var depth: CGFloat { size.width * sin(tilt) + size.height * cos(tilt) }

    /// How much of the page (along q) is past the line.
    var curledLength: CGFloat { max(depth - line, 0) }

    /// The range of u the page covers.
    var axisExtent: ClosedRange<CGFloat> {
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0),
                       CGPoint(x: 0, y: size.height), CGPoint(x: size.width, y: size.height)]
        let u = corners.map { $0.x * cos(tilt) - $0.y * sin(tilt) }
        return (u.min()! - 1)...(u.max()! + 1)
    }

    /// The largest q′ the curl reaches: the outer edge of the cylinder.
    var cylinderEdge: CGFloat { line + radius * sin(min(curledLength / radius, .pi / 2)) }

    /// How much the front darkens at turn `angle` (0 … π/2).
    static func frontDarkening(_ angle: CGFloat) -> CGFloat { 0.45 * (1 - cos(angle)) }

    /// How much the underside darkens at turn π − `angle`, where `angle` is 0 at the
    /// top of the cylinder and π/2 at its outer edge.
    static func backDarkening(_ angle: CGFloat) -> CGFloat { 0.35 * (1 - cos(angle)) }

    /// A band of q′ drawn from the page by one affine map q = offset + slope·q′.
    struct Piece: Equatable {
        var lower: CGFloat, upper: CGFloat
        var offset: CGFloat, slope: CGFloat

        /// Maps (u, q′) to the page surface's pixels at `scale`.
        func sourceMatrix(tilt: CGFloat, scale: CGFloat) -> CGAffineTransform {
            CGAffineTransform(a: 1, b: 0, c: 0, d: slope, tx: 0, ty: offset)
                .concatenating(CGAffineTransform(rotationAngle: -tilt))
                .concatenating(CGAffineTransform(scaleX: scale, y: scale))
        }
    }

    /// The front of the page: the flat part, then the first quarter turn in strips.
    func frontPieces(strip: CGFloat) -> [Piece] {
        let flat = Piece(lower: -1, upper: line, offset: 0, slope: 1)
        guard curledLength > 0 else { return [flat] }
        let turn = min(curledLength / radius, .pi / 2)
        let arc = strips(from: line, to: line + radius * sin(turn), strip: strip) {
            line + radius * asin(min(max(($0 - line) / radius, -1), 1))
        }
        return (line > -1 ? [flat] : []) + arc
    }

    /// The underside: the part past half a turn lying flat, then the second quarter turn
    /// in strips.
    func backPieces(strip: CGFloat) -> [Piece] {
        guard curledLength > radius * .pi / 2 else { return [] }
        let turn = min(curledLength / radius, .pi)
        var pieces: [Piece] = []
        if curledLength > radius * .pi {
            pieces.append(Piece(lower: 2 * line + .pi * radius - depth, upper: line,
                                offset: 2 * line + .pi * radius, slope: -1))
        }
        pieces += strips(from: line + radius * sin(turn), to: line + radius, strip: strip) {
            line + radius * (.pi - asin(min(max(($0 - line) / radius, -1), 1)))
        }
        return pieces
    }

    /// Strips about `strip` thick tiling `lower…upper`, each mapping linearly between
    /// the values of `source` at its ends.
    private func strips(from lower: CGFloat, to upper: CGFloat, strip: CGFloat,
                        source: (CGFloat) -> CGFloat) -> [Piece] {
        guard upper > lower else { return [] }
        let count = max(Int(((upper - lower) / strip).rounded(.up)), 1)
        return (0..<count).map { index in
            let q0 = lower + (upper - lower) * CGFloat(index) / CGFloat(count)
            let q1 = lower + (upper - lower) * CGFloat(index + 1) / CGFloat(count)
            let (s0, s1) = (source(q0), source(q1))
            let slope = (s1 - s0) / (q1 - q0)
            return Piece(lower: q0, upper: q1, offset: s0 - slope * q0, slope: slope)
        }
    }
}
