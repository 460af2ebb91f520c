import FlipbookRecorder
import FlipbookRender
import FlipbookTesting
import Foundation

/// What the strategies take of a recording: a frame, after running the recording
/// forward to its time.
@MainActor
extension Recorder {
    /// The frame at `time`, with an error that says what to do when the time is past.
    func frame(at time: TimeInterval) throws -> Bitmap {
        try runForward(to: time)
        return try image(at: time)
    }

    /// Runs the recording to `time`, or throws saying that one recorder serves increasing times.
    func runForward(to time: TimeInterval) throws {
        do {
            try run(until: time)
        } catch {
            throw SnapshotStrategyError("\(error); one recorder serves snapshots at increasing times, so make a new one to look at an earlier time")
        }
    }
}
