import FlipbookRender

/// Renders every frame and keeps nothing: for measuring rendering without encoding or
/// writing (`flipbook render --format none`).
public final class NullSink: FrameSink {
    public let encoder: @Sendable (FramePixels) throws -> [UInt8] = { _ in [] }

    public init() {}

    public func write(_ bytes: [UInt8], frame: Int) throws {}

    public func finish() throws {}
}
