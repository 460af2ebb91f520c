import ArgumentParser
import Dispatch
import FlipbookOutput
import Foundation

extension Render {
    /// Runs `render`, whose pipeline should check the cancellation it is given: SIGINT and
    /// SIGTERM cancel it (see `RenderSignals`), and a render so stopped says so on standard
    /// error and exits 128 + the signal.
    func stoppingOnSignals(scene: String, output: OutputSpec, _ render: (RenderCancellation) throws -> Void) throws {
        let cancellation = RenderCancellation()
        let signals = RenderSignals(cancelling: cancellation)
        defer { signals.stop() }
        do {
            try render(cancellation)
        } catch {
            // The sink stops ffmpeg on the signal, which may then fail first: the signal, not
            // ffmpeg's failure, is the reason, and ffmpeg's log is not worth keeping.
            guard let signal = cancellation.signal else { throw error }
            if let log = (error as? FFmpegSink.Failure)?.log { try? FileManager.default.removeItem(at: log) }
            let left = output.format == .png ? "the frames written so far are kept (--resume renders the rest)"
                                             : "no partial output is left"
            StandardError.write("flipbook: \(scene): stopped by \(RenderSignals.name(signal)); \(left)\n")
            throw ExitCode(128 + signal)
        }
    }
}

/// SIGINT (Ctrl-C) and SIGTERM during a render: instead of dying with ffmpeg still running
/// and a partial video left behind, ffmpeg is stopped at once (it runs in a process group of
/// its own, so only flipbook decides), the render stops at the next batch, its sink cleans up
/// (ffmpeg waited for, the partial file and log removed; a video appears only if the signal
/// came after its final rename), and the command exits 128 + the signal (130, 143), as a
/// shell reports a process that the signal ended. `record` and `check` stop between scenes
/// the same way (`GoldenRun.cancellation`).
final class RenderSignals {
    static let handled = [SIGINT, SIGTERM]

    private let sources: [DispatchSourceSignal]

    /// Watches SIGINT and SIGTERM until `stop()`, cancelling `cancellation` when one comes;
    /// with `secondEnds`, one coming after that ends the process at once, by the signal's
    /// default action (for commands that start no child process and may take seconds to
    /// reach a point where they can stop: `record` and `check`).
    ///
    /// Returns once the sources are registered: until then the signals are ignored, and a
    /// child started in that time (ffmpeg, as soon as a render begins) would keep ignoring
    /// them for good, since an ignored signal stays ignored across `exec`. Stopping it with
    /// SIGTERM would then do nothing, and a Ctrl-C during its final flush would wait for it.
    init(cancelling cancellation: RenderCancellation, secondEnds: Bool = false) {
        let queue = DispatchQueue(label: "flipbook.signals")
        let registered = DispatchGroup()
        sources = Self.handled.map { number in
            // The default action would end the process at once; ignored, the signal only
            // reaches the source.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // The handler holds its source until `stop()` cancels it, which lets both go.
            source.setEventHandler {
                // A second signal, or two merged into one event before it was handled.
                if secondEnds, cancellation.signal != nil || source.data > 1 {
                    // Dispatch keeps the signal blocked in its threads to read it: unblocked
                    // in this one, it is delivered here, and its default action ends flipbook.
                    var blocked = sigset_t()
                    sigemptyset(&blocked)
                    sigaddset(&blocked, number)
                    signal(number, SIG_DFL)
                    pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
                    raise(number)
                }
                cancellation.cancel(signal: number)
            }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        // Registration does not fail in practice; if it ever did (a cancelled source is
        // never registered), the signals get their default action back rather than stay
        // ignored: a Ctrl-C then ends flipbook at once, as it would without this class.
        if registered.wait(timeout: .now() + 10) == .timedOut {
            for number in Self.handled { signal(number, SIG_DFL) }
        }
    }

    /// Stops watching and gives the signals their default action back.
    func stop() {
        sources.forEach { $0.cancel() }
        for number in Self.handled { signal(number, SIG_DFL) }
    }

    /// The name of a signal this class handles.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
