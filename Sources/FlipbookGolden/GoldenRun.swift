import FlipbookOutput
import FlipbookScene
import Foundation

/// One golden run over scene files: renders each scene's golden frames, compares or
/// records them, finds the goldens no scene uses, and writes the report page (whether the
/// run passed or not) — what `flipbook check` and `flipbook record` do.
@MainActor
public struct GoldenRun {
    public var goldenDirectory: URL
    public var reportDirectory: URL
    public var mode: GoldenRecordMode
    /// Worker threads for rendering; the frames do not depend on it.
    public var jobs: Int

    /// What a run found; `failed` counts scenes that could not be checked and, unless the
    /// run was recording, scenes whose check failed.
    public struct Outcome {
        public let report: GoldenReport
        public let reportPage: URL
        public let failed: Int
    }

    public init(goldenDirectory: URL, reportDirectory: URL, mode: GoldenRecordMode,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.goldenDirectory = goldenDirectory
        self.reportDirectory = reportDirectory
        self.mode = mode
        self.jobs = jobs
    }

    /// Checks the scenes in `files` that list golden frames.
    ///
    /// `allScenes` says the files are every scene there is, so golden folders that no
    /// scene names are reported as unused too. Each scene's summary lines go to `log` as it
    /// is checked; a scene that cannot be loaded or rendered goes to `sceneFailed` and the
    /// run goes on. `recording` runs fail only for such scenes: recording is their point.
    /// - Throws: `GoldenError` when the report cannot be written.
    public func run(files: [String], allScenes: Bool, recording: Bool = false,
                    log: (String) -> Void, sceneFailed: (Error) -> Void) throws -> Outcome {
        var scenes: [GoldenSceneReport] = [], errors: [GoldenReport.SceneError] = []
        var goldenFrames: [String: [Int]] = [:]
        for path in files {
            do {
                let scene = try SceneLoader.load(path: path)
                let duration = try scene.duration()
                guard let golden = scene.golden else { continue }
                let report = try check(scene, golden: golden, frameCount: scene.frameCount(duration: duration))
                scenes.append(report)
                goldenFrames[scene.name, default: []] += report.frames.map(\.index)
                report.summaryLines.forEach(log)
            } catch {
                sceneFailed(error)
                errors.append(GoldenReport.SceneError(file: path, message: "\(error)"))
            }
        }

        let unchecked = Set(errors.map { Scene.name(forFile: $0.file) })
        let unused = UnusedGoldens.find(in: goldenDirectory, goldenFrames: goldenFrames,
                                        unchecked: unchecked, allScenes: allScenes)
        unused.summaryLines.forEach(log)
        let report = GoldenReport(scenes: scenes, errors: errors, unused: unused)
        let page = try report.write(to: reportDirectory)
        let failed = errors.count + (recording ? 0 : scenes.filter { !$0.passed }.count)
        return Outcome(report: report, reportPage: page, failed: failed)
    }

    private func check(_ scene: Scene, golden: GoldenSpec, frameCount: Int) throws -> GoldenSceneReport {
        let run = SceneRun(scene: scene)
        let frames = BitmapCollector(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: golden.frameIndices(frameCount: frameCount),
                                          snapshot: run.renderTree(atFrame:), sink: frames)
        let checker = GoldenChecker(
            goldenDirectory: goldenDirectory, reportDirectory: reportDirectory, mode: mode,
            tolerance: GoldenTolerance(perChannel: golden.perChannelTolerance, allowedPixels: golden.allowedPixels))
        return try checker.check(scene: scene.name, frames: frames.frames)
    }
}
