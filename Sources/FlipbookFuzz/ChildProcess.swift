import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A command run in a process group of its own with a time limit and a memory limit: at the
/// limit, or when it ends, the whole group is killed, so nothing it started outlives it.
struct ChildProcess {
    /// How a run ended.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal):
                "killed by signal \(signal) (\(String(cString: strsignal(signal)))\(signal == SIGILL || signal == SIGTRAP ? ": a Swift trap" : ""))"
            case .timedOut: "still running at the time limit"
            }
        }
    }

    var executable: String
    var arguments: [String]
    /// Where the command runs, and where its standard output and error are written.
    var folder: URL
    var seconds: Double
    /// The most virtual memory the command may use (`ulimit -v`), in KiB.
    var memoryKiB: Int

    /// Runs the command; returns how it ended and its standard error (its standard output is
    /// thrown away: a crash or an error is told on standard error).
    func run() throws -> (ending: Ending, stderr: String) {
        let errPath = folder.appendingPathComponent("stderr").path
        // The shell moves to the folder and sets the memory limit, then becomes the command
        // (exec): one process.
        let argv = ["/bin/sh", "-c", "cd -- \"$0\" && ulimit -v \(memoryKiB) && exec \"$@\"", folder.path, executable]
            + arguments
        let pid = try RunningGroups.shared.start { try spawn(argv, stderr: errPath) }
        let ending = wait(for: pid)
        RunningGroups.shared.remove(pid)
        let stderr = (try? Data(contentsOf: URL(fileURLWithPath: errPath))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (ending, stderr)
    }

    private func spawn(_ argv: [String], stderr: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)  // a group of its own, named by its pid
        // The signals the harness ignores (to handle them itself) act as usual in the command.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        // A Swift trap prints its message and exits at once, without a long backtrace.
        let environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else { throw FuzzError("cannot start \(argv[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for `pid` to end, or kills it at the time limit; kills its group before
    /// reaping it, so the group's id cannot have been reused by then.
    private func wait(for pid: pid_t) -> Ending {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var pause: UInt32 = 1_000
        var timedOut = false
        while !hasEnded(pid) {
            if DispatchTime.now().uptimeNanoseconds >= deadline {
                timedOut = true
                break
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        kill(-pid, SIGKILL)  // the command at the limit, and whatever it started
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // The group's other members die on their own time: wait (a little) till none is left.
        var checks = 0
        while kill(-pid, 0) == 0 && checks < 200 {
            usleep(10_000)
            checks += 1
        }
        if timedOut { return .timedOut }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Whether `pid` has ended, leaving it to be reaped.
    private func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()  // zeroed: Linux leaves it so while the child runs
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo != 0
    }
}

/// A failure of the harness itself (not of a case).
struct FuzzError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The process groups of the commands running now, so that an interrupted run (Ctrl-C,
/// SIGTERM) kills them before it exits instead of leaving them to run on.
final class RunningGroups: @unchecked Sendable {
    static let shared = RunningGroups()
    private let lock = NSLock()
    private var groups: Set<pid_t> = []
    private var stopped = false

    /// Starts a command with `spawn` and keeps its group, unless the run is stopping.
    func start(_ spawn: () throws -> pid_t) throws -> pid_t {
        try lock.withLock {
            guard !stopped else { throw FuzzError("interrupted") }
            let pid = try spawn()
            groups.insert(pid)
            return pid
        }
    }

    func remove(_ pid: pid_t) {
        _ = lock.withLock { groups.remove(pid) }
    }

    /// Kills every group running and starts no more.
    func killAll() {
        lock.withLock {
            stopped = true
            for group in groups { kill(-group, SIGKILL) }
        }
    }

    /// On SIGINT or SIGTERM, kills every group running, then exits as the signal would
    /// (130, 143). The returned sources must be kept.
    func killAllOnSignals() -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                self.killAll()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
