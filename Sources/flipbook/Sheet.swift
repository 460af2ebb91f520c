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
            -o names the .png file to write (default: out/<scene>-sheet.png). Given several scenes, \
            writes each one's sheet to out/<scene>-sheet.png, the same bytes as a sheet of that \
            scene alone, and prints the paths in the order given; with --jobs N the scenes are \
            handed to N worker processes (one process's threads would all wait for its main \
            thread, where scenes load and run). A sheet larger than Cairo draws (32767 pixels \
            a side) is refused before any frame renders, naming the --columns that fit.
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

    /// Set on the child processes of a sheet of several scenes with `--jobs N` (N > 1):
    /// the child writes the sheets of the scenes it is handed (see `writeSheetsOnWorkers`).
    @Flag(help: .hidden)
    var worker = false

    /// Frames in the default sheet.
    static let defaultFrameCount = 12

    func validate() throws {
        guard columns >= 1 else { throw ValidationError("--columns must be at least 1") }
        if let thumbnailWidth, !(1...4096).contains(thumbnailWidth) {
            throw ValidationError("--thumbnail-width must be 1…4096 pixels")
        }
        if let frames { _ = try FrameSelection(frames) }
        if let output = destination.output { try checkPNGOutput(output, example: "sheet.png") }
        if destination.output != nil && scenes.count > 1 {
            throw ValidationError("-o names one sheet's PNG, but \(scenes.count) scenes were given: "
                                  + "leave it out to write each to out/<scene>-sheet.png")
        }
        var seen: [String: String] = [:]
        for path in scenes {
            let name = Scene.name(forFile: path)
            if let other = seen.updateValue(path, forKey: name) {
                throw ValidationError("\(other) and \(path) would both write \(Self.defaultOutput(of: path)): "
                                      + "make their sheets in separate runs with -o")
            }
        }
    }

    func perform() throws {
        if worker {
            return WorkerProcesses.serve(items: scenes.count) { index in
                !writeSheetReportingFailure(of: scenes[index], jobs: workers.jobs)
            }
        }
        guard scenes.count > 1 else { return try writeSheet(of: scenes[0], jobs: workers.jobs) }
        let processes = min(workers.jobs, scenes.count)
        if processes > 1 { return try writeSheetsOnWorkers(processes) }
        let written = scenes.filter { writeSheetReportingFailure(of: $0, jobs: workers.jobs) }
        if written.count < scenes.count { throw ExitCode.failure }
    }

    /// Writes the sheet of the scene at `path`, or reports why it cannot; returns whether it wrote it.
    @MainActor
    private func writeSheetReportingFailure(of path: String, jobs: Int) -> Bool {
        do {
            try writeSheet(of: path, jobs: jobs)
            return true
        } catch {
            report(error)
            return false
        }
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
        try checkSize(of: sheet, frames: indices, of: scene)
        let thumbnails = ThumbnailCollector(sheet: sheet, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: indices, snapshot: SceneRun(scene: scene).renderTree(atFrame:), sink: thumbnails)
        let image = try sheet.render(thumbnails.frames.map {
            ContactSheet.Cell(frame: $0.index, time: scene.time(ofFrame: $0.index), image: $0.thumbnail)
        })
        let file = destination.output ?? Self.defaultOutput(of: path)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: file).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGCodec.write(image, to: file, compressionLevel: 6, jobs: jobs)
        print(file)
    }

    /// Fails, before any frame is rendered, when the sheet of `frames` would be larger than
    /// Cairo draws, naming its size, the limit and the options that make it fit.
    private func checkSize(of sheet: ContactSheet, frames: [Int], of scene: Scene) throws {
        let labels = frames.map { ContactSheet.Cell.label(frame: $0, time: scene.time(ofFrame: $0)) }
        let layout = try sheet.layout(labels: labels, imageWidth: scene.canvas.pixelWidth, imageHeight: scene.canvas.pixelHeight)
        guard !ContactSheet.fits(layout) else { return }
        let limit = ContactSheet.maximumSide
        let smaller = "a smaller --thumbnail-width than \(sheet.thumbnailWidth)"
        let fix = ContactSheet.fittingColumns(cellCount: frames.count, cellsOf: layout).map {
            "give --columns \($0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound)"), "
                + "or show fewer frames (--frames), or \(smaller)"
        } ?? "show fewer frames (--frames), or \(smaller)"
        throw ValidationError("\(scene.name): a contact sheet of \(frames.count) frames, \(min(columns, frames.count)) to a row, "
                              + "would be \(layout.width)×\(layout.height) pixels, more than the \(limit) a side Cairo draws: "
                              + fix)
    }

    /// Where the sheet of the scene file `path` goes without -o: `out/<scene>-sheet.png`.
    static func defaultOutput(of path: String) -> String {
        "out/\(Scene.name(forFile: path))-sheet.png"
    }

    /// Writes the scenes' sheets on `count` child processes at once (`WorkerProcesses`),
    /// each handed the next scene as it finishes one; their lines come out in the scenes'
    /// order. Fails when any scene failed (its process said why).
    @MainActor
    private func writeSheetsOnWorkers(_ count: Int) throws {
        let options = ["--columns=\(columns)", "--jobs=\(max(1, workers.jobs / count))"]
            + (frames.map { ["--frames=\($0)"] } ?? []) + (thumbnailWidth.map { ["--thumbnail-width=\($0)"] } ?? [])
            + loading.partOptions
        let results = try WorkerProcesses(arguments: ["sheet", "--worker"] + options + ["--"] + scenes,
                                          workers: count, items: scenes.count)
            .run(describe: { scenes[$0] }, stopped: { "sheet: stopped by \($0); the sheets written so far are kept" },
                 abandoned: { PNGCodec.removeTemporaries(of: Self.defaultOutput(of: scenes[$0]), writtenBy: $1) })
        if results.contains(where: \.failed) { throw ExitCode.failure }
    }
}
