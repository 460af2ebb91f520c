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
            -o names the PNG to write (default: out/<scene>-sheet.png).
            """)

    @OptionGroup var input: SceneInput

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
    }

    func perform() throws {
        let (scene, duration) = try input.loadAndMeasure()
        let frameCount = scene.frameCount(duration: duration)
        let indices = try frames.map { try FrameSelection($0).indices(frameCount: frameCount) }
            ?? FrameSelection.evenlySpaced(Self.defaultFrameCount, frameCount: frameCount)
        let sheet = ContactSheet(columns: columns, thumbnailWidth: thumbnailWidth ?? min(240, scene.canvas.pixelWidth))
        let thumbnails = ThumbnailCollector(sheet: sheet, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: workers.jobs).run(frames: indices, snapshot: SceneRun(scene: scene).renderTree(atFrame:), sink: thumbnails)
        let image = try sheet.render(thumbnails.frames.map {
            ContactSheet.Cell(frame: $0.index, time: scene.time(ofFrame: $0.index), image: $0.thumbnail)
        })
        let file = destination.output ?? "out/\(scene.name)-sheet.png"
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: file).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGCodec.write(image, to: file, compressionLevel: 6, jobs: workers.jobs)
        print(file)
    }
}
