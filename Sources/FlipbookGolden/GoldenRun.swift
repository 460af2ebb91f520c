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
    /// Whether a run may check nothing (`--allow-empty`). When false, the default, a run
    /// that compares or records no frame fails, and so does a scene named in `files` that
    /// lists no golden frames; when true, such a scene is skipped and such a run passes.
    public var allowsEmpty: Bool
    /// The folder an `allScenes` run found its files under, named when it finds nothing.
    public var sceneDirectory: String
    /// Where to write the run's summary as JUnit XML too (`--junit`), when set.
    public var junitFile: URL?
    /// What the scenes may read and how big they may be (`--allow-read`, `--limit`).
    public var loadOptions = SceneLoader.Options()
    /// How many actual frames on each side of a failed frame its filmstrip shows.
    public var filmstripRadius = 2

    /// What a run found; `failed` counts scenes that could not be checked and, unless the
    /// run was recording, scenes whose check failed.
    public struct Outcome {
        public let report: GoldenReport
        public let reportPage: URL
        public let failed: Int
    }

    public init(goldenDirectory: URL, reportDirectory: URL, mode: GoldenRecordMode,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount, allowsEmpty: Bool = false,
                sceneDirectory: String = "scenes", junitFile: URL? = nil) {
        self.goldenDirectory = goldenDirectory
        self.reportDirectory = reportDirectory
        self.mode = mode
        self.jobs = jobs
        self.allowsEmpty = allowsEmpty
        self.sceneDirectory = sceneDirectory
        self.junitFile = junitFile
    }

    /// Checks the scenes in `files` that list golden frames.
    ///
    /// `allScenes` says the files are every scene there is (found under
    /// `sceneDirectory`): scenes without golden frames are passed over, and golden folders
    /// that no scene names are reported as unused too. Otherwise the files were named,
    /// and one without golden frames is an error unless `allowsEmpty`. Each scene's
    /// summary lines go to `log` as it is checked; a scene that cannot be loaded or
    /// rendered goes to `sceneFailed` and the run goes on. `recording` runs fail only for
    /// such scenes: recording is their point. Unused goldens are not looked for when no
    /// scene with golden frames was found. Failed frames get a filmstrip of the actual
    /// frames around them.
    /// - Throws: `GoldenError` when the report or the JUnit file cannot be written, and,
    ///   after writing them, when the run checked no frame and `allowsEmpty` is false.
    public func run(files: [String], allScenes: Bool, recording: Bool = false,
                    log: (String) -> Void, sceneFailed: (Error) -> Void) throws -> Outcome {
        var scenes: [GoldenSceneReport] = [], errors: [GoldenReport.SceneError] = []
        var goldenFrames: [String: [Int]] = [:]
        for path in files {
            do {
                let scene = try SceneLoader.load(path: path, options: loadOptions)
                let duration = try scene.duration()
                guard let golden = scene.golden else {
                    if allScenes { continue }
                    if allowsEmpty {
                        log("\(scene.name): skipped, \(path) lists no golden frames")
                        continue
                    }
                    throw GoldenError("the scene lists no golden frames, so there is nothing to check; add "
                                      + "'golden: {frames: [0, last]}' or leave the file out "
                                      + "(--allow-empty skips it)", path: path)
                }
                var report = try check(scene, golden: golden, frameCount: scene.frameCount(duration: duration))
                report.file = path
                scenes.append(report)
                goldenFrames[scene.name, default: []] += report.frames.map(\.index)
                report.summaryLines.forEach(log)
            } catch {
                sceneFailed(error)
                errors.append(GoldenReport.SceneError(file: path, message: "\(error)"))
            }
        }

        let unused: UnusedGoldens
        if scenes.isEmpty && errors.isEmpty {
            unused = .notLookedFor
        } else {
            let unchecked = Set(errors.map { Scene.name(forFile: $0.file) })
            unused = UnusedGoldens.find(in: goldenDirectory, goldenFrames: goldenFrames,
                                        unchecked: unchecked, allScenes: allScenes)
        }
        unused.summaryLines.forEach(log)
        let empty = errors.isEmpty && !allowsEmpty && scenes.allSatisfy(\.frames.isEmpty)
            ? emptyRun(files: files, scenes: scenes, allScenes: allScenes) : nil
        let report = GoldenReport(scenes: scenes, errors: errors, unused: unused, nothingChecked: empty?.reason,
                                  goldenDirectory: goldenDirectory)
        let page = try report.write(to: reportDirectory)
        if let junitFile {
            try report.writeJUnit(to: junitFile, reportPage: page, recording: recording)
        }
        if let empty {
            throw GoldenError(empty.reason + "; " + empty.remedy + " (use --allow-empty to allow an empty run)")
        }
        let failed = errors.count + (recording ? 0 : scenes.filter { !$0.passed }.count)
        return Outcome(report: report, reportPage: page, failed: failed)
    }

    /// Why a run that compared no frame checked nothing, and what to do about it.
    private func emptyRun(files: [String], scenes: [GoldenSceneReport],
                          allScenes: Bool) -> (reason: String, remedy: String) {
        let folder = sceneDirectory.hasSuffix("/") ? sceneDirectory : sceneDirectory + "/"
        if !scenes.isEmpty {
            return ("no golden frame was compared: every scene's 'golden: frames' list is empty",
                    "list the frames to compare")
        }
        if !allScenes {
            return ("no scene files were given", "name scene files, or give none to check every scene")
        }
        if files.isEmpty {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: sceneDirectory, isDirectory: &isFolder)
            let why = exists && isFolder.boolValue ? "it has no scene files" : "there is no such folder here"
            return ("no scenes with golden frames found under \(folder) (\(why))",
                    "name scene files, or run in the project folder")
        }
        let none = files.count == 1 ? "its 1 scene file lists none" : "none of its \(files.count) scene files lists any"
        return ("no scenes with golden frames found under \(folder) (\(none))",
                "add 'golden: {frames: [0, last]}' to a scene, or name scene files")
    }

    private func check(_ scene: Scene, golden: GoldenSpec, frameCount: Int) throws -> GoldenSceneReport {
        let run = SceneRun(scene: scene)
        let frames = BitmapCollector(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: golden.frameIndices(frameCount: frameCount),
                                          snapshot: run.renderTree(atFrame:), sink: frames)
        let checker = GoldenChecker(
            goldenDirectory: goldenDirectory, reportDirectory: reportDirectory, mode: mode,
            tolerance: GoldenTolerance(perChannel: golden.perChannelTolerance, allowedPixels: golden.allowedPixels))
        var report = try checker.check(scene: scene.name, frames: frames.frames)
        report.fps = scene.canvas.fps
        return try addingFilmstrips(to: report, scene: scene, frameCount: frameCount)
    }
}
