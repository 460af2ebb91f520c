import ArgumentParser
import FlipbookOutput
import Foundation

/// Parts of one command run at once as child processes of flipbook itself (`check --jobs N`
/// runs N shards of the check): the way to use several cores for work that must stay on one
/// process's main thread (loading scenes and running them: UIKit is main-actor isolated).
///
/// What the parts print is passed on as it comes, part by part in their order: the first
/// part's output at once, a later part's kept until every part before it has ended, so the
/// lines are in the order one process would have printed them. SIGINT and SIGTERM stop
/// every part (each runs in a process group of its own, so a Ctrl-C reaches only this
/// process, which decides) and end the command with 128 + the signal.
struct PartProcesses {
    /// How a part ended.
    struct Ending {
        let status: Int32
        let signalled: Bool

        var succeeded: Bool { !signalled && status == 0 }

        var description: String {
            signalled ? "was killed by signal \(status) (\(String(cString: strsignal(status))))"
                      : "exited with status \(status)"
        }
    }

    /// Each part's arguments to flipbook.
    let parts: [[String]]

    /// Runs every part at once and waits for all of them.
    /// - Parameter stopped: what to say on standard error (after `flipbook: `) when a signal
    ///   stopped the parts, before the command exits 128 + the signal.
    /// - Returns: how each part ended, in the parts' order.
    /// - Throws: `ExitCode(128 + signal)` when SIGINT or SIGTERM stopped the parts; a
    ///   `PartFailure` naming the executable when a part cannot be started.
    func run(stopped: (String) -> String) throws -> [Ending] {
        let cancellation = RenderCancellation()
        let signals = RenderSignals(cancelling: cancellation)
        defer { signals.stop() }
        let relay = OutputRelay(parts: parts.count)
        var processes: [Process] = []
        for (index, arguments) in parts.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            do {
                try process.run()
            } catch {
                processes.forEach(Self.stop)
                processes.forEach { $0.waitUntilExit() }
                throw PartFailure(description: "cannot start \(Self.executable): \(error.localizedDescription)")
            }
            processes.append(process)
            relay.read(output.fileHandleForReading, part: index, to: FileHandle.standardOutput)
            relay.read(errors.fileHandleForReading, part: index, to: FileHandle.standardError)
        }
        // Registered once every part has started, so that a signal that came before is acted
        // on here, at once.
        nonisolated(unsafe) let running = processes
        cancellation.whenCancelled { _ in running.forEach(Self.stop) }
        processes.forEach { $0.waitUntilExit() }
        relay.waitUntilPassedOn()
        if let signal = cancellation.signal {
            StandardError.write("flipbook: \(stopped(RenderSignals.name(signal)))\n")
            throw ExitCode(128 + signal)
        }
        return processes.map { Ending(status: $0.terminationStatus, signalled: $0.terminationReason == .uncaughtSignal) }
    }

    /// This program, to run again for each part.
    static var executable: String { Bundle.main.executablePath ?? CommandLine.arguments[0] }

    /// Asks a part to stop (SIGTERM), unless it has ended and been reaped.
    private static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
    }

    /// A part that could not be started.
    struct PartFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// Passes the parts' standard output and error on, one part at a time in the parts' order.
private final class OutputRelay: @unchecked Sendable {
    private let lock = NSLock()
    private let readers = DispatchGroup()
    /// The part whose output goes straight through; the parts before it have ended.
    private var current = 0
    /// What a later part wrote, kept in the order it came, with where it goes.
    private var held: [[(Data, FileHandle)]]
    /// How many of each part's two streams have ended.
    private var ended: [Int]

    init(parts: Int) {
        held = Array(repeating: [], count: parts)
        ended = Array(repeating: 0, count: parts)
    }

    /// Reads `handle` to its end on a thread of its own, passing what it gives to
    /// `destination` now or when `part`'s turn comes.
    func read(_ handle: FileHandle, part: Int, to destination: FileHandle) {
        readers.enter()
        Thread.detachNewThread { [self] in
            while case let data = handle.availableData, !data.isEmpty {
                lock.withLock {
                    if part == current { Self.write(data, to: destination) } else { held[part].append((data, destination)) }
                }
            }
            lock.withLock {
                ended[part] += 1
                while current < ended.count - 1 && ended[current] == 2 {
                    current += 1
                    for (data, destination) in held[current] { Self.write(data, to: destination) }
                    held[current] = []
                }
            }
            readers.leave()
        }
    }

    /// Waits until every stream has ended and all it gave has been passed on.
    func waitUntilPassedOn() {
        readers.wait()
    }

    /// A write that fails (a closed pipe) loses the text rather than stopping the run.
    private static func write(_ data: Data, to handle: FileHandle) {
        try? handle.write(contentsOf: data)
    }
}
