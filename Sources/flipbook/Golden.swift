import ArgumentParser
import FlipbookGolden
import FlipbookOutput
import FlipbookScene
import Foundation

struct GoldenOptions: ParsableArguments {
    @Argument(help: "Scene files (default: every scene under scenes/ that lists golden frames).")
    var scenes: [String] = []

    @Option(help: "Where golden frames live: <dir>/<scene>/frame_NNNNN.png.")
    var goldenDirectory = "golden"

    static let defaultReportDirectory = "out/golden-report"

    @Option(help: "Where the report goes: index.html and each failed frame's expected, actual and diff images.")
    var reportDirectory = defaultReportDirectory

    /// The earlier name of `--report-directory`, kept so that scripts using it still work.
    @Option(help: .hidden)
    var failureDirectory: String?

    /// Where the report goes, under either name.
    var reportPath: String { failureDirectory ?? reportDirectory }

    @Option(help: ArgumentHelp("Also write the run's summary as JUnit XML to this file, for CI.", valueName: "file"))
    var junit: String?

    @Flag(help: """
        Let a run that checks nothing pass, skipping named scenes without golden frames \
        (by default a run that finds no golden frame to check fails).
        """)
    var allowEmpty = false

    @Option(help: ArgumentHelp("""
        Check only the K-th of N contiguous, near-equal parts of the scene files (in the order \
        given; those found under scenes/ sorted), \
        K counting from 0; merge the shards' reports with 'flipbook report merge'.
        """, valueName: "K/N"), transform: FrameShard.init)
    var shard: FrameShard?

    @OptionGroup var workers: JobsOption

    @OptionGroup var loading: LoadOptions

    func validate() throws {
        if failureDirectory != nil && reportDirectory != Self.defaultReportDirectory {
            throw ValidationError("--failure-directory is the old name of --report-directory; give only one")
        }
    }

    /// Where scene files are looked for when none are named.
    static let sceneDirectory = "scenes"

    /// The scene files to check: the arguments, or every golden scene under scenes/ (not
    /// scenes/schema.json, the format's JSON Schema).
    func sceneFiles() -> [String] {
        guard scenes.isEmpty else { return scenes }
        // Named as found under the folder (scenes/a/b.yaml), as a user would name them, not by
        // absolute paths: in messages, reports and merged shards.
        let root = URL(fileURLWithPath: Self.sceneDirectory)
        let files = FileManager.default.enumerator(atPath: root.path)?
            .compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".json")) && $0 != "schema.json" && !$0.hasSuffix("/schema.json") }
            .map { Self.sceneDirectory + "/" + $0 } ?? []
        return files.sorted()
    }

    /// Runs `GoldenRun` over the scene files, printing as it goes, and fails when any
    /// scene did not pass (when `recording`, only when one could not be rendered) or, unless
    /// `--allow-empty`, when there was nothing to check. SIGINT and SIGTERM stop the run
    /// (`GoldenRun.cancellation`): it says so at once, finishes the scenes whose goldens are
    /// being compared or written, writes the report, says which goldens it wrote and which
    /// scenes it left out, and exits 128 + the signal.
    @MainActor
    func run(mode: GoldenRecordMode, recording: Bool = false) throws {
        // Folders whether they exist yet or not: a URL made from a path ends in "/" only when
        // it names a folder there then, and the shards of a run must name the same folders.
        var run = GoldenRun(goldenDirectory: URL(fileURLWithPath: goldenDirectory, isDirectory: true),
                            reportDirectory: URL(fileURLWithPath: reportPath, isDirectory: true), mode: mode,
                            jobs: workers.jobs, allowsEmpty: allowEmpty, sceneDirectory: Self.sceneDirectory,
                            junitFile: junit.map { URL(fileURLWithPath: $0) })
        run.loadOptions = loading.options
        run.shard = shard
        let cancellation = RenderCancellation()
        let signals = RenderSignals(cancelling: cancellation, secondEnds: true)
        defer { signals.stop() }
        cancellation.whenCancelled { signal in
            StandardError.write("flipbook: \(RenderSignals.name(signal)): finishing the scenes whose goldens are "
                                + "being \(recording ? "written" : "compared"), then stopping (again to stop at once)\n")
        }
        run.cancellation = cancellation
        let outcome = try run.run(files: sceneFiles(), allScenes: scenes.isEmpty, recording: recording,
                                  log: { print($0) }, warn: { StandardError.write($0 + "\n") }, sceneFailed: report)
        let label = shard.map { "golden: shard \($0):" } ?? "golden:"
        guard let signal = outcome.stoppedBy else {
            return try conclude(outcome, recording: recording, label: label, reportPath: reportPath, junit: junit)
        }
        summarize(outcome, recording: recording, label: label, reportPath: reportPath, junit: junit)
        StandardError.write("flipbook: stopped by \(RenderSignals.name(signal)); \(outcome.stopSummary)\n")
        throw ExitCode(128 + signal)
    }
}

