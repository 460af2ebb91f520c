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

    @Option(help: "Where failures leave expected, actual and diff images and index.html.")
    var failureDirectory = "out/golden-failures"

    @Option(help: "Worker threads; the output does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// The scene files to check: the arguments, or every golden scene under scenes/.
    func sceneFiles() -> [String] {
        guard scenes.isEmpty else { return scenes }
        let root = URL(fileURLWithPath: "scenes")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") } ?? []
        return files.sorted()
    }

    /// Renders each scene's golden frames and compares them in `mode`; prints a summary
    /// and fails when any scene did not pass (when `recording`, only when one could not
    /// be rendered: recording itself is the point).
    @MainActor
    func run(mode: GoldenRecordMode, recording: Bool = false) throws {
        var failed = 0, checked = 0
        for path in sceneFiles() {
            do {
                let scene = try SceneLoader.load(path: path)
                guard let golden = scene.golden else { continue }
                let report = try check(scene, golden: golden, mode: mode)
                checked += 1
                report.summaryLines.forEach { print($0) }
                if !report.passed && !recording { failed += 1 }
            } catch {
                _ = fail(error)
                failed += 1
            }
        }
        print(recording ? "golden: recorded \(checked) scenes, \(failed) failed"
                        : "golden: \(checked - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode.failure }
    }

    @MainActor
    private func check(_ scene: Scene, golden: GoldenSpec, mode: GoldenRecordMode) throws -> GoldenSceneReport {
        let run = SceneRun(scene: scene)
        let frames = BitmapCollector(width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        try FramePipeline(jobs: jobs).run(frames: golden.frameIndices(frameCount: scene.frameCount),
                                          snapshot: run.renderTree(atFrame:), sink: frames)
        let checker = GoldenChecker(
            goldenDirectory: URL(fileURLWithPath: goldenDirectory),
            failureDirectory: URL(fileURLWithPath: failureDirectory), mode: mode,
            tolerance: GoldenTolerance(perChannel: golden.perChannelTolerance, allowedPixels: golden.allowedPixels))
        return try checker.check(scene: scene.name, frames: frames.frames)
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare scenes' golden frames with freshly rendered ones.",
        discussion: """
            Exact comparison first, then per-channel tolerance and an allowed pixel count (set per \
            scene under golden:). GOLDEN_RECORD=missing|all|failed|never says what to record \
            (default: missing, or never when CI is set); recording fails the run.
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

    func run() throws {
        try MainActor.assumeIsolated { try options.run(mode: .all, recording: true) }
    }
}
