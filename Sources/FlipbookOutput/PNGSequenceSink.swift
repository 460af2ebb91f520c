import FlipbookRender
import Foundation

/// Writes each frame as `DIRECTORY/frame_NNNNN.png`, numbered by its frame in the whole
/// timeline, so a partial render names frames as a full one would.
public final class PNGSequenceSink: FrameSink {
    public let directory: URL
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]

    /// Creates the directory if needed; `compressionLevel` is the zlib level `PNGCodec.encode` takes (1 = fastest).
    public init(directory: URL, compressionLevel: Int = 1) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        encoder = { try PNGCodec.encode($0, compressionLevel: compressionLevel) }
    }

    public static func fileName(frame: Int) -> String { String(format: "frame_%05d.png", frame) }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(Self.fileName(frame: frame)), options: .atomic)
    }

    public func finish() throws {}
}
