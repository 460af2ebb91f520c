import FlipbookRender
import Foundation

/// Encodes frames into a video by feeding raw BGRA pixels (straight alpha, as ffmpeg's
/// `bgra` expects) to the ffmpeg command on its standard input (no PNG round trip).
///
/// MP4 is H.264, yuv420p, padded to even dimensions, with `+faststart`; WebM is VP9
/// (libvpx-vp9) and MOV is ProRes 4444 (prores_ks), both keeping the alpha channel when
/// asked (yuva420p, yuva444p10le); the three are BT.709, matrix and tags. GIF uses a
/// palette generated from all its frames; its frame rate should divide 100 (`GIFTiming`).
public final class FFmpegSink: FrameSink {
    public enum Format: String, CaseIterable, Sendable {
        case mp4, gif, webm, mov
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// libx264's speed/size trade-off and quality for MP4.
    ///
    /// The default, `veryfast` at CRF 18, came from measuring the 1080p standard scene on
    /// two cores: `medium` encoded 1.7× slower and made ffmpeg peak at about 500 MB
    /// against 300 MB, for smaller files of the same quality (Benchmarks/RESULTS.md).
    public struct H264: Sendable, Equatable {
        /// x264's presets, fastest first.
        public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium",
                                     "slow", "slower", "veryslow"]
        /// One of `presets`.
        public var preset: String
        /// Constant rate factor, 0 (lossless) … 51; lower is better quality.
        public var crf: Int

        public init(preset: String = "veryfast", crf: Int = 18) {
            self.preset = preset
            self.crf = crf
        }
    }

    public let output: URL
    /// Where ffmpeg writes until it has finished.
    private let partial: PartialOutput
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]
    private let process = Process()
    private let input: FileHandle
    private let errorLog: URL

    /// Starts ffmpeg writing `output`; frames must be `width`×`height` pixels.
    ///
    /// `alpha` keeps the frames' transparency in WebM and MOV (for a scene with a clear
    /// background); MP4 has no alpha channel, and GIF always keeps fully transparent pixels.
    /// - Throws: `Failure` when ffmpeg cannot be found or started.
    public init(output: URL, width: Int, height: Int, fps: Double, format: Format, h264: H264 = H264(),
                alpha: Bool = false) throws {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else {
            throw Failure(description: "ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg) or render --format png")
        }
        self.output = output
        partial = PartialOutput(output)
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Beside the partial output, so two sinks writing the same file name in different
        // folders never share (or remove) each other's log.
        errorLog = partial.url.appendingPathExtension("log")
        FileManager.default.createFile(atPath: errorLog.path, contents: nil)

        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                             "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)",
                             "-framerate", String(fps), "-i", "-"]
            + Self.encodingArguments(format: format, fps: fps, h264: h264, alpha: alpha) + [partial.url.path]
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        do {
            process.standardError = try FileHandle(forWritingTo: errorLog)
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: errorLog)
            throw Failure(description: "cannot start ffmpeg: \(error.localizedDescription)")
        }
        encoder = { frame in
            guard frame.width == width, frame.height == height else {
                throw Failure(description: "frame is \(frame.width)×\(frame.height), the video \(width)×\(height)")
            }
            return frame.straightAlphaPixels
        }
    }

    /// ffmpeg's output options for `format` (after the input).
    public static func encodingArguments(format: Format, fps: Double, h264: H264 = H264(),
                                         alpha: Bool = false) -> [String] {
        let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        /// BGRA to Y'CbCr with the BT.709 matrix in video range.
        func convert(to pixelFormat: String) -> String {
            "scale=out_color_matrix=bt709:out_range=tv,format=\(pixelFormat)"
        }
        switch format {
        case .mp4:
            return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2," + convert(to: "yuv420p"),
                    "-c:v", "libx264", "-preset", h264.preset, "-crf", String(h264.crf), "-pix_fmt", "yuv420p"]
                + bt709 + ["-movflags", "+faststart"]
        case .gif:
            return ["-filter_complex", "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                    "-loop", "0"]
        case .webm:
            // libvpx's "good" quality at speed 4 with row threading: several times faster
            // than its default speed 1 for a slightly larger file. +bitexact leaves out the
            // random segment id Matroska otherwise writes, so the bytes repeat.
            let pixelFormat = alpha ? "yuva420p" : "yuv420p"
            return ["-vf", convert(to: pixelFormat), "-c:v", "libvpx-vp9", "-pix_fmt", pixelFormat,
                    "-crf", "32", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"]
                + bt709 + ["-fflags", "+bitexact"]
        case .mov:
            let pixelFormat = alpha ? "yuva444p10le" : "yuv444p10le"
            return ["-vf", convert(to: pixelFormat), "-c:v", "prores_ks", "-profile:v", "4444",
                    "-vendor", "apl0", "-pix_fmt", pixelFormat]
                + bt709 + ["-fflags", "+bitexact"]
        }
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        do {
            try input.write(contentsOf: bytes)
        } catch {
            process.waitUntilExit()
            throw Failure(description: "ffmpeg stopped taking frames at frame \(frame): \(errorText())")
        }
    }

    public func finish() throws {
        try? input.close()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: errorLog) }
        guard process.terminationStatus == 0 else {
            partial.discard()
            throw Failure(description: "ffmpeg failed (exit \(process.terminationStatus)) writing \(output.path): \(errorText())")
        }
        do {
            try partial.commit()
        } catch {
            throw Failure(description: "cannot move \(partial.url.path) to \(output.path): \(error.localizedDescription)")
        }
    }

    public func cancel() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorLog)
        partial.discard()
    }

    private func errorText() -> String {
        ExternalTool.lastLines(of: (try? Data(contentsOf: errorLog)) ?? Data())
    }
}
