import FlipbookOutput
import FlipbookRender
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
    /// Worker threads: scenes are drawn and compared on up to this many at once, while the
    /// next scenes load and run; the frames, the report and the lines logged do not depend on it.
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
    /// Which part of the files to check (`--shard K/N`): the K-th of N contiguous,
    /// near-equal runs of them, in the order given. A shard's report is one part of the
    /// run's, to be merged with the others' (`GoldenRun.merge(shardDirectories:into:junitFile:log:)`), so a shard that finds
    /// nothing to check does not fail: the merged run does.
    public var shard: FrameShard?
    /// Stops the run when cancelled (the CLI cancels it on SIGINT and SIGTERM): no scene
    /// is loaded or begun after that, and a scene still being drawn is dropped; a scene
    /// whose frames are being compared or recorded is finished, so that each scene's
    /// goldens are all old or all new. The scenes left out are reported as not checked.
    public var cancellation: RenderCancellation?

    /// What a run found; `failed` counts scenes that could not be checked and, unless the
    /// run was recording, scenes whose check failed.
    public struct Outcome {
        public let report: GoldenReport
        public let reportPage: URL
        public let failed: Int
        /// Whether the run recorded goldens (`flipbook record`) rather than compared them.
        public let recording: Bool
        /// The signal that stopped the run (see `cancellation`), nil when it ran to the end.
        public internal(set) var stoppedBy: Int32? = nil
        /// The scene files left out because the run was stopped, in the order given.
        public internal(set) var notChecked: [String] = []

        /// What a stopped run did, for its last line: `goldens written: fade (frames 0, 30);
        /// not recorded: scenes/b.yaml, scenes/c.yaml`.
        public var stopSummary: String {
            let written = report.scenes.compactMap { scene -> String? in
                let frames = scene.frames.filter(\.outcome.isRecorded).map(\.index)
                guard !frames.isEmpty else { return nil }
                return "\(scene.scene) (frame\(frames.count == 1 ? "" : "s") \(Self.runs(of: frames)))"
            }
            let verb = recording ? "recorded" : "checked"
            return (written.isEmpty ? "no golden written" : "goldens written: " + written.joined(separator: ", "))
                + "; " + (notChecked.isEmpty ? "every scene was \(verb)"
                                             : "not \(verb): " + notChecked.joined(separator: ", "))
        }

        /// `0–16, 30`: ascending frame numbers, three or more consecutive ones as a range.
        static func runs(of frames: [Int]) -> String {
            FrameSelection.runs(of: frames).flatMap { run in
                run.count >= 3 ? ["\(run.lowerBound)–\(run.upperBound)"] : run.map(String.init)
            }.joined(separator: ", ")
        }
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
    /// and one without golden frames is an error unless `allowsEmpty`. Scenes load and run
    /// here, a few ahead of the `jobs` workers that draw and compare them; each scene's
    /// summary lines go to `log` in file order, whatever finishes first; a scene that cannot be loaded or
    /// rendered, or that lists golden frames when other files of its name in `files` (in
    /// any shard) do too, goes to `sceneFailed` and the run goes on. `recording` runs fail only for
    /// such scenes: recording is their point. Unused goldens are not looked for when no
    /// scene with golden frames was found. Failed frames get a filmstrip of the actual
    /// frames around them. A run stopped by `cancellation` reports the scenes it left out
    /// as not checked (`Outcome.notChecked`, and errors in the report).
    /// - Throws: `GoldenError` when the report or the JUnit file cannot be written, and,
    ///   after writing them, when the run checked no frame and `allowsEmpty` is false.
    public func run(files: [String], allScenes: Bool, recording: Bool = false,
                    log: (String) -> Void, warn: (String) -> Void = { _ in },
                    sceneFailed: (Error) -> Void) throws -> Outcome {
        // The same split as a render's frames: contiguous, so merged shards keep the order.
        let part = shard.map { $0.frames(of: files.count) } ?? files.indices
        let allFiles = files, files = Array(files[part])
        var scenes: [GoldenSceneReport] = [], errors: [GoldenReport.SceneError] = []
        var goldenFrames: [String: [Int]] = [:]
        // Loading and simulating stay on this thread, scenes ahead of the workers that draw
        // and compare; each scene's lines and report are taken in file order.
        let checks = OrderedJobs<SceneCheck>(jobs: jobs)
        var pending: [(position: Int, path: String)] = [], notChecked: Set<Int> = []
        // Scene files of one name would share a golden folder: none of them is checked.
        let (sharing, loaded) = filesSharingNames(part, of: allFiles)
        func takeOldest() {
            let (position, path) = pending.removeFirst()
            do {
                switch try checks.takeNext()!.get() {
                case .skipped(let line):
                    line.map(log)
                case .checked(var report, let scene, let frameCount):
                    // Filmstrips run the scene again, which a stopping run does not wait for;
                    // an earlier run's thumbnails go either way.
                    report = try addingFilmstrips(to: report, scene: scene, frameCount: frameCount,
                                                  drawing: cancellation?.signal == nil)
                    report.file = path
                    scenes.append(report)
                    goldenFrames[scene.name, default: []] += report.frames.map(\.index)
                    report.summaryLines.forEach(log)
                }
            } catch is RenderCancellation.Stopped {
                notChecked.insert(position)
            } catch {
                sceneFailed(error)
                errors.append(GoldenReport.SceneError(file: path, message: "\(error)"))
            }
        }
        for (position, (index, path)) in zip(part, files).enumerated() {
            guard cancellation?.signal == nil else { notChecked.insert(position); continue }
            let work = prepare(path, loaded: loaded[index], allScenes: allScenes, sharingName: sharing[index] ?? [],
                               warn: warn)
            // Loading and running the scene may have taken a while.
            guard cancellation?.signal == nil else { notChecked.insert(position); continue }
            checks.submit(work)
            pending.append((position, path))
            while checks.pending > 2 * checks.jobs { takeOldest() }
        }
        while !pending.isEmpty { takeOldest() }
        let stoppedBy = cancellation?.signal
        let leftOut = notChecked.sorted().map { files[$0] }
        for path in leftOut {
            let message = "the run was stopped before this scene was \(recording ? "recorded" : "checked")"
            errors.append(GoldenReport.SceneError(file: path, message: "\(GoldenError(message, path: path))"))
        }

        let record = GoldenRunRecord(
            shard: shard.map { .init(index: $0.index, count: $0.count) }, allScenes: allScenes, recording: recording,
            allowsEmpty: allowsEmpty, sceneDirectory: sceneDirectory, sceneFileCount: allFiles.count,
            goldenFrames: goldenFrames,
            report: GoldenReport(scenes: scenes, errors: errors, goldenDirectory: goldenDirectory))
        var outcome = try Self.conclude(record, reportDirectory: reportDirectory, junitFile: junitFile, log: log)
        (outcome.stoppedBy, outcome.notChecked) = (stoppedBy, leftOut)
        return outcome
    }

    /// Ends a run, or a merge of the shards of one, whose scenes are checked: looks for
    /// unused goldens (not in a shard, where the other shards' goldens would look unused),
    /// says whether it checked nothing, and writes the report page, `report.json` and the
    /// JUnit file when one is asked for.
    /// - Throws: `GoldenError` when a file cannot be written, and, after writing them, when
    ///   the run checked no frame and may not (`allowsEmpty`; a shard may).
    static func conclude(_ record: GoldenRunRecord, reportDirectory: URL, junitFile: URL?,
                         log: (String) -> Void) throws -> Outcome {
        var record = record
        let scenes = record.report.scenes, errors = record.report.errors
        let goldenDirectory = record.report.goldenDirectory ?? URL(fileURLWithPath: "golden")
        if let shard = record.shard {
            record.report.unused = .notLookedFor
            log("golden: shard \(shard.index)/\(shard.count): unused goldens are looked for when the shards' "
                + "reports are merged")
        } else if scenes.isEmpty && errors.isEmpty {
            // No scene with golden frames was found: every golden would look unused.
            record.report.unused = .notLookedFor
            record.report.unused.summaryLines.forEach(log)
        } else {
            record.report.unused = UnusedGoldens.find(
                in: goldenDirectory, goldenFrames: record.goldenFrames,
                unchecked: Set(errors.map { Scene.name(forFile: $0.file) }), allScenes: record.allScenes)
            record.report.unused.summaryLines.forEach(log)
        }
        let empty = errors.isEmpty && !record.allowsEmpty && record.shard == nil && scenes.allSatisfy(\.frames.isEmpty)
            ? emptyRun(record) : nil
        record.report.nothingChecked = empty?.reason
        let page = try record.report.write(to: reportDirectory)
        try record.write(to: reportDirectory)
        if let junitFile {
            try record.report.writeJUnit(to: junitFile, reportPage: page, recording: record.recording)
        }
        if let empty {
            throw GoldenError(empty.reason + "; " + empty.remedy + " (use --allow-empty to allow an empty run)")
        }
        let failed = errors.count + (record.recording ? 0 : scenes.filter { !$0.passed }.count)
        return Outcome(report: record.report, reportPage: page, failed: failed, recording: record.recording)
    }

    /// Why a run that compared no frame checked nothing, and what to do about it.
    private static func emptyRun(_ record: GoldenRunRecord) -> (reason: String, remedy: String) {
        let sceneDirectory = record.sceneDirectory
        let folder = sceneDirectory.hasSuffix("/") ? sceneDirectory : sceneDirectory + "/"
        if !record.report.scenes.isEmpty {
            return ("no golden frame was compared: every scene's 'golden: frames' list is empty",
                    "list the frames to compare")
        }
        if !record.allScenes {
            return ("no scene files were given", "name scene files, or give none to check every scene")
        }
        let count = record.sceneFileCount
        if count == 0 {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: sceneDirectory, isDirectory: &isFolder)
            let why = exists && isFolder.boolValue ? "it has no scene files" : "there is no such folder here"
            return ("no scenes with golden frames found under \(folder) (\(why))",
                    "name scene files, or run in the project folder")
        }
        let none = count == 1 ? "its 1 scene file lists none" : "none of its \(count) scene files lists any"
        return ("no scenes with golden frames found under \(folder) (\(none))",
                "add 'golden: {frames: [0, last]}' to a scene, or name scene files")
    }

    /// What a worker hands back for one scene file.
    private enum SceneCheck: Sendable {
        /// No golden frames: passed over, with the line to log when there is one.
        case skipped(String?)
        /// Checked; filmstrips are added when the report is taken, as they need a new run.
        case checked(GoldenSceneReport, scene: Scene, frameCount: Int)
    }

    /// For each file of `part` (indices of `allFiles`, the whole run's files), the other
    /// files of the whole run, in any shard, that have its scene name and list golden
    /// frames; files without such others are left out. Both would use one golden folder,
    /// so a file that lists golden frames and has such others is not checked. Only the
    /// files of names that occur more than once are loaded, to see whether they list any;
    /// those that load are returned too (`loaded`, by index), for `prepare` to take.
    private func filesSharingNames(_ part: Range<Int>, of allFiles: [String])
        -> (sharing: [Int: [String]], loaded: [Int: Scene]) {
        let byName = Dictionary(grouping: allFiles.indices) { Scene.name(forFile: allFiles[$0]) }
        var listsGolden: [Int: Bool] = [:], loaded: [Int: Scene] = [:]
        func golden(_ index: Int) -> Bool {
            if let known = listsGolden[index] { return known }
            let scene = try? SceneLoader.load(path: allFiles[index], options: loadOptions)
            loaded[index] = scene
            listsGolden[index] = scene?.golden != nil
            return scene?.golden != nil
        }
        var sharing: [Int: [String]] = [:]
        for index in part {
            guard let group = byName[Scene.name(forFile: allFiles[index])], group.count > 1 else { continue }
            let others = group.filter { $0 != index && golden($0) }.map { allFiles[$0] }
            if !others.isEmpty { sharing[index] = others }
        }
        return (sharing, loaded)
    }

    /// The error of scene file `path`, whose scene name `name` the files `others` of the
    /// run, which list golden frames too, have: they would all use one golden folder.
    static func sharedName(_ name: String, of path: String, with others: [String]) -> GoldenError {
        if others.contains(path) {
            return GoldenError("the file is given more than once, so its goldens would be checked or recorded "
                               + "more than once; give each scene file once", path: path)
        }
        let (who, all, remedy) = others.count == 1
            ? ("\(others[0]) has", "both", "neither is checked or recorded: rename one of the two files")
            : (others.dropLast().joined(separator: ", ") + " and \(others.last!) have", "all \(others.count + 1)",
               "none of them is checked or recorded: rename all but one")
        return GoldenError("\(who) this scene's name, '\(name)', and golden frames too, so \(all) would use the "
                           + "golden folder '\(name)'; \(remedy)", path: path)
    }

    /// Loads `path`, unless it was `loaded` before, passing its warnings to `warn`; runs its
    /// scene and takes the snapshots of its golden frames, here on the main actor; returns
    /// the rest of its check (drawing, comparing, recording) for a worker. A scene that cannot be loaded, or that lists
    /// golden frames when other files of the run of its name do too (`sharingName`: they
    /// would all use one golden folder), returns work that throws its error.
    private func prepare(_ path: String, loaded: Scene?, allScenes: Bool, sharingName: [String],
                         warn: (String) -> Void) -> @Sendable () throws -> SceneCheck {
        do {
            let scene = try loaded ?? SceneLoader.load(path: path, options: loadOptions)
            scene.warnings.forEach(warn)
            if scene.golden != nil && !sharingName.isEmpty {
                throw Self.sharedName(scene.name, of: path, with: sharingName)
            }
            let duration = try scene.duration()
            guard let golden = scene.golden else {
                if allScenes { return { .skipped(nil) } }
                if allowsEmpty { return { .skipped("\(scene.name): skipped, \(path) lists no golden frames") } }
                throw GoldenError("the scene lists no golden frames, so there is nothing to check; add "
                                  + "'golden: {frames: [0, last]}' or leave the file out "
                                  + "(--allow-empty skips it)", path: path)
            }
            let frameCount = scene.frameCount(duration: duration)
            let run = SceneRun(scene: scene)
            let indices = golden.frameIndices(frameCount: frameCount)
            let trees = Dictionary(uniqueKeysWithValues: indices.map { ($0, run.renderTree(atFrame: $0)) })
            let fps = scene.canvas.fps, cancellation = cancellation
            let checker = GoldenChecker(
                goldenDirectory: goldenDirectory, reportDirectory: reportDirectory, mode: mode,
                tolerance: GoldenTolerance(perChannel: golden.perChannelTolerance, allowedPixels: golden.allowedPixels))
            return {
                // Stopped before or while drawing, nothing of the scene is written; once its
                // frames are compared and recorded, it is finished.
                let compositor = Compositor()
                let frames = try indices.map { index in
                    try cancellation?.check()
                    return (index, try compositor.render(trees[index]!))
                }
                var report = try checker.check(scene: scene.name, frames: frames)
                report.fps = fps
                return .checked(report, scene: scene, frameCount: frameCount)
            }
        } catch {
            return { throw error }
        }
    }
}
