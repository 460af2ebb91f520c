import FlipbookGolden
import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
import FlipbookUIKit
import Foundation
import Testing

/// FlipbookTesting from Swift Testing: golden frames of a code-built animation beside the
/// test, and the failures a changed animation gives.
@MainActor
@Suite struct AnimationSnapshotTests {
    @Test func cardSlidesAndFades_V2() {
        let (recorder, _) = slidingCard()

        assertAnimationSnapshots(of: recorder, at: [0, 0.25, 0.5, 1])
    }

    @Test func framesAreSnapshotsAtTheirTimes_T5() throws {
        let (recorder, _) = slidingCard()

        withKnownIssue("frame 5 at 20 fps is t = 0.25 s, the golden named 0.250s; frame 6 is later") {
            assertAnimationSnapshots(of: recorder, atFrames: [5, 6], named: ["0.250s", "0.500s"], record: .never,
                                     testName: "cardSlidesAndFades_V2")
        } matching: { issue in
            "\(issue)".contains("snapshot '0.500s' (t = 0.3 s) does not match")
        }
    }

    @Test func aChangedCurveFailsTheSnapshotsOfTheOriginal_V7() throws {
        let (recorder, _) = slidingCard(broken: true)

        let checks = try checkAnimationSnapshots(of: recorder, at: [0, 0.25, 1], record: .never,
                                                 testName: "cardSlidesAndFades_V2")

        #expect(checks.map(\.outcome.isFailure) == [false, true, false], "a linear slide is ahead at 0.25 s, level at the ends")
        guard case .failed(let result, let expected, let actual, let diff)? = checks.dropFirst().first?.outcome else { return }
        #expect(result.differingPixels > 0)
        for image in [expected, actual, diff] { #expect(FileManager.default.fileExists(atPath: image.path), "\(image.path)") }
        #expect(checks[1].failureMessage?.contains("snapshot '0.250s' (t = 0.25 s) does not match") == true)
    }

    @Test func aFailedSnapshotIsAnIssueAtTheAssertionAndInTheReport() throws {
        let (recorder, _) = slidingCard(broken: true)
        let artifacts = artifactFolder()

        withKnownIssue("a linear slide differs from the golden of the ease-in-out one") {
            assertAnimationSnapshots(of: recorder, at: [0.25], record: .never, testName: "cardSlidesAndFades_V2")
        } matching: { issue in
            issue.sourceLocation?.fileName == "AnimationSnapshotTests.swift"
                && "\(issue)".contains("does not match") && "\(issue)".contains("; report: \(artifacts.path)/index.html")
        }

        let html = try String(contentsOfFile: artifacts.appendingPathComponent("index.html").path, encoding: .utf8)
        #expect(html.contains("aFailedSnapshotIsAnIssueAtTheAssertionAndInTheReport frame 5, <span class=\"time\">t = 0.25 s"))
        let list = try String(contentsOfFile: artifacts.deletingLastPathComponent().appendingPathComponent("index.html").path,
                              encoding: .utf8)
        #expect(list.contains("<a href=\"AnimationSnapshotTests/index.html\">"))
        #expect(html.contains("cardSlidesAndFades_V2.0.250s.diff.png"))
        #expect(html.contains("<h2>Tests</h2>") && !html.contains("Unused goldens") && !html.contains(" scene"),
                "the page speaks of tests")
    }

    @Test func aGoldenCutShortFailsItsSnapshotAloneAtTheAssertionAndInTheReport() throws {
        let (recorder, _) = slidingCard()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/AnimationSnapshotTests")
        let (good, cut) = (folder.appendingPathComponent("cutShort.0.000s.png"), folder.appendingPathComponent("cutShort.0.250s.png"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("cardSlidesAndFades_V2.0.000s.png"), to: good)
        try Data(contentsOf: folder.appendingPathComponent("cardSlidesAndFades_V2.0.250s.png")).prefix(100).write(to: cut)
        defer { for url in [good, cut] { try? FileManager.default.removeItem(at: url) } }

        withKnownIssue("the golden of 0.25 s is cut short") {
            assertAnimationSnapshots(of: recorder, at: [0, 0.25], record: .never, testName: "cutShort")
        } matching: { issue in
            let message = "\(issue)"
            return issue.sourceLocation?.fileName == "AnimationSnapshotTests.swift"
                && message.contains("snapshot '0.250s' (t = 0.25 s): the golden \(cut.path) cannot be read: cannot decode PNG: ")
                && message.contains("to record it again, run the test with GOLDEN_RECORD=failed")
        }

        let html = try String(contentsOfFile: artifactFolder().appendingPathComponent("index.html").path, encoding: .utf8)
        #expect(html.contains("The golden file <code>"), "the page says the golden cannot be read")
        #expect(html.contains("cutShort.0.250s.actual.png"))
    }

    @Test func aMissingGoldenSaysWhyNothingWasRecorded() throws {
        let (recorder, _) = slidingCard()
        let onCI = !["", "false", "0"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased())

        let checks = try checkAnimationSnapshots(of: recorder, at: [0.5], named: ["never recorded"], record: .never)

        #expect(checks.first?.outcome == .missing)
        let message = try #require(checks.first?.failureMessage)
        #expect(message.contains(onCI ? "nothing is recorded under CI (CI=" : "record mode 'never' does not record missing goldens"),
                "\(message)")
    }

    @Test func aRecordingRunForwardCannotRenderFromTheStart_T5() throws {
        let (recorder, _) = slidingCard()
        _ = try recorder.image(at: 0.5)

        #expect {
            try recorder.render(into: BitmapCollector(width: 120, height: 60))
        } throws: { error in
            "\(error)".contains("renders from t = 0, and this one has run to t = 0.5 s")
        }
    }

    @Test func timesMustNotGoBack_T5() throws {
        let (recorder, _) = slidingCard()
        try recorder.run(until: 0.5)

        #expect(throws: SnapshotError.self) { try recorder.image(at: 0.25) }
    }
}

/// Where this file's failed snapshots and report page go: `$SNAPSHOT_ARTIFACTS`, else
/// `.build/flipbook-snapshots` of the package, then `AnimationSnapshotTests/`.
private func artifactFolder() -> URL {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return (ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? package.appendingPathComponent(".build/flipbook-snapshots")).appendingPathComponent("AnimationSnapshotTests")
}

extension SnapshotCheck.Outcome {
    var isFailure: Bool {
        if case .failed = self { true } else { false }
    }
}
