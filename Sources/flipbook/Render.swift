import ArgumentParser
import FlipbookOutput
import FlipbookScene
import Foundation

struct Render: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to PNG frames, one PNG, an MP4, WebM, MOV or GIF (or nowhere, to measure).",
        discussion: """
            A render has round(duration · fps) + 1 frames: frame i shows t = i / fps.

            Without --format, -o's extension picks it: .mp4, .mov, .webm or .gif that video, \
            any other path (no extension, a trailing /, out/run.v2) a folder of PNG frames (as \
            ffmpeg goes by the output's name). A -o that contradicts --format or --still (a .gif \
            for --format mp4, a folder for a video, anything but a .png for --still, a .mkv or \
            .jpg) is refused before rendering.

            -o is a folder for png and a file otherwise; by default out/<scene>/ for png, \
            out/<scene>-<N>.png for --still, out/<scene>.<format> otherwise (a part of a \
            render, --frames or --shard, adds its label: out/<scene>.frames-0,30,60.gif, \
            out/<scene>.shard-0-of-4.mp4). \
            -o - writes a --still PNG or a video to standard output, for a pipe \
            (flipbook render scene.yaml --format mp4 -o - | ffplay -); an mp4 or mov is then \
            fragmented. A reader that closes the pipe early stops the render quietly, as it \
            stops cat (killed by SIGPIPE: status 141).

            --quality low|medium|high|production sets the scale so that the canvas's shorter \
            side is 480, 720, 1080 or 1440 pixels (low and medium only ever lower the scene's own \
            scale: a smaller canvas keeps its size), caps the fps at 15, 30, 60 or 60 and sets the \
            crf to 28, 23, 18 or 15 (like Manim's -ql, -qm, -qh, -qp); --scale, --fps and --crf \
            given beside it win.
            """)

    typealias Format = OutputSpec.Format

    @OptionGroup var input: SceneInput

    @OptionGroup var destination: OutputOption

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "png (one file per frame), mp4 (H.264), gif, webm (VP9), mov (ProRes 4444), or none (render, write nothing: for timing); "
        + "default: -o's extension, else png.",
        discussion: """
            webm and mov keep transparency when the scene's canvas background is clear. A GIF plays \
            at a rate that divides 100: by default the largest one not above the scene's fps, \
            frames rendered at those times (frame numbers in --frames count at that rate).
            """))
    var givenFormat: Format?

    /// The format written: `--format`, else the one `-o`'s extension names, else png.
    /// - Throws: a `ValidationError` when `-o` and `--format` (or `--still`) disagree.
    func format() throws -> Format {
        do {
            return try OutputSpec.format(givenFormat, path: destination.output, still: still != nil)
        } catch let failure as OutputSpec.Failure {
            throw ValidationError(failure.description)
        }
    }

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

    @Flag(help: ArgumentHelp(
        "For png: remove frame files in the folder that no earlier render's flipbook-render.json accounts for.",
        discussion: "Frames of an earlier, different Flipbook render are removed without it."))
    var force = false

    @Flag(help: ArgumentHelp(
        "For png: keep the whole frames an interrupted render of the same scene and settings left, and render the rest.",
        discussion: "--png-compression may differ: the new frames take the new level, the pixels are the same."))
    var resume = false

    @Option(help: "Override the scene's frames per second.")
    var fps: Double?

    @Option(help: "Override the scene's pixels per point.")
    var scale: Double?

    @Option(help: ArgumentHelp("A preset of scale, fps cap and crf: low, medium, high or production (see above).",
                               valueName: "preset"))
    var quality: RenderQuality?

    @OptionGroup var workers: JobsOption

    @Option(help: "auto (a status line on a terminal), json (one object per line) or none.")
    var progress: ProgressReporter.Mode = .auto

    @Option(name: [.customLong("png-compression"), .customLong("compression")], help: ArgumentHelp(
        "For png: the zlib level, 0-9 (0 stores, 1 is the fastest, 9 the smallest; default: \(OutputSpec.defaultPNGCompression)).",
        discussion: "The pixels do not depend on it, only the file size and the time taken, so --resume and other "
            + "--frames ranges into one folder may use another level (flipbook-render.json lists them)."))
    var compression: Int?

    @Option(help: ArgumentHelp("For mp4: the H.264 preset (libx264), ultrafast … veryslow (default: \(FFmpegSink.H264().preset)).",
                               valueName: "preset"))
    var preset: String?

    @Option(help: "For mp4: the H.264 constant rate factor, 0 (lossless) … 51 (default: \(FFmpegSink.H264().crf), or the --quality's).")
    var crf: Int?

    func validate() throws {
        if let still {
            guard still == "last" || (Int(still) ?? -1) >= 0 else {
                throw ValidationError("--still takes a frame number or 'last', got '\(still)'")
            }
            guard frames == nil, shard == nil else { throw ValidationError("--still renders one frame; leave out --frames and --shard") }
            guard givenFormat ?? .png == .png else { throw ValidationError("--still writes a PNG; leave out --format") }
        }
        let format = try format()
        if destination.output == OutputSpec.standardOutputPath {
            if let problem = try outputSpec().standardOutputProblem { throw ValidationError("-o -: " + problem) }
            guard isatty(STDOUT_FILENO) == 0 else {
                throw ValidationError("-o - writes binary data, and standard output is a terminal; pipe it "
                                      + "(… -o - | ffplay -) or redirect it (… -o - > file)")
            }
        }
        if let frames { _ = try FrameSelection(frames) }
        try validateShard(format: format)
        if format == .none, destination.output != nil { throw ValidationError("--format none writes nothing; leave out --output") }
        if force || resume {
            guard format == .png, still == nil else {
                throw ValidationError("--force and --resume are for PNG frames in a folder (--format png, no --still)")
            }
        }
        // Whether an option applies to the format comes before its range.
        try validateFormatOptions(format)
        if let compression, !(0...9).contains(compression) { throw ValidationError("--png-compression must be 0…9") }
        if let preset, !FFmpegSink.H264.presets.contains(preset) {
            throw ValidationError("--preset must be one of \(FFmpegSink.H264.presets.joined(separator: ", "))")
        }
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be 0…51") }
        if let everyNthFrame, everyNthFrame < 1 { throw ValidationError("--every-nth-frame must be at least 1") }
    }

    func perform() throws {
        let statistics = PipelineStatistics()
        let measured = try statistics.measure(.loading) { try input.loadAndMeasure() }
        var scene = measured.scene
        let duration = measured.duration
        if let quality {
            scene.canvas.scale = quality.scale(forCanvas: scene.canvas.size, sceneScale: scene.canvas.scale)
            scene.canvas.fps = min(scene.canvas.fps, quality.maximumFPS)
        }
        if let fps { scene.canvas.fps = fps }
        if let scale { scene.canvas.scale = scale }
        if fps != nil || scale != nil || quality != nil {
            // The loader checked the scene's own values; the frame limit bounds a scene that
            // gives canvas.duration (docs/scene-format.md), and a still has one frame.
            let bounded = scene.canvas.duration != nil && still == nil ? duration : 0
            if let problem = scene.canvas.problem ?? input.loading.options.limits.problem(canvas: scene.canvas, duration: bounded) {
                throw ValidationError((quality == nil ? "--fps/--scale: " : "--fps/--scale/--quality: ") + problem)
            }
        }
        let output = try outputSpec()
        let gif = try output.gifTiming(sceneFPS: scene.canvas.fps)
        if let gif { scene.canvas.fps = gif.renderFPS }
        let frameCount = scene.frameCount(duration: duration)
        let part = try part(frameCount: frameCount, gif: gif)
        var indices = try still.map { try FrameSelection($0).indices(frameCount: frameCount) } ?? part.frames
        if let gif { indices = try gif.frames(of: indices) }
        let run = SceneRun(scene: scene)
        if let warning = output.warning(isOpaque: scene.canvas.isOpaque) { warn(warning) }
        let canvas = scene.canvas
        var folder: PNGRenderFolder?
        (folder, indices) = try preparePNGFolder(output, scene: scene, part: part, frameCount: frameCount, frames: indices)
        var path: String?
        try stoppingOnSignals(scene: scene.name, output: output) { cancellation in
            // The sink starts ffmpeg: made here, a signal from then on stops and cleans it up.
            let made = try output.makeSink(
                scene: scene.name, part: part,
                frame: (canvas.pixelWidth, canvas.pixelHeight, gif.map { Double($0.fps) } ?? canvas.fps, canvas.isOpaque),
                cancellation: cancellation)
            path = made.destination
            var pipeline = FramePipeline(jobs: workers.jobs)
            pipeline.cancellation = cancellation
            try pipeline.run(frames: indices, snapshot: run.renderTree(atFrame:), sink: made.sink,
                             progress: ProgressReporter(mode: progress, label: scene.name), statistics: statistics)
        }
        try folder?.complete()
        if stats { StandardError.write("flipbook: \(scene.name): \(statistics.summary)\n") }
        if let path { print(path) }
    }

    /// The output the options describe.
    private func outputSpec() throws -> OutputSpec {
        var spec = OutputSpec(format: try format(), path: destination.output)
        spec.pngCompression = pngCompression
        spec.h264 = FFmpegSink.H264(preset: preset ?? FFmpegSink.H264().preset, crf: crf ?? quality?.crf ?? FFmpegSink.H264().crf)
        spec.everyNthFrame = everyNthFrame
        spec.still = still
        return spec
    }
}

extension OutputSpec.Format: ExpressibleByArgument {}
extension RenderQuality: ExpressibleByArgument {}
extension ProgressReporter.Mode: ExpressibleByArgument {}