/// Prints a run's (or a merge's) counts and where its report is (`summarize`), and fails
/// when a scene did not pass.
func conclude(_ outcome: GoldenRun.Outcome, recording: Bool, label: String, reportPath: String,
              junit: String?) throws {
    summarize(outcome, recording: recording, label: label, reportPath: reportPath, junit: junit)
    if outcome.failed > 0 { throw ExitCode.failure }
}

/// Prints a run's (or a merge's) counts and where its report is. A recording run counts
/// the scenes it wrote a golden of, and those whose goldens all stayed (`record --changed`)
/// when there are any; a stopped run, the scenes it left out.
func summarize(_ outcome: GoldenRun.Outcome, recording: Bool, label: String, reportPath: String, junit: String?) {
    let checked = outcome.report.scenes.count, leftOut = outcome.notChecked.count, failed = outcome.failed - leftOut
    let notDone = leftOut > 0 ? ", \(leftOut) not \(recording ? "recorded" : "checked")" : ""
    if recording {
        let recorded = outcome.report.scenes.filter(\.recordedAny).count, unchanged = checked - recorded
        print("\(label) recorded \(recorded) scene\(recorded == 1 ? "" : "s"), "
              + (unchanged > 0 ? "\(unchanged) unchanged, " : "") + "\(failed) failed" + notDone)
    } else {
        print("\(label) \(checked + outcome.report.errors.count - outcome.failed) passed, \(failed) failed" + notDone)
    }
    print("golden: report: " + (reportPath as NSString).appendingPathComponent(GoldenReport.indexName))
    if let junit { print("golden: JUnit: " + junit) }
}

struct Check: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare scenes' golden frames with freshly rendered ones.",
        discussion: """
            Exact comparison first, then per-channel tolerance and an allowed pixel count (set per \
            scene under golden:). GOLDEN_RECORD=missing|all|failed|changed|never says what to record \
            (default: missing, or never when CI is set); recording fails the run. Every run \
            writes --report-directory/index.html: each failed frame's expected, actual and diff \
            images with its counts and threshold, and the goldens no scene uses; --junit FILE \
            writes the summary as JUnit XML too. A run that finds no golden frame to check \
            fails unless --allow-empty.
            """)

    @OptionGroup var options: GoldenOptions

    func perform() throws {
        try options.run(mode: try GoldenRecordMode.fromEnvironment(ProcessInfo.processInfo.environment))
    }
}

struct Record: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record (overwrite) scenes' golden frames from fresh renders.",
        discussion: "Look at the recorded PNGs before committing them; `check` then compares against them.")

    @OptionGroup var options: GoldenOptions

    @Flag(help: "Rewrite only the goldens that are missing or fail their check; passing ones stay untouched.")
    var changed = false

    func perform() throws {
        try options.run(mode: changed ? .changed : .all, recording: true)
    }
}
