import FlipbookRender
import Foundation

/// Writes the frame of a one-frame render (`render --still`) to a PNG file.
public final class StillImageSink: FrameSink {
    public let file: URL
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]

    /// Creates the file's folder if needed; `compressionLevel` is the zlib level `PNGCodec.encode` takes.
    public init(file: URL, compressionLevel: Int = 1) throws {
        self.file = file
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        encoder = { try PNGCodec.encode($0, compressionLevel: compressionLevel) }
    }

    /// The file name `render --still` picks: `<scene>-<frame>.png`, a frame number
    /// zero-padded to 5 digits, `last` as written.
    public static func fileName(scene: String, frame: String) -> String {
        let number = Int(frame).map { String(format: "%05d", $0) } ?? frame
        return "\(scene)-\(number).png"
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        try Data(bytes).write(to: file, options: .atomic)
    }

    public func finish() throws {}
}
