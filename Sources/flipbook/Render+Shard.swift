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
    /// - Parameter gif: a GIF's timing, whose way of counting frames an error about
    ///   `--frames` past the end then says.
    func part(frameCount: Int, gif: GIFTiming?) throws -> RenderPart {
        if let shard { return try RenderPart(shard: shard, frameCount: frameCount) }
        guard let frames else { return .whole(frameCount: frameCount) }
        do {
            return try RenderPart(selection: FrameSelection(frames), frameCount: frameCount)
        } catch var error as FrameSelection.PastTheEnd {
            error.numbering = gif?.frameNumbering(example: error.frame)
            throw error
        }
    }
}
