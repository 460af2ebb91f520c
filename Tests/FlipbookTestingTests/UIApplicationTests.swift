import FlipbookRecorder
import FlipbookTesting
import FlipbookUIKit
import Foundation
import Testing

/// A recording is an app in the foreground: inactive while it is set up, active once it
/// starts, with `didBecomeActiveNotification` posted at t = 0.
@MainActor
@Suite(.serialized) struct UIApplicationTests {
    @Test func theAppBecomesActiveWhenTheRecordingStartsAndObserversAnimateFromThen() throws {
        let recorder = Recorder(size: CGSize(width: 100, height: 100))
        let spinner = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        recorder.rootView.addSubview(spinner)
        var statesSeen: [UIApplication.State] = []
        var postedAt: [Double] = []
        // queue nil: a test runs on the main actor off the main thread, where an observer
        // on OperationQueue.main would wait for a queue that is not serviced.
        let observer = NotificationCenter.default.addObserver(forName: UIApplication.didBecomeActiveNotification,
                                                              object: nil, queue: nil) { _ in
            MainActor.assumeIsolated {
                statesSeen.append(UIApplication.shared.applicationState)
                postedAt.append(CACurrentMediaTime())
                UIView.animate(withDuration: 1) { spinner.alpha = 0 }
            }
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let stateBefore = UIApplication.shared.applicationState

        let half = try recorder.presentation(of: spinner, at: 0.5)

        #expect(stateBefore == .inactive, "a sceneless app is inactive while it launches")
        #expect(UIApplication.shared.applicationState == .active)
        #expect(statesSeen == [.active], "told once, already active")
        #expect(postedAt == [0])
        #expect(abs(half.opacity - 0.5) < 0.01, "the animation an observer started runs from t = 0")
    }
}
