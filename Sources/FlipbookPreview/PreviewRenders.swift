import FlipbookScene
import Foundation

/// The renders the page starts in the background: `flipbook render SCENE --format F`, run as
/// a child process in the preview's working folder exactly as the user would type it, so
/// the video goes where `render` writes it by default (`out/<scene>.<format>`, under the
/// folder the preview was started in) and a render that fails or crashes leaves the
/// server running.
///
/// One render of each format at a time: a second start while one runs is refused, so two
/// renders never write the same file. Progress comes from the child's `--progress json`
/// lines, which go to a file in the system's temporary folder (never the scene's) and are
/// read when the page asks.
@MainActor
final class PreviewRenders {
    /// The formats the page can render.
    static let formats = ["mp4", "gif"]

    private struct Job {
        let process: Process
        /// Where the child's standard output (the path written) and standard error (its
        /// progress lines, warnings and errors) go until it ends.
        let output: URL, log: URL
        var result: JSONValue?
    }

    /// The program and the words of `flipbook render SCENE` with the loading options.
    private let executable: String
    private let arguments: [String]
    private var jobs: [String: Job] = [:]
    /// The running children's process ids, for a signal thread to stop them off the main actor.
    nonisolated let runningIDs = ProcessIDs()

    init(executable: String, renderArguments: [String]) {
        self.executable = executable
        arguments = renderArguments
    }

    /// Starts rendering `format`; a 409 while a render of it runs, a 400 for another format.
    func start(_ format: String) -> PreviewResponse {
        guard Self.formats.contains(format) else {
            return .error("cannot render '\(format)' from the page: formats are \(Self.formats.joined(separator: ", "))", status: 400)
        }
        if let job = jobs[format], job.process.isRunning {
            return .error("a render of the \(format) is already running; wait for it to finish", status: 409)
        }
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-preview-\(getpid())-\(format)")
        let output = base.appendingPathExtension("out"), log = base.appendingPathExtension("err")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--format", format, "--progress", "json"]
        // Counted as starting until it is in the set, so that stopping waits for it too.
        guard runningIDs.beginStart() else { return .error("the preview is stopping", status: 503) }
        defer { runningIDs.endStart() }
        do {
            for file in [output, log] { FileManager.default.createFile(atPath: file.path, contents: nil) }
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardInput = FileHandle.nullDevice
            // A render that ends leaves the set at once, so a signal never reaches a
            // process id the system has since given to another program.
            process.terminationHandler = { [ids = runningIDs] ended in ids.remove(ended.processIdentifier) }
            try process.run()
        } catch {
            for file in [output, log] { try? FileManager.default.removeItem(at: file) }
            return .error("cannot start \(executable): \(error)", status: 500)
        }
        jobs[format] = Job(process: process, output: output, log: log)
        runningIDs.insert(process.processIdentifier, files: [output, log])
        // One that ended before it was put in the set is taken out again here.
        if !process.isRunning { runningIDs.remove(process.processIdentifier) }
        return .json(status(of: format))
    }

    /// Each format's render: `{"format", "state": running|done|failed, "done", "total",
    /// "output", "message"}` (message: what the render said on standard error, its warnings
    /// or its error), in `formats` order; formats never rendered are left out.
    var json: JSONValue {
        .array(Self.formats.filter { jobs[$0] != nil }.map(status(of:)))
    }

