import FlipbookRender

/// Keeps rendered frames in memory, in frame order: for golden checks and tests.
public final class BitmapCollector: FrameSink {
    public private(set) var frames: [(index: Int, bitmap: Bitmap)] = []
    private let width: Int
    private let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var encoder: @Sendable (FramePixels) throws -> [UInt8] { { $0.packedBytes } }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        frames.append((frame, Bitmap(width: width, height: height, pixels: bytes)))
    }

    public func finish() throws {}
}
