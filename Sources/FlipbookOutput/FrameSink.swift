import FlipbookRender

/// Where rendered frames go. Frames arrive at `write` in increasing frame order.
public protocol FrameSink: AnyObject {
    /// Turns a rendered frame into the bytes `write` takes; runs on worker threads,
    /// in any order, so it must depend only on its input. The pixels are the
    /// compositor's own and valid only during the call.
    var encoder: @Sendable (FramePixels) throws -> [UInt8] { get }
    /// Writes one encoded frame; called on the caller's thread, in frame order.
    func write(_ bytes: [UInt8], frame: Int) throws
    /// Writes a frame that draws the same pixels as the frame before; `bytes` are that
    /// frame's. A video sink can show the frame before for longer instead of taking it
    /// again; by default this is `write`.
    func writeRepeat(_ bytes: [UInt8], frame: Int) throws
    /// Completes the output after the last frame (closing files, waiting for ffmpeg).
    func finish() throws
    /// Stops after a failure: ends helper processes and removes temporary files. Frames
    /// already written stay where they are.
    func cancel()
}

extension FrameSink {
    public func writeRepeat(_ bytes: [UInt8], frame: Int) throws {
        try write(bytes, frame: frame)
    }

    public func cancel() {}
}
