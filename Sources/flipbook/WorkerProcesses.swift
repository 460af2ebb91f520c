import ArgumentParser
import FlipbookOutput
import Foundation

/// The items of one command (the scenes of a `sheet`) done by child processes of flipbook
/// itself, several at once: a way to use several cores for work that must stay on a
/// process's main thread (loading scenes and running them: UIKit is main-actor isolated).
///
/// Each worker is flipbook started with the command's arguments and `--worker`; it is
/// handed one item at a time, the next as soon as it is done, so the workers end together
/// whatever the items cost, and sends back what the item wrote to standard output and
/// error. Those are passed on in the items' order as soon as every item before is done:
/// the lines one process would have printed, in its order, while the run goes on.
/// SIGINT and SIGTERM stop every worker (each runs in a process group of its own, so a
/// Ctrl-C reaches only this process, which decides) and end the command with 128 + the
/// signal.
struct WorkerProcesses {
    /// What a worker sends back for one item, as a JSON line.
    struct Result: Codable, Sendable {
        var item: Int
        var out: String
        var err: String
        /// Whether the item failed (it said why in `err`).
        var failed: Bool
    }

    /// A worker that ended before sending back all it was handed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The arguments to flipbook that start a worker (`--worker` among them).
    let arguments: [String]
    let workers: Int
    let items: Int

