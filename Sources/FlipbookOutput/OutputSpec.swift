import FlipbookRender
import Foundation

/// What a render writes and where: the format, the path and the encoder settings. The one
/// place that decides, for the CLI and `Recorder` alike, which sink a format takes, the
/// default path of each, a GIF's timing and what happens to transparency.
///
/// A render asks it in order: `gifTiming(sceneFPS:)` (a GIF renders at its own rate),
/// then, with the frames known, `makeSink(scene:part:frame:)`.
public struct OutputSpec: Sendable, Equatable {
    /// What kind of file (or files) a render writes.
    public enum Format: String, Sendable, CaseIterable {
        /// One PNG file per frame in a folder (or one file for a still).
        case png
        /// H.264 video (yuv420p, no alpha).
        case mp4
        /// An animated GIF, at a frame rate that divides 100 (`GIFTiming`).
        case gif
        /// VP9 video, keeping alpha over a clear background.
        case webm
        /// ProRes 4444 video, keeping alpha over a clear background.
        case mov
        /// Render and write nothing (to measure).
        case none

        /// The ffmpeg format of a video format; nil for png and none.
        public var video: FFmpegSink.Format? { FFmpegSink.Format(rawValue: rawValue) }
    }

    /// Why an output cannot be made, and what to change.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The kind of output.
    public var format: Format
    /// Where to write: a folder for PNG frames, a file otherwise, `-` for standard output
    /// (a still or a video, `standardOutputProblem`); nil for the default
    /// (`defaultPath(scene:part:)`).
    public var path: String?

    /// The path that names standard output: `-o -`.
    public static let standardOutputPath = "-"

    /// Whether the output goes to standard output.
    public var isStandardOutput: Bool { path == Self.standardOutputPath }

    /// Why this output cannot go to standard output as one stream, in words; nil when it
    /// can: a still's PNG, or a video (MP4 and MOV fragmented, see `FFmpegSink`).
    public var standardOutputProblem: String? {
        switch format {
        case .png where still == nil:
            "PNG frames are files in a folder; -o - takes one PNG (--still N) or a video (--format mp4, gif, webm or mov)"
        case .none: "--format none writes nothing; leave out -o"
        default: nil
        }
    }
    /// The zlib level of PNG files, 0…9 (`defaultPNGCompression`, 1, is the fastest).
    public var pngCompression = Self.defaultPNGCompression
    /// The zlib level PNG files get unless asked otherwise: the fastest.
    public static let defaultPNGCompression = 1
    /// libx264's settings for MP4.
    public var h264 = FFmpegSink.H264()
    /// For a GIF: keep every Nth frame of the scene's own rate (see `GIFTiming`).
    public var everyNthFrame: Int?
    /// The frame of a one-frame render (`render --still`) as written: a number or `last`;
    /// it names the default file.
    public var still: String?

    public init(format: Format, path: String? = nil) {
        self.format = format
        self.path = path
    }

    /// The output a path names by its extension: `.mp4`, `.webm`, `.mov` or `.gif`, or PNG
    /// frames in a folder for a path without one.
    /// - Throws: `Failure` for any other extension.
    public init(path: URL) throws {
        let video = Format(fileExtension: path.pathExtension).flatMap { $0.video == nil ? nil : $0 }
        guard path.pathExtension.isEmpty || video != nil else {
            throw Failure(description: "cannot write '\(path.lastPathComponent)': name an .mp4, .webm, .mov or .gif file, "
                          + "or a folder without an extension for PNG frames")
        }
        self.init(format: video ?? .png, path: path.path)
    }

    /// How a GIF is timed for a scene at `sceneFPS`; nil for other formats. A render of a
    /// GIF runs at the timing's `renderFPS` and keeps the frames it selects.
    /// - Throws: `GIFTiming.Failure` when no GIF rate fits.
    public func gifTiming(sceneFPS: Double) throws -> GIFTiming? {
        guard format == .gif else { return nil }
        return try GIFTiming(sceneFPS: sceneFPS, everyNthFrame: everyNthFrame)
    }

