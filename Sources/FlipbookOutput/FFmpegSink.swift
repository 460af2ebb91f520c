import FlipbookRender
import Foundation

/// Encodes frames into a video by feeding raw BGRA pixels (straight alpha, as ffmpeg's
/// `bgra` expects) to the ffmpeg command on its standard input (no PNG round trip).
///
/// The frames go in NUT (`NUTVideoStream`), each with its place in the video, so a frame
/// that repeats the one before (`writeRepeat`) is not sent again: ffmpeg's `fps` filter,
/// last in the chain, repeats the converted frame, and the encoder sees the same
/// frames as if every one had been sent.
///
/// MP4 is H.264, yuv420p, an odd side grown by a copy of its last pixels, with `+faststart`
/// (fragmented instead on standard output); WebM is VP9
/// (libvpx-vp9) and MOV is ProRes 4444 (prores_ks), both keeping the alpha channel when
/// asked (yuva420p, yuva444p10le); the three are BT.709, matrix and tags. GIF uses a
/// palette generated from all its frames; its frame rate should divide 100 (`GIFTiming`).
public final class FFmpegSink: FrameSink {
    public enum Format: String, CaseIterable, Sendable {
        case mp4, gif, webm, mov
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// ffmpeg's log, kept beside the output when ffmpeg itself failed.
        public var log: URL?
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

    /// The video file; nil when the video goes to standard output as it is encoded.
    public let output: URL?
    /// Where ffmpeg writes until it has finished (nil for standard output).
    private let partial: PartialOutput?
    public let encoder: @Sendable (FramePixels) throws -> [UInt8]
    private let process = Process()
    /// What stops the render, if anything: it stops ffmpeg at once, and a video is moved to
    /// its final name only if it has not.
    private let cancellation: RenderCancellation?
    private let input: FileHandle
    private let errorLog: URL
    /// Set once ffmpeg's failure has kept its log to show the user (`errorLog` itself for
    /// standard output), so that `cancel` leaves it.
    private var keptLog: URL?
    private let stream: NUTVideoStream
    /// The frames written or repeated so far; the next frame's place in the video.
    private var count = 0
    /// The last frame repeated since the last one sent, with its bytes: sent at the end,
    /// so the video lasts to its last frame.
    private var held: (bytes: [UInt8], frame: Int)?

    /// Starts ffmpeg writing `output`, or standard output for nil (a pipe: MP4 and MOV are
    /// then fragmented, `+frag_keyframe+empty_moov`, as the index at the start that
    /// `+faststart` writes needs a file to seek in); frames must be `width`×`height` pixels.
    ///
    /// `alpha` keeps the frames' transparency in WebM and MOV (for a scene with a clear
    /// background); MP4 has no alpha channel, and GIF keeps 1 bit of it: a pixel at least half
    /// opaque is opaque, any other clear (`paletteuse`'s threshold).
    /// Once `cancellation` is cancelled, ffmpeg is stopped (even while it flushes its last
    /// frames) and `finish` leaves no video.
    /// - Throws: `Failure` when ffmpeg cannot be found or started; `OutputPlace.Failure` when
    ///   `output` is a folder or its folder cannot be made.
    public init(output: URL?, width: Int, height: Int, fps: Double, format: Format, h264: H264 = H264(),
                alpha: Bool = false, cancellation: RenderCancellation? = nil) throws {
        guard let ffmpeg = ExternalTool.find("ffmpeg") else {
            throw Failure(description: "ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg) or render --format png")
        }
        self.output = output
        self.cancellation = cancellation
        partial = output.map(PartialOutput.init)
        if let output, let partial {
            try OutputPlace.checkFile(output, writer: "a video render")
            try OutputPlace.checkFile(partial.url, writer: "a video render (until it is finished)")
            try OutputPlace.makeFolder(output.deletingLastPathComponent())
            // Beside the partial output, so two sinks writing the same file name in different
            // folders never share (or remove) each other's log.
            errorLog = partial.url.appendingPathExtension("log")
        } else {
            errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-ffmpeg-\(UUID()).log")
        }
        do {
            try Data().write(to: errorLog)
        } catch {
            throw OutputPlace.Failure(description: "cannot write in \(errorLog.deletingLastPathComponent().relativePath): "
                                      + "\(OutputPlace.reason(error)) — check its permissions or choose another path")
        }

        let pipe = Pipe()
        input = pipe.fileHandleForWriting
        stream = NUTVideoStream(width: width, height: height, fps: fps)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        // -xerror: an error writing the file (disk full, a size limit) fails ffmpeg, which
        // otherwise reports it and exits 0 with a truncated video.
        process.arguments = ["-hide_banner", "-loglevel", "error", "-xerror", "-y", "-f", "nut", "-i", "-"]
            + Self.encodingArguments(format: format, width: width, height: height, fps: fps, h264: h264, alpha: alpha,
                                     streamed: output == nil)
            + [partial?.url.path ?? "pipe:1"]
        process.standardInput = pipe
        process.standardOutput = output == nil ? FileHandle.standardOutput : FileHandle.nullDevice
        do {
            process.standardError = try FileHandle(forWritingTo: errorLog)
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: errorLog)
            throw Failure(description: "cannot start ffmpeg: \(error.localizedDescription)")
        }
        // Foundation's Process starts ffmpeg in a process group of its own
        // (POSIX_SPAWN_SETPGROUP), so a Ctrl-C at a terminal reaches only flipbook, which
        // stops ffmpeg here: at once, not at the next batch or after a long final flush.
        cancellation?.whenCancelled { [process] _ in
            if process.isRunning { process.terminate() }
        }
        encoder = { frame in
            guard frame.width == width, frame.height == height else {
                throw Failure(description: "frame is \(frame.width)×\(frame.height), the video \(width)×\(height)")
            }
            return frame.straightAlphaPixels
        }
        do {
            try input.write(contentsOf: stream.header)
        } catch {
            let failure = ffmpegFailed("stopped before the first frame")
            cancel()
            throw failure
        }
    }

