import ArgumentParser
import FlipbookOutput

/// `--frames` and `--shard`: which part of the render this command produces.
extension Render {
    func validateShard(format: Format) throws {
        guard shard != nil else { return }
        if frames != nil { throw ValidationError("--shard and --frames cannot be combined: a shard picks its own frames") }
        // Each GIF gets its own palette, so GIF segments cannot be joined without re-encoding.
        if format == .gif {
            throw ValidationError("--shard cannot split a gif (each part would get its own palette); "
                                  + "render shards as png or a video and make the gif from the whole")
        }
    }

    /// The frames to render of a render with `frameCount` frames, and the label of its file.
    func part(frameCount: Int) throws -> RenderPart {
        if let shard { return try RenderPart(shard: shard, frameCount: frameCount) }
        if let frames { return try RenderPart(selection: FrameSelection(frames), frameCount: frameCount) }
        return .whole(frameCount: frameCount)
    }
}
