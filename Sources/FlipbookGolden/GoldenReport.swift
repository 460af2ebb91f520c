import Foundation

/// One golden run over a set of scenes: each scene's outcome, the scenes that could not
/// be checked and the unused goldens, written as a page to look at in a browser.
public struct GoldenReport: Sendable, Codable {
    /// A scene file that could not be loaded, rendered or checked.
    public struct SceneError: Sendable, Equatable, Codable {
        public var file: String
        /// The error as printed: `scene.yaml:3:7: error: …`.
        public var message: String

        public init(file: String, message: String) {
            (self.file, self.message) = (file, message)
        }
    }

    /// The page's file name in the report directory.
    public static let indexName = "index.html"

    /// In the order the scenes were checked.
    public var scenes: [GoldenSceneReport]
    public var errors: [SceneError]
    public var unused: UnusedGoldens
    /// Why the run failed for checking nothing, when it did: `no scenes with golden frames
    /// found under scenes/`.
    public var nothingChecked: String?
    /// Where the goldens are, when known; the command that accepts a change names it unless
    /// it is `golden` in the current directory.
    public var goldenDirectory: URL?
    /// What was checked: scene files (`flipbook check`) or the tests of a Swift test file
    /// (FlipbookTesting), which names the page's words and leaves out unused goldens.
    public var subject = Subject.scenes

    public enum Subject: String, Sendable, Codable {
        case scenes, tests

        /// "scene" or "test".
        var noun: String { self == .scenes ? "scene" : "test" }
    }

    public init(scenes: [GoldenSceneReport], errors: [SceneError] = [], unused: UnusedGoldens = UnusedGoldens(),
                nothingChecked: String? = nil, goldenDirectory: URL? = nil) {
        (self.scenes, self.errors, self.unused) = (scenes, errors, unused)
        (self.nothingChecked, self.goldenDirectory) = (nothingChecked, goldenDirectory)
    }

    /// True when every scene was checked and passed, and the run checked something (or
    /// was allowed not to). Unused goldens do not fail a run.
    public var passed: Bool {
        errors.isEmpty && nothingChecked == nil && scenes.allSatisfy(\.passed)
    }

    /// Writes `index.html` into `directory` (created when needed), replacing an earlier
    /// run's page, whether this run passed or not: a page that is always there is never
    /// a stale one.
    ///
    /// Failure images are linked relative to `directory`, so the directory can be moved
    /// or kept as a CI artifact whole.
    /// - Returns: the page's URL.
    /// - Throws: `GoldenError` naming the file when it cannot be written.
    @discardableResult
    public func write(to directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(Self.indexName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(html(linkingFrom: directory).utf8).write(to: url, options: .atomic)
        } catch {
            throw GoldenError("cannot write the golden report: \(error.localizedDescription)", path: url.path)
        }
        return url
    }

    /// `All 12 frames of 4 scenes passed.` or `2 frames failed, 1 golden missing; 1 scene
    /// could not be checked; 12 frames of 4 scenes checked.`
    public var headline: String {
        let outcomes = scenes.flatMap { $0.frames.map(\.outcome) }
        let frames = counted(outcomes.count, "frame"), sceneCount = counted(scenes.count, subject.noun)
        if let nothingChecked, errors.isEmpty {
            return "Nothing was checked: \(nothingChecked)."
        }
        if passed {
            return outcomes.isEmpty ? "No golden frame was checked." : "All \(frames) of \(sceneCount) passed."
        }
        var problems: [String] = []
        let counts = OutcomeCounts(outcomes)
        if counts.failed > 0 { problems.append(counted(counts.failed, "frame") + " failed") }
        if counts.missing > 0 { problems.append(counted(counts.missing, "golden") + " missing") }
        if counts.recorded > 0 { problems.append(counted(counts.recorded, "golden") + " recorded") }
        var sentences = problems.isEmpty ? [] : [problems.joined(separator: ", ")]
        if !errors.isEmpty {
            sentences.append(counted(errors.count, "scene") + " could not be checked")
        }
        sentences.append("\(frames) of \(sceneCount) checked")
        return sentences.joined(separator: "; ") + "."
    }
}

/// `1 frame`, `2 frames`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// How many frames failed, had no golden, or had theirs recorded.
struct OutcomeCounts {
    var failed = 0, missing = 0, recorded = 0

    init<Outcomes: Sequence<GoldenFrameOutcome>>(_ outcomes: Outcomes) {
        for outcome in outcomes {
            switch outcome {
            case .failed, .unreadable: failed += 1
            case .missing: missing += 1
            case .recorded: recorded += 1
            case .matched, .matchedWithinTolerance: break
            }
        }
    }
}