    /// ffmpeg's output options for `format` (after the input) of frames `width`×`height`
    /// pixels; `streamed` for a pipe, which names no file to take the format from and
    /// cannot be sought in.
    ///
    /// Each filter chain ends in (GIF: starts with) `fps`, which repeats a held frame
    /// until the next frame's timestamp, so the conversions before it run once per frame
    /// sent.
    public static func encodingArguments(format: Format, width: Int, height: Int, fps: Double, h264: H264 = H264(),
                                         alpha: Bool = false, streamed: Bool = false) -> [String] {
        let arguments = codecArguments(format: format, width: width, height: height, fps: fps, h264: h264, alpha: alpha,
                                       streamed: streamed)
        return streamed ? arguments + ["-f", format.rawValue] : arguments  // no file name to take it from
    }

    /// The filters that make a frame's sides even, as yuv420p's halved chroma needs: an odd
    /// side grows by one pixel that copies its neighbour (`pad` adds the pixel, black;
    /// `fillborders` smears the last column or row over it, so no dark edge shows or bleeds
    /// into the chroma of the edge); nothing for even sides.
    static func evenSides(width: Int, height: Int) -> String {
        let right = width % 2, bottom = height % 2
        guard right + bottom > 0 else { return "" }
        return "pad=\(width + right):\(height + bottom),fillborders=right=\(right):bottom=\(bottom):mode=smear,"
    }

