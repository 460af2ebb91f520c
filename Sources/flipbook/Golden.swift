import ArgumentParser
import FlipbookGolden
import FlipbookOutput
import FlipbookRender
import FlipbookScene
import Foundation

extension GoldenError: SceneErrorMarker {}

struct GoldenOptions: ParsableArguments {
    @Argument(help: "Scene files (default: every scene under scenes/ that lists golden frames).")
    var scenes: [String] = []

    @Option(help: "Where golden frames live: <dir>/<scene>/frame_NNNNN.png.")
    var goldenDirectory = "golden"

    @Option(help: "Where the report goes: index.html and each failed frame's expected, actual and diff images.")
    var reportDirectory = "out/golden-report"

    /// The earlier name of `--report-directory`, kept so that scripts using it still work.
    @Option(help: .hidden)
    var failureDirectory: String?

    @Option(help: "Worker threads; the output does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        if failureDirectory != nil && reportDirectory != "out/golden-report" {
            throw ValidationError("--failure-directory is the old name of --report-directory; give only one")
        }
    }

    /// The scene files to check: the arguments, or every golden scene under scenes/ (not
    /// scenes/schema.json, the format's JSON Schema).
    func sceneFiles() -> [String] {
        guard scenes.isEmpty else { return scenes }
        let root = URL(fileURLWithPath: "scenes")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && !$0.hasSuffix("/schema.json") } ?? []
        return files.sorted()
    }

    /// Renders each scene's golden frames and compares them in `mode`; prints a summary,
    /// writes the report page (whether the run passed or not) and fails when any scene
    /// did not pass (when `recording`, only when one could not be rendered: recording
    /// itself is the point).
    @MainActor
    func run(mode: GoldenRecordMode, recording: Bool = false) throws {
        var scenes: [GoldenSceneReport] = [], errors: [GoldenReport.SceneError] = []
        var goldenFrames: [String: [Int]] = [:]
        for path in sceneFiles() {
            do {
                let scene = try SceneLoader.load(path: path)
                guard let golden = scene.golden else { continue }
                let report = try check(scene, golden: golden, mode: mode)
                scenes.append(report)
                goldenFrames[scene.name, default: []] += report.frames.map(\.index)
                report.summaryLines.forEach { print($0) }
            } catch {
                _ = fail(error)
                errors.append(GoldenReport.SceneError(file: path, message: "\(error)"))
            }
        }

        // A scene that could not be checked is named by its file, as `Scene.name` is.
        let unchecked = Set(errors.map { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent })
        let unused = UnusedGoldens.find(in: URL(fileURLWithPath: goldenDirectory), goldenFrames: goldenFrames,
                                        unchecked: unchecked, allScenes: self.scenes.isEmpty)
        unused.summaryLines.forEach { print($0) }
        let report = GoldenReport(scenes: scenes, errors: errors, unused: unused)
        do {
            try report.write(to: URL(fileURLWithPath: reportDirectoryPath))
        } catch {
            throw fail(error)
        }

        let failed = errors.count + (recording ? 0 : scenes.filter { !$0.passed }.count)
        print(recording ? "golden: recorded \(scenes.count) scene\(scenes.count == 1 ? "" : "s"), \(failed) failed"
                        : "golden: \(scenes.count + errors.count - failed) passed, \(failed) failed")
        print("golden: report: " + (reportDirectoryPath as NSString).appendingPathComponent(GoldenReport.indexName))
        if failed > 0 { throw ExitCode.failure }
    }

    private var reportDirectoryPath: String { failureDirectory ?? reportDirectory }

    @MainActor
    private func check(_ scene: Scene, golden: GoldenSpec, mode: GoldenRecordMode) throws -> GoldenSceneReport {
        let run = SceneRun(scene: scene)
        let frames = BitmapCollector(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: golden.frameIndices(frameCount: scene.frameCount),
                                          snapshot: run.renderTree(atFrame:), sink: frames)
        let checker = GoldenChecker(
            goldenDirectory: URL(fileURLWithPath: goldenDirectory),
            reportDirectory: URL(fileURLWithPath: reportDirectoryPath), mode: mode,
            tolerance: GoldenTolerance(perChannel: golden.perChannelTolerance, allowedPixels: golden.allowedPixels))
        return try checker.check(scene: scene.name, frames: frames.frames)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare scenes' golden frames with freshly rendered ones.",
        discussion: """
            Exact comparison first, then per-channel tolerance and an allowed pixel count (set per \
            scene under golden:). GOLDEN_RECORD=missing|all|failed|changed|never says what to record \
            (default: missing, or never when CI is set); recording fails the run. Every run \
            writes --report-directory/index.html: each failed frame's expected, actual and diff \
            images with its counts and threshold, and the goldens no scene uses.
            """)

    @OptionGroup var options: GoldenOptions

    func run() throws {
        let mode: GoldenRecordMode
        do {
            mode = try GoldenRecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        } catch {
            throw fail(error)
        }
        try MainActor.assumeIsolated { try options.run(mode: mode) }
    }
}

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record (overwrite) scenes' golden frames from fresh renders.",
        discussion: "Look at the recorded PNGs before committing them; `check` then compares against them.")

    @OptionGroup var options: GoldenOptions

    @Flag(help: "Rewrite only the goldens that are missing or fail their check; passing ones stay untouched.")
    var changed = false

    func run() throws {
        try MainActor.assumeIsolated { try options.run(mode: changed ? .changed : .all, recording: true) }
    }
}
