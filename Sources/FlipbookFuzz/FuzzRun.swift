import Foundation

/// A fuzz run: cases 0..<count of a seed, each written beside a copy of its source scene's
/// folder and run through every command; failing cases are kept, the rest removed.
struct FuzzRun {
    /// A command a case runs through, with the arguments after the scene's path.
    struct Command: Sendable {
        var name: String
        var arguments: [String]
        static let all = [
            Command(name: "validate", arguments: []),
            Command(name: "probe", arguments: ["--at", "0,0.5,1.25"]),
            Command(name: "render", arguments: ["--format", "none", "--jobs", "1", "--progress", "none"]),
        ]
    }

    /// A case that failed: which command, how, and the first line of what it said.
    struct Failure: Sendable {
        var fuzzCase: FuzzCase
        var verdict: Verdict
        var command: [String]
        var message: String
    }

    /// The flipbook run, the scenes mutated, and where cases are written and kept.
    var flipbook: String, scenes: URL, output: URL
    /// Cases `first..<first + count` of `seed`.
    var seed: UInt64, first: Int, count: Int
    /// What each command may take: seconds, virtual memory in KiB.
    var timeLimit: Double, memoryKiB: Int
    /// Cases run at once.
    var workers: Int

    /// Runs every case; returns the worst verdict of each and the failures.
    func run() throws -> (verdicts: [Verdict], failures: [Failure]) {
        let sources = try prepare()
        let mutations = Mutation.allCases
        let results = Results(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let scratch = output.appendingPathComponent("work-\(worker)")
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            while let index = results.take() {
                let fuzzCase = FuzzCase(index: first + index, seed: seed, sources: sources, mutations: mutations)
                do {
                    results.record(index, try run(fuzzCase, in: scratch))
                } catch {
                    results.stop(error)
                }
            }
            try? FileManager.default.removeItem(at: scratch)
        }
        return try results.finished()
    }

    /// Copies the files of `scenes` that are not scenes (the images they name) under the
    /// output folder, where the cases are written; returns every scene, in a fixed order.
    private func prepare() throws -> [(path: String, bytes: [UInt8])] {
        let files = FileManager.default
        try? files.removeItem(at: output)
        var sources: [(path: String, bytes: [UInt8])] = []
        guard let walker = files.enumerator(atPath: scenes.path) else { throw FuzzError("no folder \(scenes.path)") }
        for case let path as String in walker {
            let from = scenes.appendingPathComponent(path), to = output.appendingPathComponent("scenes/" + path)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: from.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if path.hasSuffix(".yaml") {
                sources.append((path, Array(try Data(contentsOf: from))))
            } else if !path.hasSuffix(".json") && !path.hasSuffix(".md") {
                try files.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try files.copyItem(at: from, to: to)
            }
        }
        guard !sources.isEmpty else { throw FuzzError("no scenes (*.yaml) under \(scenes.path)") }
        return sources.sorted { $0.path < $1.path }
    }

    /// Runs one case through every command; keeps its file when one fails.
    private func run(_ fuzzCase: FuzzCase, in scratch: URL) throws -> (Verdict, Failure?) {
        let folder = output.appendingPathComponent("scenes/" + fuzzCase.folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = folder.appendingPathComponent(fuzzCase.fileName)
        let path = relativePath(scene)
        try Data(fuzzCase.bytes).write(to: scene)
        var worst = Verdict.ok
        for command in Command.all {
            let arguments = [command.name, scene.path] + command.arguments
            let child = ChildProcess(executable: flipbook, arguments: arguments, folder: scratch,
                                     seconds: timeLimit, memoryKiB: memoryKiB)
            let (ending, stderr) = try child.run()
            let verdict = Verdict(ending, stderr: stderr, scene: scene.path)
            worst = min(worst, verdict)
            if verdict.isFailure {
                // What it said, or how it ended and the runtime's message if there is one.
                let lines = stderr.split(separator: "\n")
                let said = verdict == .unlocatedError ? lines.first.map(String.init) ?? "\(ending)"
                    : (["\(ending)"] + lines.filter { $0.contains("Fatal error") }.prefix(1)).joined(separator: ": ")
                return (verdict, Failure(fuzzCase: fuzzCase, verdict: verdict, command: [command.name, path] + command.arguments,
                                         message: said.replacingOccurrences(of: scene.path, with: path)))
            }
            // A scene validate refuses, probe and render refuse the same way: they load it alike.
            if verdict == .locatedError && command.name == "validate" { break }
        }
        try? FileManager.default.removeItem(at: scene)
        return (worst, nil)
    }

    /// `url`'s path from the working folder, when it is inside it.
    private func relativePath(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(here) ? String(url.path.dropFirst(here.count)) : url.path
    }
}

/// The cases' verdicts as workers finish them, and the next case to take.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var verdicts: [Verdict?]
    private var failures: [Int: FuzzRun.Failure] = [:]
    private var error: Error?

    init(count: Int) { verdicts = Array(repeating: nil, count: count) }

    func take() -> Int? {
        lock.withLock {
            guard next < verdicts.count, error == nil else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func record(_ index: Int, _ result: (Verdict, FuzzRun.Failure?)) {
        lock.withLock {
            verdicts[index] = result.0
            failures[index] = result.1
        }
    }

    /// Stops the run: the harness itself failed.
    func stop(_ error: Error) {
        lock.withLock { self.error = self.error ?? error }
    }

    func finished() throws -> (verdicts: [Verdict], failures: [FuzzRun.Failure]) {
        try lock.withLock {
            if let error { throw error }
            return (verdicts.compactMap { $0 }, failures.keys.sorted().compactMap { failures[$0] })
        }
    }
}
