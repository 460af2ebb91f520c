/// The frames a scene's golden test checks, and how strictly.
public struct GoldenSpec: Sendable, Equatable {
    public enum Frame: Sendable, Equatable {
        case index(Int)
        case last
    }

    public let frames: [Frame]
    /// Largest per-channel difference a pixel may have and still match.
    public let perChannelTolerance: Int
    /// How many pixels may exceed the tolerance.
    public let allowedPixels: Int
    /// Where the scene's `golden` map is, named when a frame lies beyond the render.
    public let location: SceneError.Location

    /// The frame numbers for a render of `frameCount` frames, sorted, without repeats.
    public func frameIndices(frameCount: Int) -> [Int] {
        Set(frames.map { if case .index(let i) = $0 { i } else { frameCount - 1 } }).sorted()
    }

    /// Rejects frames beyond the last of a render of `frameCount` frames.
    public func check(frameCount: Int) throws {
        guard let beyond = frameIndices(frameCount: frameCount).last, beyond >= frameCount else { return }
        throw SceneError(at: location, "golden frame \(beyond) is beyond the last frame, \(frameCount - 1)")
    }
}
