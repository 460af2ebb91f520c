import Foundation
import Testing

/// Scenes whose timeline breaks a rule only when it runs: never a crash, always
/// `FILE:LINE:COL: error: …` and a non-zero exit (docs/scene-format.md "Errors").
///
/// Swift Testing rather than XCTest so a bug not fixed yet can be marked `withKnownIssue`.
@Suite struct RunTimeErrorTests {
    /// Writes `yaml` to a fresh file, runs `flipbook arguments… FILE` and returns the file's
    /// path, the exit status, standard output and standard error.
    private func flipbook(_ arguments: [String], scene yaml: String) throws
        -> (path: String, status: Int32, out: String, err: String) {
        let binary = try #require(CLITestCase.binary, "flipbook is not built beside the tests (run swift build --build-tests)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-runtime-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.yaml")
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        try yaml.write(to: scene, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + [scene.path]
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (scene.path, process.terminationStatus,
                try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    @Test func layerUsedBeforeTheEntryThatAddsItIsAnErrorNotACrash() throws {
        // The reference is read after the addSublayer (file order) but runs before it (time order).
        let result = try flipbook(["validate"], scene: """
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: host, frame: [0, 0, 100, 100]}]
            timeline:
              - {at: 1, do: [{addSublayer: {to: host, layer: {id: fresh, frame: [0, 0, 10, 10]}}}]}
              - {at: 0.5, do: [{set: {target: fresh, opacity: 0}}]}
            """)

        let firstLine = String(result.err.split(separator: "\n").first ?? "")
        do {
            #expect(result.status == 1)
            #expect(firstLine.hasPrefix("\(result.path):6:"))
            #expect(firstLine.contains("'fresh'"))
        }
    }

    /// Scenes that log or change an animator's state before an entry that fails when it
    /// runs: the failing entry's line and the error's words.
    static let lateFailures: [(scene: String, line: Int, message: String)] = [
        ("""
            flipbook: 1
            canvas: {size: [100, 100]}
            layers: [{id: host, frame: [0, 0, 100, 100]}]
            timeline:
              - {at: 0.25, do: [{log: before}]}
              - {at: 1, do: [{addSublayer: {to: host, layer: {id: fresh}}}]}
              - {at: 0.5, do: [{removeFromSuperlayer: fresh}]}
            """, 7, "'fresh' does not exist yet at t = 0.5 s"),
        ("""
            flipbook: 1
            canvas: {size: [100, 100], fps: 10}
            views: [{id: card, frame: [0, 0, 20, 20], backgroundColor: red}]
            timeline:
              - at: 0
                do:
                  - log: started
                  - animator: {id: a1, duration: 2, start: true, do: [{set: {target: card, center: [80, 80]}}]}
              - {at: 1.5, do: [{animatorCall: {id: a1, call: finishAnimation, at: current}}]}
            """, 9, "at t = 1.5 s, finishAnimation(at:) needs a stopped animator; 'a1' is active"),
    ]

    /// A bad scene never prints partly (docs/scene-format.md "Errors"): `events` keeps the
    /// log until the run has succeeded, as `probe` keeps its values.
    @Test(arguments: [["events"], ["probe", "--at", "0.25"]], lateFailures.indices)
    func aRunTimeErrorAfterSomeEventsPrintsNothingOnStandardOutputOnlyTheError(command: [String], failure: Int) throws {
        let (scene, line, message) = Self.lateFailures[failure]

        let result = try flipbook(command, scene: scene)

        #expect(result.status == 1)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("\(result.path):\(line):"), "the failing entry")
        #expect(result.err.contains(message), "\(result.err)")
    }
}
