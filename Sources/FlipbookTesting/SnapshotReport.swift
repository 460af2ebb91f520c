import FlipbookGolden
import Foundation

/// The golden report of the snapshots checked: a page per test file, `<TestFile>/index.html`
/// in the artifacts folder beside its failure images — the page `flipbook check` writes,
/// rewritten after each assertion — and an `index.html` above that links every test
/// file's page. XCTest and Swift Testing run in processes of their own, so each keeps
/// to the pages of its own test files.
@MainActor
enum SnapshotReport {
    /// Each test file's tests, by the file's page folder, in the order first checked.
    private static var pages: [URL: [GoldenSceneReport]] = [:]

    /// Adds the checks of the test at `site` (its recording at `fps`) and rewrites its
    /// file's page and the list of pages.
    /// - Returns: the test file's page.
    @discardableResult
    static func add(_ checks: [SnapshotCheck], site: AssertionSite, fps: Double, tolerance: GoldenTolerance,
                    mode: GoldenRecordMode) throws -> URL {
        let folder = SnapshotRecording.artifactFolder(site: site)
        let frames = checks.map { check in
            GoldenFrameReport(index: Int((check.time * fps).rounded()), outcome: outcome(of: check, mode: mode))
        }
        var tests = pages[folder] ?? []
        if let index = tests.firstIndex(where: { $0.scene == site.testName }) {
            tests[index].frames += frames
        } else {
            tests.append(GoldenSceneReport(scene: site.testName, frames: frames, tolerance: tolerance, fps: fps))
        }
        pages[folder] = tests
        var report = GoldenReport(scenes: tests)
        report.subject = .tests
        let page = try report.write(to: folder)
        try writeList(in: SnapshotRecording.artifactRoot(site: site))
        return page
    }

    /// `index.html` of the artifacts folder: a link to each test file's page found there.
    private static func writeList(in root: URL) throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let items = folders.sorted().filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("index.html").path)
        }.map { "<li><a href=\"\($0)/index.html\">\($0)</a></li>" }
        let html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Snapshot reports</title></head>\n"
            + "<body>\n<h1>Snapshot reports</h1>\n<p>One page per test file, from the last run of its tests.</p>\n<ul>\n"
            + items.joined(separator: "\n") + "\n</ul>\n</body></html>\n"
        try Data(html.utf8).write(to: root.appendingPathComponent("index.html"), options: .atomic)
    }

    private static func outcome(of check: SnapshotCheck, mode: GoldenRecordMode) -> GoldenFrameOutcome {
        switch check.outcome {
        case .passed: .matched
        case .recorded: .recorded(check.golden, reason: mode == .all ? .all : mode == .missing ? .missing : .failed)
        case .missing: .missing(check.golden)
        case .failed(let result, let expected, let actual, let diff): .failed(result, expected: expected, actual: actual, diff: diff)
        case .unreadable(let reason, let actual): .unreadable(golden: check.golden, reason: reason, actual: actual)
        }
    }
}
