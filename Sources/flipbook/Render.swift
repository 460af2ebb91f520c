import ArgumentParser
import FlipbookOutput
import FlipbookScene
import Foundation

extension SceneError: SceneErrorMarker {}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to PNG frames, an MP4 or a GIF (or nowhere, to measure).",
        discussion: "A render has round(duration · fps) + 1 frames: frame i shows t = i / fps.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, mp4, gif, none
    }

    @Argument(help: "The scene file (.yaml or .json).")
    var scene: String

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write: a folder for png, a file otherwise.",
        discussion: "Default: out/<scene>/ for png, out/<scene>.<format> otherwise."))
    var output: String?

    @Option(help: "png (one file per frame), mp4 (H.264), gif, or none (render, write nothing: for timing).")
    var format: Format = .png

    @Option(help: ArgumentHelp("Frames to render: 120-239, 300-, 0,30,60 or last.", valueName: "spec"))
    var frames: String?

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

    @Option(help: ArgumentHelp(
        "PNG compression: the zlib level, 0-9 (0 stores, 1 is the fastest, 9 the smallest).",
        discussion: "The pixels do not depend on it, only the file size and the time taken."))
    var compression: Int = 1

    @Option(help: ArgumentHelp("H.264 preset for mp4 (libx264): ultrafast … veryslow; default veryfast.",
                               valueName: "preset"))
    var preset: String = FFmpegSink.H264().preset

    @Option(help: "H.264 constant rate factor for mp4, 0 (lossless) … 51; default 18.")
    var crf: Int = FFmpegSink.H264().crf

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0…9") }
        guard FFmpegSink.H264.presets.contains(preset) else {
            throw ValidationError("--preset must be one of \(FFmpegSink.H264.presets.joined(separator: ", "))")
        }
        guard (0...51).contains(crf) else { throw ValidationError("--crf must be 0…51") }
        if let frames { _ = try FrameSelection(frames) }
        try validateShard()
        if format == .none, output != nil { throw ValidationError("--format none writes nothing; leave out --output") }
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
        var scene = try SceneLoader.load(path: self.scene)
        if let fps { scene.canvas.fps = fps }
        if let scale { scene.canvas.scale = scale }
        if let problem = scene.canvas.problem { throw ValidationError("--fps/--scale: \(problem)") }
        let part = try part(frameCount: scene.frameCount)
        let run = SceneRun(scene: scene)
        let sink: FrameSink
        let destination: String?
        switch format {
        case .png:
            let folder = output ?? "out/\(scene.name)"
            destination = folder
            sink = try PNGSequenceSink(directory: URL(fileURLWithPath: folder), compressionLevel: compression)
        case .none:
            destination = nil
            sink = NullSink()
        case .mp4, .gif:
            let file = output ?? part.defaultFile(scene: scene.name, extension: format.rawValue)
            destination = file
            sink = try FFmpegSink(output: URL(fileURLWithPath: file), width: scene.canvas.pixelWidth,
                                  height: scene.canvas.pixelHeight, fps: scene.canvas.fps,
                                  format: FFmpegSink.Format(rawValue: format.rawValue)!,
                                  h264: FFmpegSink.H264(preset: preset, crf: crf))
        }
        try FramePipeline(jobs: jobs).run(
            frames: part.frames, snapshot: run.renderTree(atFrame:), sink: sink,
            progress: ProgressReporter(mode: progress, label: scene.name))
        if let destination { print(destination) }
    }
}

extension ProgressReporter.Mode: ExpressibleByArgument {}