    /// The filters and codec of `format`, and for MP4 and MOV the container's layout: moved
    /// to the front for a file (`+faststart`, which seeks), fragmented for a pipe.
    private static func codecArguments(format: Format, width: Int, height: Int, fps: Double, h264: H264, alpha: Bool,
                                       streamed: Bool) -> [String] {
        let fragmented = ["-movflags", "+frag_keyframe+empty_moov+default_base_moof"]
        let bt709 = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let rate = NUTVideoStream.fraction(approximating: fps)
        let repeatHeld = "fps=\(rate.numerator)/\(rate.denominator)"
        /// BGRA to Y'CbCr with the BT.709 matrix in video range, then the held frames.
        func convert(to pixelFormat: String) -> String {
            "scale=out_color_matrix=bt709:out_range=tv,format=\(pixelFormat),\(repeatHeld)"
        }
        switch format {
        case .mp4:
            return ["-vf", evenSides(width: width, height: height) + convert(to: "yuv420p"),
                    "-c:v", "libx264", "-preset", h264.preset, "-crf", String(h264.crf), "-pix_fmt", "yuv420p"]
                + bt709 + (streamed ? fragmented : ["-movflags", "+faststart"])
        case .gif:
            // `fps` first: the palette counts a held frame as often as it shows.
            return ["-filter_complex", "\(repeatHeld),split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
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
                + bt709 + ["-fflags", "+bitexact"] + (streamed ? fragmented : [])
        }
    }

    public func write(_ bytes: [UInt8], frame: Int) throws {
        held = nil
        try send(bytes, at: count, frame: frame)
        count += 1
    }

    /// Sends nothing now: ffmpeg repeats the frame before until the next one sent. A
    /// first frame has none before it, so it is sent.
    public func writeRepeat(_ bytes: [UInt8], frame: Int) throws {
        guard count > 0 else { return try write(bytes, frame: frame) }
        held = (bytes, frame)
        count += 1
    }

    /// Sends `bytes` as frame `index` of the video (scene frame `frame`, for errors).
    private func send(_ bytes: [UInt8], at index: Int, frame: Int) throws {
        do {
            try input.write(contentsOf: stream.frameHeader(index: index, size: bytes.count))
            try input.write(contentsOf: bytes)
        } catch {
            try cancellation?.check()  // ffmpeg stopped because the render was
            throw ffmpegFailed("stopped taking frames at frame \(frame)")
        }
    }

    public func finish() throws {
        if let held {
            try send(held.bytes, at: count - 1, frame: held.frame)
            self.held = nil
        }
        try? input.close()
        process.waitUntilExit()
        // Stopped while ffmpeg flushed: whatever it wrote goes (the pipeline cancels this sink).
        try cancellation?.check()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let failure = ffmpegFailed("failed")
            partial?.discard()
            throw failure
        }
        try? FileManager.default.removeItem(at: errorLog)
        guard let partial, let output else { return }
        do {
            // The video appears only if the render was not stopped before this rename.
            if let cancellation { try cancellation.finishing(partial.commit) } else { try partial.commit() }
        } catch let stopped as RenderCancellation.Stopped {
            throw stopped
        } catch {
            throw Failure(description: "cannot move \(partial.url.relativePath) to \(output.relativePath): \(OutputPlace.reason(error))")
        }
    }

    /// Stops ffmpeg (closing its input, then SIGTERM) and waits for it, so no encoder is
    /// left running; removes the partial video and ffmpeg's log, unless a failure of ffmpeg's
    /// own kept the log to show (moved beside the output, or the temporary one of standard output).
    public func cancel() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if keptLog != errorLog { try? FileManager.default.removeItem(at: errorLog) }
        partial?.discard()
    }

    /// The error of an ffmpeg that `what` ("stopped taking frames at frame 40"), once it has
    /// exited: how it ended, the last lines of its log, and where the whole log is kept
    /// (`<output>.ffmpeg.log`, or the temporary log for standard output) when it has
    /// anything to say. For standard output that its reader closed (`… -o - | head`), ffmpeg
    /// failed only because the reader went: `StandardOutputClosed`, and no log.
    private func ffmpegFailed(_ what: String) -> any Error {
        process.waitUntilExit()
        if output == nil, StandardOutputClosed.readerHasGone {
            try? FileManager.default.removeItem(at: errorLog)
            return StandardOutputClosed()
        }
        let ending = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                                                                   : "exit \(process.terminationStatus)"
        let text = (try? Data(contentsOf: errorLog)) ?? Data()
        var description = "ffmpeg \(what) (\(ending)) writing \(output?.relativePath ?? "standard output")"
        var kept: URL?
        if text.isEmpty {
            try? FileManager.default.removeItem(at: errorLog)
        } else {
            let log = output?.appendingPathExtension("ffmpeg.log") ?? errorLog
            // Replaces an earlier log, never a folder of that name (rename(2) refuses one).
            if log == errorLog || rename(errorLog.path, log.path) == 0 { kept = log }
            description += ": \(ExternalTool.lastLines(of: text))"
            if let kept { description += "\n(ffmpeg's whole log: \(kept.relativePath))" }
        }
        keptLog = kept
        return Failure(description: description + "; no video was written", log: kept)
    }
}
