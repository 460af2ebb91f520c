internal import CCairo
import FlipbookQuartz
import Foundation

/// Draws `RenderTree` snapshots into pixels with Cairo.
///
/// A compositor keeps one image surface and reuses it while the frame size stays the
/// same, so give each rendering thread its own. Rendering is a pure function of the
/// tree: the same tree always gives the same bytes.
public final class Compositor {
    private var surface: ImageSurface?
    /// Where `shouldRasterize` subtrees keep their pixels (R2); shared by default, so
    /// every worker thread reuses what another rasterized.
    public let rasterCache: RasterCache
    /// How 3D layers are sampled: `.spans`, or a reference it is tested against (`.spansOfWholeImages`, pixman's `.pixman`).
    public let warpSampler: WarpSampler

    public init(rasterCache: RasterCache = .shared, warpSampler: WarpSampler = .spans) {
        self.rasterCache = rasterCache
        self.warpSampler = warpSampler
    }

    /// Renders `tree` at its pixel size (`size · scale`, rounded) into a new bitmap.
    /// - Throws: `RenderError` when the size is empty or Cairo reports a failure.
    public func render(_ tree: RenderTree) throws -> Bitmap {
        try render(tree) { $0.bitmap() }
    }

    /// Renders `tree` and calls `body` with the pixels where Cairo drew them (no copy);
    /// they are valid only during the call. As `render(_:)`.
    public func render<R>(_ tree: RenderTree, _ body: (FramePixels) throws -> R) throws -> R {
        let width = tree.pixelWidth, height = tree.pixelHeight
        guard width > 0, height > 0 else {
            throw RenderError(operation: "render", message: "empty canvas \(width)×\(height) pixels")
        }
        if surface?.width != width || surface?.height != height {
            surface = try ImageSurface(width: width, height: height)
        }
        let surface = surface!
        let context = try CairoContext(surface)
        let cr = context.pointer

        // The frame's bounds as the first clip, so that the clip is always one Cairo can
        // list as rectangles (a 3D layer under a rectangular clip is sampled straight
        // onto the frame; ProjectiveWarp.compositeDirectly).
        cairo_rectangle(cr, 0, 0, Double(width), Double(height))
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        let background = tree.background ?? .clear
        cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, tree.scale, tree.scale)
        try LayerPainter(cr: cr, rasterCache: rasterCache, warpSampler: warpSampler).draw(tree.root)
        try context.checkStatus("rendering a \(width)×\(height) frame")
        return try surface.withFramePixels(body)
    }
}
