import FlipbookRender

/// Keeps a contact sheet's thumbnails of rendered frames in memory, in frame order: frames
/// are shrunk on the rendering threads, so only thumbnails are held.
public final class ThumbnailCollector: FrameSink {
    public private(set) var frames: [(index: Int, thumbnail: Bitmap)] = []
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]
    private let size: (width: Int, height: Int)

    /// Collects thumbnails as `sheet` makes them of frames `width`×`height` pixels.
    public init(sheet: ContactSheet, width: Int, height: Int) {
        size = sheet.thumbnailSize(imageWidth: width, imageHeight: height)
        encoder = { try sheet.thumbnail($0.bitmap()).pixels }
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        frames.append((frame, Bitmap(width: size.width, height: size.height, pixels: bytes)))
    }

    public func finish() throws {}
}
