import FlipbookTesting
import Foundation

/// Where a strategy was made (its call site, `assertSnapshot`'s), and how its snapshots
/// are taken there: on the main actor, a snapshot that cannot be taken reported at once.
struct SnapshotSite: Sendable {
    let assertion: AssertionSite

    init(assertion: AssertionSite) { self.assertion = assertion }

    /// The site of the strategy's call, from its caller's `#fileID` … `#column`.
    init(_ fileID: StaticString, _ filePath: StaticString, _ function: StaticString, _ line: UInt, _ column: UInt) {
        assertion = AssertionSite(fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    }

    /// Takes a snapshot with `take` on the main actor, where recorders, views and layers
    /// live; `assertSnapshot` and `verifySnapshot` call a strategy at once, so from a
    /// `@MainActor` test (or `MainActor.assumeIsolated` in XCTest) it runs there. When
    /// `take` throws, the reason is recorded as a failure at the assertion now, and
    /// `unavailable` makes the snapshot value.
    ///
    /// The failure is recorded here, not only in the comparison, because swift-snapshot-testing
    /// compares nothing when the reference is missing: it records the value, and its
    /// message would not say why the snapshot is wrong.
    func take<Format: Sendable>(_ take: @MainActor () throws -> Format,
                                unavailable: (String) -> Format) -> Format {
        do {
            return try MainActor.assumeIsolated { try take() }
        } catch {
            let problem = "cannot snapshot: \(error)"
            assertion.recordFailure(problem)
            return unavailable(problem)
        }
    }

    /// Where the diff image of a failed comparison goes: beside the copy of the failed
    /// snapshot swift-snapshot-testing writes, in `$SNAPSHOT_ARTIFACTS` (or the temporary
    /// folder) `/<TestFile>/`, named after the test and the assertion's line.
    func diffImageURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let root = environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: root, isDirectory: true)
            .appendingPathComponent(assertion.testFileName)
            .appendingPathComponent("\(assertion.testName).line\(assertion.line).diff.png")
    }
}
