import ArgumentParser
import FlipbookOutput
import FlipbookScene
import Foundation

extension SceneError: SceneErrorMarker {}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to PNG frames, one PNG, an MP4, WebM, MOV or GIF (or nowhere, to measure).",
        discussion: "A render has round(duration · fps) + 1 frames: frame i shows t = i / fps.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, mp4, gif, webm, mov, none
    }

    @Argument(help: "The scene file (.yaml or .json).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a folder for png, a file otherwise.",
        discussion: "Default: out/<scene>/ for png, out/<scene>-<N>.png for --still, out/<scene>.<format> otherwise."))
    var output: String?

    @Option(help: ArgumentHelp(
        "png (one file per frame), mp4 (H.264), gif, webm (VP9), mov (ProRes 4444), or none (render, write nothing: for timing).",
        discussion: """
            webm and mov keep transparency when the scene's canvas background is clear. A GIF plays \
            at a rate that divides 100: by default the largest one not above the scene's fps, \
            frames rendered at those times (frame numbers in --frames count at that rate).
            """))
    var format: Format = .png

    @Option(help: ArgumentHelp("Render only frame N (a number or 'last') to one PNG.", valueName: "N"))
    var still: String?

    @Option(help: ArgumentHelp(
        "For gif: keep every Nth frame of the scene's own fps instead; fps / N must divide 100.",
        valueName: "N"))
    var everyNthFrame: Int?

    @Option(help: ArgumentHelp("Frames to render: 120-239, 300-, 0,30,60 or last.", valueName: "spec"))
    var frames: String?

    @Flag(help: "Print where the time went (loading, simulation, drawing, encoding, writing; CPU time) on stderr.")
    var stats = false

    @Option(help: ArgumentHelp("Render the K-th of N near-equal parts (K from 0), to join later; see flipbook join.",
                               valueName: "K/N"), transform: FrameShard.init)
    var shard: FrameShard?

    @Option(help: "Override the scene's frames per second.")
    var fps: Double?

    @Option(help: "Override the scene's pixels per point.")
    var scale: Double?

    @Option(help: "Worker threads; the output does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "auto (a status line on a terminal), json (one object per line) or none.")
    var progress: ProgressReporter.Mode = .auto

    @Option(name: [.customLong("png-compression"), .customLong("compression")], help: ArgumentHelp(
        "PNG compression: the zlib level, 0-9 (0 stores, 1 is the fastest, 9 the smallest).",
        discussion: "The pixels do not depend on it, only the file size and the time taken."))
    var compression: Int = 1

    @Option(help: ArgumentHelp("H.264 preset for mp4 (libx264): ultrafast … veryslow.",
                               valueName: "preset"))
    var preset: String = FFmpegSink.H264().preset

    @Option(help: "H.264 constant rate factor for mp4, 0 (lossless) … 51.")
    var crf: Int = FFmpegSink.H264().crf

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard (0...9).contains(compression) else { throw ValidationError("--png-compression must be 0…9") }
        guard FFmpegSink.H264.presets.contains(preset) else {
            throw ValidationError("--preset must be one of \(FFmpegSink.H264.presets.joined(separator: ", "))")
        }
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be 0…51") }
        if let frames { _ = try FrameSelection(frames) }
        try validateShard()
        if format == .none, output != nil { throw ValidationError("--format none writes nothing; leave out --output") }
        if let still {
            guard still == "last" || (Int(still) ?? -1) >= 0 else {
                throw ValidationError("--still takes a frame number or 'last', got '\(still)'")
            }
            guard frames == nil, shard == nil else { throw ValidationError("--still renders one frame; leave out --frames and --shard") }
            guard format == .png else { throw ValidationError("--still writes a PNG; leave out --format") }
        }
        if let everyNthFrame {
            guard format == .gif else { throw ValidationError("--every-nth-frame is for --format gif") }
            guard everyNthFrame >= 1 else { throw ValidationError("--every-nth-frame must be at least 1") }
        }
    }

    func run() throws {
        try MainActor.assumeIsolated {
            do {
                try render()
            } catch let error as ExitCode {
                throw error
            } catch {
                throw fail(error)
            }
        }
    }

    @MainActor
    private func render() throws {
        let statistics = PipelineStatistics()
        var scene = try statistics.measure(.loading) { try SceneLoader.load(path: self.scene) }
        if let fps { scene.canvas.fps = fps }
        if let scale { scene.canvas.scale = scale }
        if let problem = scene.canvas.problem { throw ValidationError("--fps/--scale: \(problem)") }
        let gif = format == .gif ? try GIFTiming(sceneFPS: scene.canvas.fps, everyNthFrame: everyNthFrame) : nil
        if let gif { scene.canvas.fps = gif.renderFPS }
        let part = try part(frameCount: scene.frameCount)
        var indices = try still.map { try FrameSelection($0).indices(frameCount: scene.frameCount) } ?? part.frames
        if let gif { indices = try gif.frames(of: indices) }
        let run = SceneRun(scene: scene)
        let sink: FrameSink
        let destination: String?
        switch format {
        case .png:
            if let still {
                let file = output ?? "out/" + PNGSequenceSink.stillFileName(scene: scene.name, frame: still)
                destination = file
                sink = try PNGSequenceSink(still: URL(fileURLWithPath: file), compressionLevel: compression)
            } else {
                let folder = output ?? "out/\(scene.name)"
                destination = folder
                sink = try PNGSequenceSink(directory: URL(fileURLWithPath: folder), compressionLevel: compression)
            }
        case .none:
            destination = nil
            sink = NullSink()
        case .mp4, .gif, .webm, .mov:
            if format == .mp4, !scene.canvas.isOpaque {
                FileHandle.standardError.write(Data(("flipbook: warning: an mp4 (H.264, yuv420p) has no alpha: the clear "
                    + "background turns black; --format webm or mov keeps it\n").utf8))
            }
            let file = output ?? part.defaultFile(scene: scene.name, extension: format.rawValue)
            destination = file
            sink = try FFmpegSink(output: URL(fileURLWithPath: file), width: scene.canvas.pixelWidth,
                                  height: scene.canvas.pixelHeight, fps: gif.map { Double($0.fps) } ?? scene.canvas.fps,
                                  format: format.video!,
                                  h264: FFmpegSink.H264(preset: preset, crf: crf), alpha: !scene.canvas.isOpaque)
        }
        try FramePipeline(jobs: jobs).run(
            frames: indices, snapshot: run.renderTree(atFrame:), sink: sink,
            progress: ProgressReporter(mode: progress, label: scene.name), statistics: statistics)
        if stats { FileHandle.standardError.write(Data("flipbook: \(scene.name): \(statistics.summary)\n".utf8)) }
        if let destination { print(destination) }
    }
}

extension ProgressReporter.Mode: ExpressibleByArgument {}

extension Render.Format {
    /// The ffmpeg format of a video format; nil for png and none.
    var video: FFmpegSink.Format? { FFmpegSink.Format(rawValue: rawValue) }
}
