import FlipbookOutput
import FlipbookRecorder
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

/// The main queue on the virtual clock: blocks given to `DispatchQueue.main` and display
/// links run during `Recorder.render` at recorded times, and `CACurrentMediaTime()` agrees
/// with them (T5). This file imports Foundation as well as FlipbookUIKit, as some iOS files
/// do: the main queue's calls still reach the virtual clock. Timers: `MainQueueTimerTests`.
@MainActor
@Suite struct MainQueueTests {
    private let red = RGBA8(255, 0, 0)
    private let white = RGBA8(255, 255, 255)

    @Test func asyncAfterChainsAnAnimationHalfASecondOfRecordedTimeLater_T5() throws {
        let (recorder, box) = boxOnCanvas()
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) { box.center.x = 40 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            recorder.log("second at \(CACurrentMediaTime())")
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) { box.center.x = 70 }
        }

        let frames = try recordedFrames(of: recorder)

        #expect(recorder.events.map(\.description) == [
            "t = 0.0 s: animationDidStart unnamed position", "t = 0.5 s: animationDidStop unnamed position finished",
            #"t = 0.5 s: log "second at 0.5""#,
            "t = 0.5 s: animationDidStart unnamed position", "t = 1.0 s: animationDidStop unnamed position finished",
        ])
        #expect(frames.count == 11, "0.5 s, then 0.5 s more: idle at 1 s")
        #expect(frames[5][30, 20] == red && frames[5][29, 20] == white, "t = 0.5: the first slide ends at x 30…50")
        #expect(frames[7][42, 20] == red && frames[7][41, 20] == white, "t = 0.7: the second is 2/5 on, x 42…62")
        #expect(frames[10][60, 20] == red && frames[10][59, 20] == white)
    }

    @Test func asyncRunsAfterTheTurnAtTheSameTimeAndDispatchIntervalsCount() throws {
        let (recorder, box) = boxOnCanvas()
        DispatchQueue.main.async { recorder.log("async") }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
            recorder.log("300 ms")
            box.backgroundColor = .white
        }
        recorder.log("setup")
        let cancelled = DispatchWorkItem { recorder.log("cancelled") }
        DispatchQueue.main.asyncAfter(deadline: VirtualTime.now() + 0.2, execute: cancelled)
        cancelled.cancel()

        let frames = try recordedFrames(of: recorder)

        #expect(recorder.events.map(\.description) == [#"t = 0.0 s: log "setup""#, #"t = 0.0 s: log "async""#, #"t = 0.3 s: log "300 ms""#])
        #expect(frames.count == 4)
        #expect(frames[2][10, 20] == red && frames[3][10, 20] == white)
    }

    @Test func aDisplayLinkRunsOncePerFrameWithVirtualTimestamps() throws {
        let (recorder, box) = boxOnCanvas()
        var calls: [(timestamp: Double, target: Double, now: Double)] = []
        let link = CADisplayLink { link in
            MainActor.assumeIsolated {
                calls.append((link.timestamp, link.targetTimestamp, CACurrentMediaTime()))
                box.center.x = 10 + 60 * link.timestamp
            }
        }
        link.add(to: .main, forMode: .common)

        let frames = try recordedFrames(of: recorder, duration: 1)

        #expect(calls.count == 11, "one call per frame of 1 s at 10 fps")
        #expect(calls.allSatisfy { abs($0.target - $0.timestamp - 0.1) < 1e-9 && $0.now == $0.timestamp })
        #expect(calls.map(\.timestamp) == (0...10).map { Double($0) / 10 })
        #expect(frames[5][30, 20] == red && frames[5][29, 20] == white, "what the callback set shows in its frame")
    }

    @Test func anInvalidatedDisplayLinkLetsTheRecordingEnd() throws {
        let (recorder, _) = boxOnCanvas()
        var calls = 0
        let link = CADisplayLink { link in
            MainActor.assumeIsolated {
                calls += 1
                if calls == 4 { link.invalidate() }
            }
        }
        link.add(to: .main, forMode: .common)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {}

        let frames = try recordedFrames(of: recorder)

        #expect(calls == 4 && frames.count == 6)
    }
}

/// An 80×40 canvas at 10 fps with a 20×20 red box at the left (x 0…20).
@MainActor
func boxOnCanvas() -> (Recorder, UIView) {
    let recorder = Recorder(size: CGSize(width: 80, height: 40), fps: 10)
    let box = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 20))
    box.backgroundColor = .red
    recorder.rootView.addSubview(box)
    return (recorder, box)
}

/// The frames of `recorder`'s render as bitmaps.
@MainActor
func recordedFrames(of recorder: Recorder, duration: TimeInterval? = nil) throws -> [Bitmap] {
    let sink = BitmapCollector(width: 80, height: 40)
    try recorder.render(duration: duration, into: sink)
    return sink.frames.map(\.bitmap)
}
