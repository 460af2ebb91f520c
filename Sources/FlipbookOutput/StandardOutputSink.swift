import FlipbookRender
import Foundation

/// Writes each encoded frame to standard output as it comes: the PNG of `render --still N
/// -o -`, for a pipe.
public final class StandardOutputSink: FrameSink {
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]

    public init(encoder: @escaping @Sendable (FramePixels) throws -> [UInt8]) {
        self.encoder = encoder
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(bytes))
        } catch {
            if StandardOutputClosed.readerHasGone { throw StandardOutputClosed() }
            throw OutputPlace.Failure(description: "cannot write frame \(frame) to standard output: \(OutputPlace.reason(error))")
        }
    }

    public func finish() throws {}
}
