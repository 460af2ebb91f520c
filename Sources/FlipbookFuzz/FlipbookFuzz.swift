import ArgumentParser
import Foundation

/// `flipbook-fuzz`: mutated copies of the scenes under `scenes/`, run through `flipbook
/// validate`, `probe` and `render --format none`, each with a time limit; counts what each
/// case did and keeps the ones that crashed, hung or failed without saying where.
@main
struct FlipbookFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook-fuzz",
        abstract: "Run mutated copies of the scenes through flipbook; keep the cases that crash, hang or fail unlocated.",
        discussion: """
            Case N of a seed is always the same file: a scene under --scenes changed one to three \
            times (bit flips, deleted or duplicated lines, swapped values, values of the wrong \
            type, extreme numbers, NaN and infinities, deep nesting, unicode). Each case runs \
            through validate, probe and render --format none (one validate refuses with a located \
            error goes no further: the others load it alike). A case is ok, a located error \
            (FILE:LINE:COL: error: or a limit naming the value), an unlocated error, a crash \
            (a signal or a Swift trap) or a hang (killed at --time-limit with its process group). \
            Failing cases are kept under OUTPUT/scenes/, listed with their commands in \
            OUTPUT/failures.txt. Exits 1 when any case fails.
            """
    )

    @Option(name: .shortAndLong, help: "How many cases to run.")
    var cases = 300

    @Option(help: "The seed: the same seed and case number give the same file.")
    var seed: UInt64 = 1

    @Option(help: "The first case's number (to rerun one case: --first 123 --cases 1).")
    var first = 0

    @Option(help: "Seconds a command may run before it counts as a hang and is killed.")
    var timeLimit: Double = 10

    @Option(help: "Virtual memory a command may use, in MiB.")
    var memory = 8_192

    @Option(help: "Cases run at once.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "The flipbook binary (default: the one beside flipbook-fuzz).")
    var flipbook: String?

    @Option(help: "The scenes to mutate: every .yaml under this folder.")
    var scenes = "scenes"

    @Option(name: .shortAndLong, help: "Where failing cases and failures.txt go (emptied first).")
    var output = "out/fuzz"


    func validate() throws {
        guard cases >= 1, jobs >= 1, timeLimit > 0, memory >= 64 else {
            throw ValidationError("--cases and --jobs must be at least 1, --time-limit above 0, --memory at least 64")
        }
    }

    func run() throws {
        let binary = flipbook ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("flipbook").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no flipbook at \(binary) (build it, or pass --flipbook)")
        }
        let fuzz = FuzzRun(flipbook: binary, scenes: URL(fileURLWithPath: scenes), output: URL(fileURLWithPath: output),
                           seed: seed, first: first, count: cases,
                           timeLimit: timeLimit, memoryKiB: memory * 1024, workers: jobs)
        let signals = RunningGroups.shared.killAllOnSignals()
        defer { signals.forEach { $0.cancel() } }
        let start = DispatchTime.now().uptimeNanoseconds
        let (verdicts, failures) = try fuzz.run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9

        let counts = Verdict.allCases.reversed().map { verdict in "\(verdicts.filter { $0 == verdict }.count) \(verdict.name)" }
        print("fuzz: \(verdicts.count) cases (seed \(seed)\(first > 0 ? ", from \(first)" : "")) in "
              + String(format: "%.1f s", seconds) + ": " + counts.joined(separator: ", "))
        guard !failures.isEmpty else { return }
        var list = ""
        for failure in failures {
            let line = "\(failure.verdict.name) case \(failure.fuzzCase.index) (\(failure.fuzzCase.source): "
                + failure.fuzzCase.changes.joined(separator: "; ") + ")\n  flipbook " + failure.command.joined(separator: " ")
                + "\n  " + failure.message + "\n"
            list += line
            print(line, terminator: "")
        }
        try Data(list.utf8).write(to: URL(fileURLWithPath: output).appendingPathComponent("failures.txt"))
        print("fuzz: \(failures.count) failing cases kept under \(output)/scenes, listed in \(output)/failures.txt")
        throw ExitCode.failure
    }
}
