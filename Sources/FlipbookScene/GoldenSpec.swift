/// The frames a scene's golden test checks, and how strictly.
public struct GoldenSpec: Sendable {
    public enum Frame: Sendable, Equatable {
        case index(Int)
        case last
    }

    public let frames: [Frame]
    /// Largest per-channel difference a pixel may have and still match.
    public let perChannelTolerance: Int
    /// How many pixels may exceed the tolerance.
    public let allowedPixels: Int

    /// The frame numbers for a render of `frameCount` frames, sorted, without repeats.
    public func frameIndices(frameCount: Int) -> [Int] {
        Set(frames.map { if case .index(let i) = $0 { i } else { frameCount - 1 } }).sorted()
    }
}
