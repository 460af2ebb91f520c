import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Testing

/// Timers on the virtual clock: `Timer.scheduledTimer(withTimeInterval:repeats:block:)`
/// fires during `Recorder.render` at recorded times. Like iOS code importing UIKit, this
/// file imports FlipbookUIKit and not Foundation: FlipbookUIKit's timer shadows
/// Foundation's, which it re-exports.
@MainActor
@Suite struct MainQueueTimerTests {
    @Test func aRepeatingTimerFiresOncePerIntervalOfRecordedTime() throws {
        let (recorder, _) = boxOnCanvas()
        var fired: [Double] = []
        let timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
            MainActor.assumeIsolated { fired.append(CACurrentMediaTime()) }
        }

        _ = try recordedFrames(of: recorder, duration: 3)

        #expect(fired == [0.5, 1, 1.5, 2, 2.5, 3], "6 firings in 3 s")
        #expect(timer.isValid)
    }

    @Test func aTimerInvalidatedInItsBlockFiresNoMore() throws {
        let (recorder, _) = boxOnCanvas()
        var count = 0
        Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { timer in
            let done = MainActor.assumeIsolated {
                count += 1
                recorder.log("tick \(count)")
                return count == 3
            }
            if done { timer.invalidate() }
        }

        _ = try recordedFrames(of: recorder, duration: 2)

        #expect(recorder.events.map(\.description) == [#"t = 0.25 s: log "tick 1""#, #"t = 0.5 s: log "tick 2""#, #"t = 0.75 s: log "tick 3""#])
    }

    @Test func aRepeatingTimerWithoutADurationIsEndlessPlay() {
        let (recorder, _) = boxOnCanvas()
        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }

        #expect(throws: Recorder.Failure.self) { try recordedFrames(of: recorder) }
    }
}