    private func status(of format: String) -> JSONValue {
        guard var job = jobs[format] else { return .null }
        if let result = job.result { return result }
        let lines = ((try? String(contentsOf: job.log, encoding: .utf8)) ?? "").split(separator: "\n")
        let progress = lines.last { $0.hasPrefix("{") }.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let said = lines.filter { !$0.hasPrefix("{") }.joined(separator: "\n")
        func state(_ name: String, message: String?, output: String?) -> JSONValue {
            .object([("format", .string(format)), ("state", .string(name)),
                     ("done", .integer(progress?["done"] as? Int ?? 0)),
                     ("total", .integer(progress?["total"] as? Int ?? 0)),
                     ("output", output.map(JSONValue.string) ?? .null), ("message", message.map(JSONValue.string) ?? .null)])
        }
        guard !job.process.isRunning else { return state("running", message: nil, output: nil) }
        let written = ((try? String(contentsOf: job.output, encoding: .utf8)) ?? "").split(separator: "\n").last.map(String.init)
        let succeeded = job.process.terminationReason == .exit && job.process.terminationStatus == 0
        let result = succeeded ? state("done", message: said.isEmpty ? nil : said, output: written)
                               : state("failed", message: said.isEmpty ? "flipbook render ended with status \(job.process.terminationStatus)" : said,
                                       output: nil)
        try? FileManager.default.removeItem(at: job.output)
        try? FileManager.default.removeItem(at: job.log)
        runningIDs.forgetFiles(of: job.process.processIdentifier)
        job.result = result
        jobs[format] = job
        return result
    }

    /// Stops the renders still running (SIGTERM: each removes its unfinished video) and
    /// waits for them (`ProcessIDs.stopAll()`).
    func stopAll() {
        runningIDs.stopAll()
    }
}

/// The running renders' process ids behind a lock, for code on any thread: the preview's
/// signal thread stops them (`stopAll()`) while the main actor may be starting one.
public final class ProcessIDs: @unchecked Sendable {
    private let condition = NSCondition()
    private var running: Set<Int32> = []
    /// Each render's files in the temporary folder, until the page has read them.
    private var files: [Int32: [URL]] = [:]
    private var stopping = false
    /// Renders between `beginStart()` and `endStart()`: their ids are not known yet.
    private var starting = 0

    /// Counts a render about to start, so that `stopAll()` waits until it is in the set;
    /// false, and nothing counted, once `signalAll()` has been called.
    func beginStart() -> Bool {
        condition.withLock {
            guard !stopping else { return false }
            starting += 1
            return true
        }
    }

    /// Ends what `beginStart()` counted, once the render is in the set (or failed to start).
    func endStart() {
        condition.withLock {
            starting -= 1
            condition.broadcast()
        }
    }

    /// Adds a render that started, with its files in the temporary folder; one that starts
    /// once `signalAll()` has been called gets SIGTERM at once.
    func insert(_ id: Int32, files: [URL]) {
        condition.withLock {
            running.insert(id)
            self.files[id] = files
            if stopping { kill(id, SIGTERM) }
        }
    }

    /// Takes out a render that ended: called from its termination handler, just after it
    /// was reaped, so the window in which its id could go to another program is short.
    func remove(_ id: Int32) {
        condition.withLock {
            running.remove(id)
            condition.broadcast()
        }
    }

    /// Forgets the files of a render whose result has been read (and its files removed).
    func forgetFiles(of id: Int32) {
        condition.withLock { files[id] = nil }
    }

    /// Sends SIGTERM to each running render, which then removes its unfinished output
    /// (`render`'s signal handling), waits until every one has ended, and removes the
    /// renders' files in the temporary folder, read or not.
    public func stopAll() {
        signalAll()
        waitForAll()
        removeFiles()
    }

    /// Sends SIGTERM to each running render, and to any that starts from now on.
    public func signalAll() {
        condition.withLock {
            stopping = true
            for id in running { kill(id, SIGTERM) }
        }
    }

    /// Waits until every render has ended, those still starting included.
    public func waitForAll() {
        condition.withLock {
            // A render still starting is killed as it is put in the set (`insert`).
            while !running.isEmpty || starting > 0 { condition.wait() }
        }
    }

    /// Removes the renders' files in the temporary folder, read or not.
    public func removeFiles() {
        condition.withLock {
            for file in files.values.joined() { try? FileManager.default.removeItem(at: file) }
            files = [:]
        }
    }
}
