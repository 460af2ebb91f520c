import FlipbookQuartz

extension CGImage {
    /// Decodes the PNG file at `path` into an image (G7): how scenes and `UIImage(contentsOfFile:)`
    /// get their pixels, as only the render target touches libpng.
    /// - Throws: `PNGError` naming `path` when the file cannot be read or is not a PNG.
    public static func png(atPath path: String) throws -> CGImage {
        CGImage(try PNGCodec.read(path: path))
    }

    /// An image with a bitmap's pixels (both are premultiplied BGRA).
    /// - Precondition: the bitmap has at least one pixel.
    public convenience init(_ bitmap: Bitmap) {
        self.init(width: bitmap.width, height: bitmap.height, premultipliedBGRA: bitmap.pixels)
    }
}

extension Bitmap {
    /// A bitmap with an image's pixels.
    public init(_ image: CGImage) {
        self.init(width: image.width, height: image.height, pixels: image.premultipliedBGRA)
    }
}
