import FlipbookGolden
import Foundation

/// The golden report of the snapshots this test process has checked: `index.html` in the
/// artifacts folder (`SNAPSHOT_ARTIFACTS`, or `flipbook-snapshots` in the temporary
/// folder), the page `flipbook check` writes, rewritten after each assertion, so a CI job
/// keeps one page with every failed snapshot's expected, actual and diff images.
@MainActor
enum SnapshotReport {
    /// Each test's snapshots, by test, in the order they were first checked.
    private static var tests: [GoldenSceneReport] = []

    /// Adds the checks of the test at `site` (its recording at `fps`) and rewrites the page.
    /// - Returns: the page's URL.
    @discardableResult
    static func add(_ checks: [SnapshotCheck], site: AssertionSite, fps: Double, tolerance: GoldenTolerance,
                    mode: GoldenRecordMode) throws -> URL {
        let name = "\(site.testFileName) › \(site.testName)"
        let frames = checks.map { check in
            GoldenFrameReport(index: Int((check.time * fps).rounded()), outcome: outcome(of: check, mode: mode))
        }
        if let index = tests.firstIndex(where: { $0.scene == name }) {
            tests[index].frames += frames
        } else {
            var report = GoldenSceneReport(scene: name, frames: frames, tolerance: tolerance)
            report.fps = fps
            tests.append(report)
        }
        return try GoldenReport(scenes: tests).write(to: SnapshotRecording.artifactRoot)
    }

    private static func outcome(of check: SnapshotCheck, mode: GoldenRecordMode) -> GoldenFrameOutcome {
        switch check.outcome {
        case .passed: .matched
        case .recorded: .recorded(check.golden, reason: mode == .all ? .all : mode == .missing ? .missing : .failed)
        case .missing: .missing(check.golden)
        case .failed(let result, let expected, let actual, let diff): .failed(result, expected: expected, actual: actual, diff: diff)
        }
    }
}
