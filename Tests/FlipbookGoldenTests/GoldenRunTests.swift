import FlipbookGolden
import Foundation
import Testing

/// A golden run over scene files, as `flipbook check` and `record` make it: record, then
/// pass, scenes that cannot load, unused goldens, the report page.
@MainActor
@Suite struct GoldenRunTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-golden-run-\(UUID())")

    private func scene(_ name: String, _ yaml: String) throws -> String {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent(name)
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func run(_ files: [String], mode: GoldenRecordMode, failures: inout [String]) throws -> GoldenRun.Outcome {
        var log: [String] = []
        let run = GoldenRun(goldenDirectory: root.appendingPathComponent("golden"),
                            reportDirectory: root.appendingPathComponent("report"), mode: mode, jobs: 2)
        return try run.run(files: files, allScenes: true, log: { log.append($0) }, sceneFailed: { failures.append("\($0)") })
    }

    @Test func aMissingGoldenIsRecordedAndFailsThenTheNextRunPasses() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let box = try scene("box.yaml", """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: 0.5}
            layers: [{id: a, frame: [2, 2, 8, 8], backgroundColor: red}]
            golden: {frames: [0, last]}
            """)
        var failures: [String] = []

        let first = try run([box], mode: .missing, failures: &failures)
        let second = try run([box], mode: .never, failures: &failures)

        #expect(first.failed == 1)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("golden/box/frame_00005.png").path))
        #expect(second.failed == 0)
        #expect(second.report.passed)
        #expect(second.reportPage.lastPathComponent == "index.html")
        #expect(FileManager.default.fileExists(atPath: second.reportPage.path))
        #expect(failures.isEmpty)
    }

    @Test func aSceneThatCannotLoadIsReportedAndCountedAndUnusedGoldensAreFound() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = try scene("bad.yaml", "flipbook: 1\ncanvas: {size: [16, 16]}\nlayers: [{id: a, frme: [0, 0, 1, 1]}]\n")
        let stray = root.appendingPathComponent("golden/gone")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try Data([0]).write(to: stray.appendingPathComponent("frame_00000.png"))
        var failures: [String] = []

        let outcome = try run([bad], mode: .never, failures: &failures)

        #expect(outcome.failed == 1)
        #expect(outcome.report.errors.map(\.file) == [bad])
        #expect(failures.count == 1 && failures[0].contains("unknown key 'frme'"))
        #expect(outcome.report.unused.folders.map(\.lastPathComponent) == ["gone"])
    }
}