    /// Hands out every item and waits until each is done.
    /// - Parameters:
    ///   - describe: names an item in an error message (`scenes/a.yaml`).
    ///   - stopped: what to say on standard error (after `flipbook: `) when a signal
    ///     stopped the workers.
    ///   - abandoned: clears up after an item whose worker (with its process id) ended
    ///     part-way through it (a file it was writing), once every worker has ended; also
    ///     after a signal.
    /// - Returns: each item's result, in the items' order, once passed on.
    /// - Throws: `ExitCode(128 + signal)` when SIGINT or SIGTERM stopped the workers;
    ///   `Failure` when a worker cannot be started or ends with items it did not send back.
    func run(describe: (Int) -> String, stopped: (String) -> String,
             abandoned: (_ item: Int, _ worker: Int32) -> Void = { _, _ in }) throws -> [Result] {
        let cancellation = RenderCancellation()
        let signals = RenderSignals(cancelling: cancellation)
        defer { signals.stop() }
        let schedule = Schedule(items: items)
        // Waited for through their termination handlers: `waitUntilExit()` looks only every
        // 50 ms on Linux, which is much of a check's time.
        let ended = DispatchSemaphore(value: 0)
        var processes: [Process] = []
        for worker in 0..<min(workers, items) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = arguments
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            process.terminationHandler = { _ in ended.signal() }
            do {
                try process.run()
            } catch {
                processes.forEach(Self.stop)
                processes.forEach { _ in ended.wait() }
                throw Failure(description: "cannot start \(Self.executable): \(error.localizedDescription)")
            }
            processes.append(process)
            schedule.serve(worker, input: input.fileHandleForWriting, output: output.fileHandleForReading)
        }
        // Registered once every worker has started, so that a signal that came before is
        // acted on here, at once.
        nonisolated(unsafe) let running = processes
        cancellation.whenCancelled { _ in running.forEach(Self.stop) }
        processes.forEach { _ in ended.wait() }
        let (results, unfinished) = schedule.finish()
        unfinished.forEach { abandoned($0.item, processes[$0.worker].processIdentifier) }
        if let signal = cancellation.signal {
            StandardError.write("flipbook: \(stopped(RenderSignals.name(signal)))\n")
            throw ExitCode(128 + signal)
        }
        for (worker, item) in unfinished {
            let process = processes[worker]
            let ending = process.terminationReason == .uncaughtSignal
                ? "was killed by signal \(process.terminationStatus) (\(String(cString: strsignal(process.terminationStatus))))"
                : "exited with status \(process.terminationStatus)"
            throw Failure(description: "the process working on \(describe(item)) \(ending)")
        }
        return results
    }

    /// This program, to run again as each worker (and as the preview's renders).
    ///
    /// Read from `/proc/self/exe` rather than `Bundle.main`, which lists the whole folder
    /// the program is in when first asked: a flipbook in a crowded folder (a copy in /tmp)
    /// spent tens of milliseconds there before starting its first worker.
    static let executable: String = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? Bundle.main.executablePath ?? CommandLine.arguments[0]

    /// Asks a worker to stop (SIGTERM), unless it has ended and been reaped.
    private static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
    }

    /// A worker's side: reads item numbers below `items` from standard input, one a line,
    /// does each with `work` (which says whether it failed) and sends back, as a `Result`
    /// line on standard output, what it wrote to standard output and error meanwhile;
    /// returns at the end of the input, or at a line that is not such a number, or when a
    /// result cannot be sent (the parent reports the item it was handed as unfinished).
    @MainActor
    static func serve(items: Int, _ work: (Int) -> Bool) {
        let channel = FileHandle(fileDescriptor: dup(1), closeOnDealloc: true)
        while let line = readLine(), let item = Int(line), (0..<items).contains(item) {
            let (failed, out, err) = capturingOutput { work(item) }
            let result = Result(item: item, out: out, err: err, failed: failed)
            guard let json = try? JSONEncoder().encode(result),
                  (try? channel.write(contentsOf: json + Data("\n".utf8))) != nil else { return }
        }
    }

    /// Runs `body` with standard output and error going to temporary files; returns its
    /// value and what it wrote to each.
    private static func capturingOutput<T>(_ body: () -> T) -> (T, String, String) {
        let files = (tmpfile(), tmpfile())
        guard let outFile = files.0, let errFile = files.1 else { return (body(), "", "") }
        defer { fclose(outFile); fclose(errFile) }
        fflush(nil)
        let saved = (dup(1), dup(2))
        dup2(fileno(outFile), 1)
        dup2(fileno(errFile), 2)
        let value = body()
        fflush(nil)
        dup2(saved.0, 1)
        dup2(saved.1, 2)
        close(saved.0)
        close(saved.1)
        return (value, contents(of: outFile), contents(of: errFile))
    }

    /// The text written to a temporary file through its descriptor.
    private static func contents(of file: UnsafeMutablePointer<FILE>) -> String {
        let descriptor = fileno(file)
        lseek(descriptor, 0, SEEK_SET)
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Which worker does which item, and the results passed on in the items' order.
private final class Schedule: @unchecked Sendable {
    private let lock = NSLock()
    private let readers = DispatchGroup()
    private let items: Int
    /// The next item to hand out.
    private var next = 0
    /// The next item to pass on; those before it have been.
    private var shown = 0
    private var results: [Int: WorkerProcesses.Result] = [:]
    private var passedOn: [WorkerProcesses.Result] = []
    /// The item each worker is doing.
    private var doing: [Int: Int] = [:]

    init(items: Int) {
        self.items = items
    }

    /// Hands `worker` its first item, then reads its results on a thread of its own,
    /// handing it the next item after each, and its input closed when none is left.
    func serve(_ worker: Int, input: FileHandle, output: FileHandle) {
        lock.withLock { handOut(to: worker, input: input) }
        readers.enter()
        Thread.detachNewThread { [self] in
            var pending = Data()
            while case let data = output.availableData, !data.isEmpty {
                pending += data
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<end]
                    pending = Data(pending[(end + 1)...])
                    guard let result = try? JSONDecoder().decode(WorkerProcesses.Result.self, from: line) else {
                        try? FileHandle.standardOutput.write(contentsOf: line + Data("\n".utf8))
                        continue
                    }
                    lock.withLock {
                        results[result.item] = result
                        doing[worker] = nil
                        passOn()
                        handOut(to: worker, input: input)
                    }
                }
            }
            readers.leave()
        }
    }

    /// Gives `worker` the next item, or closes its input when there is none. Under the lock.
    private func handOut(to worker: Int, input: FileHandle) {
        guard next < items else {
            try? input.close()
            return
        }
        doing[worker] = next
        // A worker that died cannot be written to: its item stays in `doing`, to be reported.
        try? input.write(contentsOf: Data("\(next)\n".utf8))
        next += 1
    }

    /// Writes out the results that are next in order. Under the lock.
    private func passOn() {
        while let result = results.removeValue(forKey: shown) {
            try? FileHandle.standardOutput.write(contentsOf: Data(result.out.utf8))
            try? FileHandle.standardError.write(contentsOf: Data(result.err.utf8))
            passedOn.append(result)
            shown += 1
        }
    }

    /// Once every worker has ended: the results passed on (those after an unfinished item
    /// too), and the items workers were doing when they ended, by worker.
    func finish() -> (results: [WorkerProcesses.Result], unfinished: [(worker: Int, item: Int)]) {
        readers.wait()
        return lock.withLock {
            // Results held back behind an item a worker never finished: passed on in order.
            for item in results.keys.sorted() {
                shown = item
                passOn()
            }
            return (passedOn, doing.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }
}
