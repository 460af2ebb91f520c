/// The frames one render command produces (the whole render, a `--frames` selection or a
/// `--shard`) and the label its video file is named by, so that the parts of one
/// render, written side by side, overwrite neither each other nor the whole render.
///
/// Frames keep their numbers in the whole render: frame 120 of a part shows the scene
/// at t = 120 / fps, like frame 120 of a full render.
public struct RenderPart: Sendable, Equatable {
    /// The frame numbers, sorted, unique.
    public let frames: [Int]
    /// `shard-K-of-N` for a shard, `frames-A-B` for a selection that is one range short of
    /// the whole render; nil for the whole render and for a selection of scattered frames.
    public let label: String?

    public struct EmptyShard: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every frame of a render with `frameCount` frames.
    public static func whole(frameCount: Int) -> RenderPart {
        RenderPart(frames: Array(0..<frameCount), label: nil)
    }

    /// The frames `selection` picks from a render with `frameCount` frames.
    /// - Throws: `FrameSelection.ParseError` when a frame lies outside the render.
    public init(selection: FrameSelection, frameCount: Int) throws {
        let frames = try selection.indices(frameCount: frameCount)
        let isOneRange = frames.last! - frames.first! == frames.count - 1
        let isWhole = frames.count == frameCount
        self.init(frames: frames, label: isOneRange && !isWhole ? "frames-\(frames.first!)-\(frames.last!)" : nil)
    }

    /// The frames of `shard` in a render with `frameCount` frames.
    /// - Throws: `EmptyShard` when the render has fewer frames than shards, leaving this one none.
    public init(shard: FrameShard, frameCount: Int) throws {
        let frames = shard.frames(of: frameCount)
        guard !frames.isEmpty else {
            throw EmptyShard(description: "shard \(shard) of a render of \(frameCount) frames has no frames: "
                             + "split it into at most \(frameCount) shards")
        }
        self.init(frames: Array(frames), label: "shard-\(shard.index)-of-\(shard.count)")
    }

    private init(frames: [Int], label: String?) {
        self.frames = frames
        self.label = label
    }

    /// Where a file of this part goes by default: `out/<scene>.<label>.<ext>`
    /// (`out/intro.shard-2-of-8.mp4`), or `out/<scene>.<ext>` without a label.
    public func defaultFile(scene: String, extension ext: String) -> String {
        "out/" + ([scene] + (label.map { [$0] } ?? []) + [ext]).joined(separator: ".")
    }
}
