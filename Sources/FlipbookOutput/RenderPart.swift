import FlipbookRender

/// The frames one render command produces (the whole render, a `--frames` selection or a
/// `--shard`) and the label its video file is named by, so that the parts of one
/// render, written side by side, overwrite neither each other nor the whole render.
///
/// Frames keep their numbers in the whole render: frame 120 of a part shows the scene
/// at t = 120 / fps, like frame 120 of a full render.
public struct RenderPart: Sendable, Equatable {
    /// The frame numbers, sorted, unique.
    public let frames: [Int]
    /// `shard-K-of-N` for a shard; for a selection short of the whole render, `frames-`
    /// and its runs of consecutive frames: `frames-A-B` for one range, `frames-0,25,50` or
    /// `frames-0-9,20-29` for a list (`selectionLabel`); nil for the whole render.
    public let label: String?

    public struct EmptyShard: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every frame of a render with `frameCount` frames.
    public static func whole(frameCount: Int) -> RenderPart {
        RenderPart(frames: Array(0..<frameCount), label: nil)
    }

    /// The frames `selection` picks from a render with `frameCount` frames.
    /// - Throws: `FrameSelection.PastTheEnd` when a frame lies past the render's last.
    public init(selection: FrameSelection, frameCount: Int) throws {
        let frames = try selection.indices(frameCount: frameCount)
        self.init(frames: frames, label: frames.count == frameCount ? nil : Self.selectionLabel(frames))
    }

    /// The longest run list a label spells out; a longer one keeps its first runs, says how
    /// many more there are, and ends in a hash of all the frames, so that the name stays far
    /// below a file name's 255 bytes and two different selections still get different names.
    static let longestSpelledLabel = 64

    /// `frames-` and the runs of consecutive `frames` (sorted, unique), comma-separated as
    /// `--frames` takes them: `frames-120-239`, `frames-0,25,50`, `frames-0-9,20-29`;
    /// past `longestSpelledLabel` characters `frames-0,2,4,and-497-more-1a2b3c4d`.
    static func selectionLabel(_ frames: [Int]) -> String {
        let spelled = FrameSelection.runs(of: frames).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
        let label = "frames-" + spelled.joined(separator: ",")
        guard label.count > longestSpelledLabel else { return label }
        var kept = "frames-"
        var keptRuns = 0
        while keptRuns < spelled.count, kept.count + spelled[keptRuns].count < longestSpelledLabel / 2 {
            kept += spelled[keptRuns] + ","
            keptRuns += 1
        }
        var hash = ContentHash()  // the same on every machine and run, unlike Swift's `Hasher`
        hash.add(Array(label.utf8))
        return kept + "and-\(spelled.count - keptRuns)-more-" + hash.hex.prefix(8)
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
