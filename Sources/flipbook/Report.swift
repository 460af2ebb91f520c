import ArgumentParser
import FlipbookGolden
import Foundation

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with golden reports.",
        subcommands: [Merge.self])

    struct Merge: FlipbookCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the reports of a sharded golden check (check --shard K/N) into one.",
            discussion: """
                Each shard writes its report directory (check --shard K/N --report-directory DIR); \
                merging all N gives the report, counts and JUnit file one unsharded check would \
                have written, looking for unused goldens over every scene. Fails, as the check \
                would, when a scene failed; refuses an incomplete or mixed set of shards, naming \
                the shards to rerun.

                  flipbook check --shard 0/2 --report-directory out/golden-report.shard-0-of-2
                  flipbook check --shard 1/2 --report-directory out/golden-report.shard-1-of-2
                  flipbook report merge out/golden-report.shard-*-of-2 -o out/golden-report
                """)

        @Argument(help: "The shards' report directories, in any order.")
        var directories: [String]

        @Option(name: .shortAndLong, help: "Where the merged report goes.")
        var output = GoldenOptions.defaultReportDirectory

        @Option(help: ArgumentHelp("Also write the merged summary as JUnit XML to this file, for CI.",
                                   valueName: "file"))
        var junit: String?

        func perform() throws {
            let outcome = try GoldenRun.merge(shardDirectories: directories.map { URL(fileURLWithPath: $0) },
                                              into: URL(fileURLWithPath: output, isDirectory: true),
                                              junitFile: junit.map { URL(fileURLWithPath: $0) }, log: { print($0) })
            try conclude(outcome, recording: outcome.recording,
                         label: "golden: merged \(directories.count) shard\(directories.count == 1 ? "" : "s"):",
                         reportPath: output, junit: junit)
        }
    }
}
