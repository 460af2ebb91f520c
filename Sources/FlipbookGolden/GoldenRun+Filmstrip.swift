import FlipbookOutput
import FlipbookRender
import FlipbookScene
import Foundation

/// The filmstrip of a failed frame: the actual frames around it, so that a reader sees
/// what led up to it and what followed.
extension GoldenRun {
    /// Thumbnails wider than this are shrunk to it; narrower frames are kept as they are.
    static let thumbnailWidth = 160

    /// `report` with a filmstrip for each failed frame (one whose golden cannot be read too): the actual frames up to
    /// `filmstripRadius` either side of it (within the render's `frameCount` frames),
    /// rendered by a second run of `scene` — only when a frame failed — and written as
    /// `<reportDirectory>/<scene>/frame_NNNNN.thumb.png`. An earlier run's thumbnails of
    /// the scene are removed first, failed or not, as its failure images are; without
    /// `drawing` (a run that is stopping), that is all.
    /// - Throws: `GoldenError` for files that cannot be written or removed; rendering errors.
    func addingFilmstrips(to report: GoldenSceneReport, scene: Scene, frameCount: Int,
                          drawing: Bool = true) throws -> GoldenSceneReport {
        let directory = reportDirectory.appendingPathComponent(report.scene)
        try removePreviousThumbnails(in: directory)
        let failed = report.frames.indices.filter { report.frames[$0].outcome.isFailure }
        guard drawing, !failed.isEmpty, filmstripRadius > 0 else { return report }

        func neighbours(of index: Int) -> ClosedRange<Int> {
            max(0, index - filmstripRadius)...max(0, min(frameCount - 1, index + filmstripRadius))
        }
        let wanted = Set(failed.flatMap { neighbours(of: report.frames[$0].index) }).sorted()
        let thumbnails = try renderThumbnails(of: scene, frames: wanted)
        func url(_ index: Int) -> URL {
            directory.appendingPathComponent(GoldenChecker.fileName(frame: index) + ".thumb.png")
        }
        for (index, bitmap) in thumbnails {
            try PNGCodec.write(bitmap, to: url(index).path, compressionLevel: GoldenChecker.failureCompressionLevel)
        }

        var report = report
        for position in failed {
            report.frames[position].filmstrip = neighbours(of: report.frames[position].index)
                .map { GoldenThumbnail(index: $0, url: url($0)) }
        }
        return report
    }

    /// The actual frames `frames` (sorted) of a fresh run of `scene`, shrunk to
    /// `thumbnailWidth` when wider: each an image of its own, no larger than a frame, so
    /// any number of them can be drawn (no contact sheet is, which Cairo would refuse
    /// past `ContactSheet.maximumSide`).
    private func renderThumbnails(of scene: Scene, frames: [Int]) throws -> [(index: Int, bitmap: Bitmap)] {
        let run = SceneRun(scene: scene)
        let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
        let pipeline = FramePipeline(jobs: jobs)
        if width <= Self.thumbnailWidth {
            let collector = BitmapCollector(width: width, height: height)
            try pipeline.run(frames: frames, snapshot: run.renderTree(atFrame:), sink: collector)
            return collector.frames
        }
        let sheet = ContactSheet(thumbnailWidth: Self.thumbnailWidth)
        let collector = ThumbnailCollector(sheet: sheet, width: width, height: height)
        try pipeline.run(frames: frames, snapshot: run.renderTree(atFrame:), sink: collector)
        return collector.frames.map { ($0.index, $0.thumbnail) }
    }

    /// Deletes the `frame_NNNNN.thumb.png` files in `directory`, and only those: the
    /// directory also holds the scene's failure images.
    private func removePreviousThumbnails(in directory: URL) throws {
        try GoldenChecker.removeFiles(in: directory, what: "thumbnail") { name in
            name.hasPrefix("frame_") && name.hasSuffix(".thumb.png")
        }
    }
}
