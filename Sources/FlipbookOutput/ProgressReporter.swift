import Foundation

/// Reports rendering progress on stderr: a line redrawn in place on a terminal
/// (frames, fps, ETA), or one JSON object per update with `--progress json`.
///
/// The wall clock is read here only to display speed; it never affects what is rendered.
public final class ProgressReporter {
    public enum Mode: String, CaseIterable, Sendable {
        /// A status line when stderr is a terminal, nothing otherwise.
        case auto
        case json
        case none
    }

    private let mode: Mode
    private let label: String
    private var total = 0
    private var started = ContinuousClock.now
    private var lastDrawn = ContinuousClock.now
    private let isTerminal = isatty(STDERR_FILENO) != 0

    public init(mode: Mode, label: String) {
        self.mode = mode
        self.label = label
    }

    func start(total: Int) {
        self.total = total
        started = .now
        emit(done: 0, frame: nil, force: true)
    }

    func update(done: Int, frame: Int) {
        emit(done: done, frame: frame, force: done == total)
    }

    func finish() {
        if mode == .auto && isTerminal { StandardError.write("\n") }
    }

    private func emit(done: Int, frame: Int?, force: Bool) {
        let now = ContinuousClock.now
        let elapsed = (now - started).seconds
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = fps > 0 ? Double(total - done) / fps : 0
        switch mode {
        case .none:
            return
        case .json:
            var fields = ["\"done\":\(done)", "\"total\":\(total)",
                          "\"fps\":\(String(format: "%.1f", fps))", "\"eta\":\(String(format: "%.1f", eta))"]
            if let frame { fields.insert("\"frame\":\(frame)", at: 0) }
            StandardError.write("{\(fields.joined(separator: ","))}\n")
        case .auto:
            guard isTerminal, force || (now - lastDrawn).seconds >= 0.1 else { return }
            lastDrawn = now
            let line = String(format: "\r%@: frame %d/%d  %.1f fps  ETA %.0fs\u{1B}[K", label, done, total, fps, eta)
            StandardError.write(line)
        }
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
