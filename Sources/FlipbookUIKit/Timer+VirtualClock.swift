import Foundation

extension Timer {
    /// A timer on the virtual clock that runs `block` `interval` seconds of recorded time
    /// from now, and every `interval` after that if it `repeats`, until invalidated.
    ///
    /// It fires as a turn of the stage's run loop (during `Recorder.render`, at recorded
    /// times); a repeating timer keeps the play going, so the recording needs a duration.
    /// An interval of 0 or less is taken as 0.1 ms, as Foundation does.
    ///
    /// It has Foundation's signature, and a module's declarations shadow those of the
    /// modules it re-exports: in a file that imports FlipbookUIKit (as iOS code imports
    /// UIKit) this one is called. A file that also writes `import Foundation` sees both,
    /// and the call is ambiguous: drop that import, FlipbookUIKit brings Foundation
    /// (docs/swift-api.md).
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = VirtualTimer(interval: max(interval, 0.0001), repeats: repeats, block: block)
        timer.schedule(from: CACurrentMediaTime())
        return timer
    }
}

/// A `Timer` whose firings are turns of the virtual run loop.
final class VirtualTimer: Timer {
    private let interval: TimeInterval
    private let repeats: Bool
    private let block: @Sendable (Timer) -> Void
    /// The run loop it fires on, which holds it (as iOS's does) until it is invalidated.
    private weak var runLoop: VirtualRunLoop?
    private var scheduled: Int?
    private var valid = true

    init(interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.interval = interval
        self.repeats = repeats
        self.block = block
        // Foundation's timer underneath is never added to a run loop: it never fires by itself.
        super.init(fire: Date(timeIntervalSinceReferenceDate: 0), interval: interval, repeats: repeats) { _ in }
    }

    override var isValid: Bool { valid }

    override var timeInterval: TimeInterval { repeats ? interval : 0 }

    /// Runs the block now; a timer that does not repeat is then invalid.
    override func fire() {
        guard valid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    override func invalidate() {
        valid = false
        if let scheduled { runLoop?.cancelScheduled(scheduled) }
        scheduled = nil
    }

    /// Schedules the next firing `interval` after `time`.
    func schedule(from time: Double) {
        let current = VirtualRunLoop.current
        runLoop = current
        scheduled = current.schedule(at: time + interval, recurring: repeats) { [self] in
            guard valid else { return }
            scheduled = nil
            block(self)
            if repeats, valid { schedule(from: time + interval) } else { valid = false }
        }
    }
}
