/// What one command did with a fuzz case, from worst to best.
enum Verdict: Int, Comparable, CaseIterable, Sendable {
    /// Still running at the time limit (and killed).
    case hang
    /// Ended by a signal: a Swift trap, a segmentation fault, out of memory.
    case crash
    /// Failed with an error that says neither where in the file nor which value.
    case unlocatedError
    /// Failed with `FILE:LINE:COL: error:` or an error naming the value and its limit.
    case locatedError
    case ok

    static func < (a: Verdict, b: Verdict) -> Bool { a.rawValue < b.rawValue }

    var isFailure: Bool { self < .locatedError }

    var name: String {
        switch self {
        case .hang: "hang"
        case .crash: "crash"
        case .unlocatedError: "unlocated"
        case .locatedError: "located"
        case .ok: "ok"
        }
    }

    /// The verdict on a command that ended with `ending` and wrote `stderr`, run on the
    /// scene `path`.
    init(_ ending: ChildProcess.Ending, stderr: String, scene path: String) {
        switch ending {
        case .timedOut: self = .hang
        case .signalled: self = .crash
        case .exited(0): self = .ok
        case .exited:
            // A Swift runtime error printed before an exit is a crash too.
            if stderr.contains("Fatal error") || stderr.contains("fatal error") {
                self = .crash
            } else {
                self = Self.isLocated(stderr, scene: path) ? .locatedError : .unlocatedError
            }
        }
    }

    /// Whether an error message says where: a line `PATH:LINE:COL: error: …` for the scene,
    /// or a limit's message, which names the value and the limit.
    static func isLocated(_ stderr: String, scene path: String) -> Bool {
        stderr.split(separator: "\n").contains { line in
            if line.hasPrefix(path + ":") {
                let place = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2)
                return place.count == 3 && Int(place[0]) != nil && Int(place[1]) != nil && place[2].hasPrefix(" error: ")
            }
            return line.contains("more than the limit of")
        }
    }
}
