import ArgumentParser
import FlipbookOutput

/// The options only one format uses: given for another, they are refused, naming the format
/// they are for, rather than doing nothing (ffmpeg's arguments for webm and mov are fixed, and
/// a GIF has no quality setting; see `FFmpegSink.encodingArguments`).
extension Render {
    /// Each such option: its name, whether it was given, and the format that uses it (with
    /// what of it, for the message).
    private var formatOptions: [(name: String, isGiven: Bool, format: Format, detail: String)] {
        [("--every-nth-frame", everyNthFrame != nil, .gif, ""),
         ("--crf", crf != nil, .mp4, " (libx264)"),
         ("--preset", preset != nil, .mp4, " (libx264)"),
         ("--png-compression", compression != nil, .png, " (frames, or one with --still)")]
    }

    /// - Throws: a `ValidationError` naming the first option given that `format` does not use.
    func validateFormatOptions(_ format: Format) throws {
        for option in formatOptions where option.isGiven && option.format != format {
            throw ValidationError("\(option.name) is for --format \(option.format.rawValue)\(option.detail), not \(format.rawValue)")
        }
    }

    /// The zlib level of the PNG files: `--png-compression`, else the default.
    var pngCompression: Int { compression ?? OutputSpec.defaultPNGCompression }
}
