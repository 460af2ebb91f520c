internal import CCairo
import FlipbookQuartz
import Foundation

extension DisplayList {
    /// The drawing as an image: `bounds` at `scale` pixels per point (the pixel size
    /// rounded up), the top-left of `bounds` at the image's top-left, replayed as a
    /// layer's drawing is (G8). What `UIGraphicsImageRenderer` makes.
    /// - Throws: `RenderError` for a size Cairo cannot hold, or a Cairo error while drawing.
    public func rasterized(scale: CGFloat) throws -> CGImage {
        let side = CGFloat(ImageSurface.maximumSide)
        let pixels = CGSize(width: (bounds.width * scale).rounded(.up), height: (bounds.height * scale).rounded(.up))
        guard scale > 0, (1...side).contains(pixels.width), (1...side).contains(pixels.height) else {
            throw RenderError(operation: "rasterizing a drawing",
                              message: "\(bounds.width)×\(bounds.height) points at scale \(scale) is not 1…\(Int(side)) pixels a side")
        }
        let (width, height) = (Int(pixels.width), Int(pixels.height))
        let surface = try ImageSurface(width: width, height: height)
        let context = try CairoContext(surface)
        let cr = context.pointer
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -bounds.minX, -bounds.minY)
        try DisplayListReplay.replay(self, on: cr, alpha: 1)
        try context.checkStatus("drawing an image")
        let bitmap = surface.bitmap()
        return CGImage(width: width, height: height, premultipliedBGRA: bitmap.pixels)
    }
}