    /// Where the output goes when no path is given: `out/<scene>/` for PNG frames,
    /// `out/<scene>-<N>.png` for a still, `out/<scene>.<part>.<ext>` for a video (the
    /// part's label keeps the parts of one render apart); nil for `none`.
    public func defaultPath(scene: String, part: RenderPart) -> String? {
        switch format {
        case .none: nil
        case .png: still.map { "out/" + PNGSequenceSink.stillFileName(scene: scene, frame: $0) } ?? "out/\(scene)"
        case .mp4, .gif, .webm, .mov: part.defaultFile(scene: scene, extension: format.rawValue)
        }
    }

    /// The folder of a render of PNG frames (not a still) to this output, with `manifest`
    /// (its `pngCompression` this output's), to `prepare` before the frames are written and
    /// `complete` after; nil for other formats.
    public func pngFolder(scene: String, part: RenderPart, manifest: PNGRenderFolder.Manifest) -> PNGRenderFolder? {
        guard format == .png, still == nil, !isStandardOutput, let path = path ?? defaultPath(scene: scene, part: part) else { return nil }
        var manifest = manifest
        manifest.pngCompression = pngCompression
        return PNGRenderFolder(folder: URL(fileURLWithPath: path), manifest: manifest)
    }

    /// A warning for the user before rendering, if any: an MP4 of a canvas that is not
    /// opaque loses its transparency, a GIF its partial transparency (a GIF pixel is opaque
    /// or clear: ffmpeg's `paletteuse` makes those at least half opaque opaque, the rest clear).
    public func warning(isOpaque: Bool) -> String? {
        guard !isOpaque else { return nil }
        let keepIt = "--format webm or mov keeps it"
        switch format {
        case .mp4:
            return "an mp4 (H.264, yuv420p) has no alpha: the clear background turns black; \(keepIt)"
        case .gif:
            return "a gif has 1-bit transparency: each pixel is opaque or clear, so partial transparency over the clear "
                + "background is lost (translucent views come out solid or vanish, so do soft shadows and antialiased edges); "
                + keepIt
        default:
            return nil
        }
    }

    /// The sink of this output and where it writes (nil for `none` and standard output).
    /// - Parameters:
    ///   - scene: the scene's name, for the default path.
    ///   - part: the part of the render, for the default path of a video.
    ///   - frame: the frames' size in pixels, their rate as played (a GIF's own) and
    ///     whether the canvas is opaque (else WebM and MOV keep the alpha channel).
    ///   - cancellation: what stops the render, if anything: a video sink then stops ffmpeg
    ///     at once and leaves no video (`FFmpegSink`).
    /// - Throws: the sink's errors (a folder that cannot be made, ffmpeg missing).
    public func makeSink(scene: String, part: RenderPart,
                         frame: (width: Int, height: Int, fps: Double, isOpaque: Bool),
                         cancellation: RenderCancellation? = nil) throws
        -> (sink: FrameSink, destination: String?) {
        if isStandardOutput {
            if let problem = standardOutputProblem { throw Failure(description: problem) }
            guard let video = format.video else {
                let level = pngCompression
                return (StandardOutputSink { try PNGCodec.encode($0, compressionLevel: level) }, nil)
            }
            return (try FFmpegSink(output: nil, width: frame.width, height: frame.height, fps: frame.fps, format: video,
                                   h264: h264, alpha: !frame.isOpaque, cancellation: cancellation), nil)
        }
        let destination = path ?? defaultPath(scene: scene, part: part)
        switch format {
        case .none:
            return (NullSink(), nil)
        case .png:
            let url = URL(fileURLWithPath: destination!)
            let sink = try still != nil ? PNGSequenceSink(still: url, compressionLevel: pngCompression)
                                        : PNGSequenceSink(directory: url, compressionLevel: pngCompression)
            return (sink, destination)
        case .mp4, .gif, .webm, .mov:
            let sink = try FFmpegSink(output: URL(fileURLWithPath: destination!), width: frame.width, height: frame.height,
                                      fps: frame.fps, format: format.video!, h264: h264, alpha: !frame.isOpaque,
                                      cancellation: cancellation)
            return (sink, destination)
        }
    }
}
