import FlipbookRender
import Foundation

/// Writes each frame as a PNG file in `directory`: `frame_NNNNN.png`, numbered by its frame
/// in the whole timeline, so a partial render names frames as a full one would; or under
/// another name, as `render --still` names its one file.
public final class PNGSequenceSink: FrameSink {
    public let directory: URL
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]
    /// The name of frame N's file in `directory`.
    private let name: @Sendable (Int) -> String

    /// Creates the directory if needed; `compressionLevel` is the zlib level `PNGCodec.encode`
    /// takes (1 = fastest); `fileName` names frame N's file (default `fileName(frame:)`).
    /// - Throws: `OutputPlace.Failure` when `directory` is a file or cannot be made.
    public init(directory: URL, compressionLevel: Int = 1,
                fileName: @escaping @Sendable (Int) -> String = PNGSequenceSink.fileName(frame:)) throws {
        self.directory = directory
        name = fileName
        try OutputPlace.checkFolder(directory)
        try OutputPlace.makeFolder(directory)
        encoder = { try PNGCodec.encode($0, compressionLevel: compressionLevel) }
    }

    /// Writes the frame of a one-frame render (`render --still`) to `file`.
    public convenience init(still file: URL, compressionLevel: Int = 1) throws {
        let fileName = file.lastPathComponent
        try OutputPlace.checkFile(file, writer: "a still render")
        try self.init(directory: file.deletingLastPathComponent(), compressionLevel: compressionLevel,
                      fileName: { _ in fileName })
    }

    public static func fileName(frame: Int) -> String { String(format: "frame_%05d.png", frame) }

    /// Where a file is written until it is whole: `.<name>.partial`, hidden, beside it.
    public static func temporaryName(_ name: String) -> String { ".\(name).partial" }

    /// The file name `render --still` picks: `<scene>-<frame>.png`, a frame number
    /// zero-padded to 5 digits, `last` as written.
    public static func stillFileName(scene: String, frame: String) -> String {
        let number = Int(frame).map { String(format: "%05d", $0) } ?? frame
        return "\(scene)-\(number).png"
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        let file = directory.appendingPathComponent(name(frame))
        // Written under a temporary name and renamed, so a file under a frame's name is always
        // a whole PNG; a render killed mid-write leaves only `temporaryName`, which
        // `PNGRenderFolder` removes.
        let temporary = directory.appendingPathComponent(Self.temporaryName(name(frame)))
        do {
            try OutputPlace.write(Data(bytes), to: temporary, shown: file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw OutputPlace.Failure(description: "cannot write \(file.relativePath): \(reason)")
        }
    }

    public func finish() throws {}
}
