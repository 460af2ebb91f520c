import Foundation

/// The app, as far as animation code asks about it: `UIApplication.shared.applicationState`
/// and the notifications that say it became active or went away.
///
/// A recording is an app in the foreground: `Recorder` makes the app `.inactive` when it
/// is made (as a sceneless app is at launch) and, when the recording starts (its first
/// turn at t = 0, before anything `Recorder.at(0)` scheduled), `.active`, posting
/// `didBecomeActiveNotification` on `NotificationCenter.default`. Observers that restart
/// their animations on it (as spinners do when an app comes back) do so at t = 0. The app
/// never resigns or goes to the background during a recording, so the other
/// notifications are never posted.
@MainActor
open class UIApplication {
    /// The app's states, with UIKit's raw values.
    public enum State: Int, Sendable, Hashable {
        case active = 0, inactive = 1, background = 2
    }

    /// The app.
    public static let shared = UIApplication()

    /// Whether the app is in the foreground receiving events: `.active` while recording.
    public private(set) var applicationState = State.inactive

    nonisolated public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")

    private init() {}

    /// The app is launching (a recorder is being set up): `.inactive`, posting nothing.
    @_spi(Recording) public func launch() {
        applicationState = .inactive
    }

    /// The recording starts: `.active`, then `didBecomeActiveNotification` is posted.
    @_spi(Recording) public func becomeActive() {
        applicationState = .active
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }
}
