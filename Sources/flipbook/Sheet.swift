import ArgumentParser
import FlipbookOutput
import FlipbookRender
import FlipbookScene
import Foundation

struct Sheet: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a contact sheet: chosen frames of a scene in a grid, one PNG.",
        discussion: """
            Each frame is labelled `frame N · t.ttt s`; rows run left to right, top to bottom. \
            -o names the PNG to write (default: out/<scene>-sheet.png). Given several scenes, \
            writes each one's sheet to out/<scene>-sheet.png, the same bytes as a sheet of that \
            scene alone, and prints the paths in the order given; with --jobs N the scenes are \
            split over N processes at once (one process's threads would all wait for its \
            main thread, where scenes load and run).
            """)

    @Argument(help: "The scene files (.yaml or .json).")
    var scenes: [String]

    @OptionGroup var loading: LoadOptions

    @Option(help: ArgumentHelp(
        "Frames to show: 120-239, 300-, 0,30,60 or last (default: 12 evenly spaced, the first and last included).",
        valueName: "spec"))
    var frames: String?

    @Option(help: "Frames per row.")
    var columns = 4

    @Option(help: ArgumentHelp("Thumbnail width in pixels (default: 240, or the frame width if smaller).",
                               valueName: "W"))
    var thumbnailWidth: Int?

    @OptionGroup var destination: OutputOption

    @OptionGroup var workers: JobsOption

    /// Frames in the default sheet.
    static let defaultFrameCount = 12

    func validate() throws {
        guard columns >= 1 else { throw ValidationError("--columns must be at least 1") }
        if let thumbnailWidth, !(1...4096).contains(thumbnailWidth) {
            throw ValidationError("--thumbnail-width must be 1…4096 pixels")
        }
        if let frames { _ = try FrameSelection(frames) }
        if destination.output != nil && scenes.count > 1 {
            throw ValidationError("-o names one sheet's PNG, but \(scenes.count) scenes were given: "
                                  + "leave it out to write each to out/<scene>-sheet.png")
        }
        var seen: [String: String] = [:]
        for path in scenes {
            let name = Scene.name(forFile: path)
            if let other = seen.updateValue(path, forKey: name) {
                throw ValidationError("\(other) and \(path) would both write out/\(name)-sheet.png: "
                                      + "make their sheets in separate runs with -o")
            }
        }
    }

    func perform() throws {
        guard scenes.count > 1 else { return try writeSheet(of: scenes[0], jobs: workers.jobs) }
        let processes = min(workers.jobs, scenes.count)
        if processes > 1 { return try writeSheetsInParts(processes) }
        var failed = false
        for path in scenes {
            do {
                try writeSheet(of: path, jobs: workers.jobs)
            } catch {
                report(error)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// Writes the sheet of the scene at `path`, drawing its frames on `jobs` threads, and
    /// prints where.
    @MainActor
    private func writeSheet(of path: String, jobs: Int) throws {
        let (scene, duration) = try SceneInput.loadAndMeasure(path, options: loading.options)
        let frameCount = scene.frameCount(duration: duration)
        let indices = try frames.map { try FrameSelection($0).indices(frameCount: frameCount) }
            ?? FrameSelection.evenlySpaced(Self.defaultFrameCount, frameCount: frameCount)
        let sheet = ContactSheet(columns: columns, thumbnailWidth: thumbnailWidth ?? min(240, scene.canvas.pixelWidth))
        let thumbnails = ThumbnailCollector(sheet: sheet, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: indices, snapshot: SceneRun(scene: scene).renderTree(atFrame:), sink: thumbnails)
        let image = try sheet.render(thumbnails.frames.map {
            ContactSheet.Cell(frame: $0.index, time: scene.time(ofFrame: $0.index), image: $0.thumbnail)
        })
        let file = destination.output ?? "out/\(scene.name)-sheet.png"
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: file).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGCodec.write(image, to: file, compressionLevel: 6, jobs: jobs)
        printNow(file)
    }

    /// Writes the scenes' sheets in `count` child processes at once, each given a
    /// contiguous run of the scenes (as `--shard` splits them); their lines come out in
    /// the scenes' order. Fails when any scene failed (its process said why).
    @MainActor
    private func writeSheetsInParts(_ count: Int) throws {
        let parts = (0..<count).map { index in
            let part = (try! FrameShard(index: index, count: count)).frames(of: scenes.count)
            return ["sheet"] + partOptions(jobs: max(1, workers.jobs / count)) + ["--"] + scenes[part]
        }
        let endings = try PartProcesses(parts: parts).run { "sheet: stopped by \($0); the sheets written so far are kept" }
        for (arguments, ending) in zip(parts, endings) where ending.signalled {
            // One that exited has said why; one that a signal ended could not.
            let part = arguments.drop { $0 != "--" }.dropFirst()
            report(PartProcesses.PartFailure(description: "the process writing the sheets of "
                                             + part.joined(separator: ", ") + " \(ending.description)"))
        }
        if endings.contains(where: { !$0.succeeded }) { throw ExitCode.failure }
    }

    /// The options of one part of a run in parts: this run's, on `jobs` threads.
    private func partOptions(jobs: Int) -> [String] {
        ["--columns=\(columns)", "--jobs=\(jobs)"] + (frames.map { ["--frames=\($0)"] } ?? [])
            + (thumbnailWidth.map { ["--thumbnail-width=\($0)"] } ?? []) + loading.partOptions
    }
}
