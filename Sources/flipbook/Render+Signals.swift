import Dispatch
import FlipbookOutput
import Foundation

/// SIGINT (Ctrl-C) and SIGTERM during a render: instead of dying with ffmpeg still running
/// and a partial video left behind, the render stops at the next batch, its sink cleans up
/// (ffmpeg stopped and waited for, the partial file and log removed), and the command exits
/// 128 + the signal (130, 143), as a shell reports a process that the signal ended.
final class RenderSignals {
    static let handled = [SIGINT, SIGTERM]

    private let sources: [DispatchSourceSignal]

    /// Watches SIGINT and SIGTERM until `stop()`, cancelling `cancellation` when one comes.
    init(cancelling cancellation: RenderCancellation) {
        let queue = DispatchQueue(label: "flipbook.signals")
        sources = Self.handled.map { number in
            // The default action would end the process at once; ignored, the signal only
            // reaches the source.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { cancellation.cancel(signal: number) }
            source.resume()
            return source
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
