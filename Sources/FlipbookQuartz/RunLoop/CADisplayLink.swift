import Foundation

/// A timer that calls back once per recorded frame, on the virtual clock.
///
/// iOS makes one with `CADisplayLink(target: self, selector: #selector(step))`; Linux Swift
/// has no selectors, so Flipbook's takes the callback as a closure:
/// `CADisplayLink { [weak self] link in self?.step(link) }` (docs/swift-api.md). Add it to
/// a run loop as on iOS, `link.add(to: .main, forMode: .common)`: from then on the stage
/// calls it at each frame's time, before it snapshots the frame (or when a test runs the
/// recording past that time), with `timestamp` the frame's time and
/// `targetTimestamp` the next frame's, both on the clock `CACurrentMediaTime()` reads.
/// Until it is invalidated or paused, the play never ends by itself: give the recording
/// a duration.
public final class CADisplayLink {
    private let callback: (CADisplayLink) -> Void
    private weak var runLoop: VirtualRunLoop?

    /// The time of the frame being prepared, in seconds of virtual time.
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the frame after it.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames: 1 / the recording's frame rate.
    public private(set) var duration: CFTimeInterval = 0
    /// Whether the callbacks are suspended.
    public var isPaused = false
    /// The rate wanted, in frames per second; 0 (the default) calls back on every frame.
    /// Below the recording's rate, frames are skipped so the calls come at most this often.
    public var preferredFramesPerSecond = 0

    /// A display link that calls `callback` with itself once per frame, once added to a run loop.
    public init(_ callback: @escaping (CADisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts the callbacks: the link joins the current virtual run loop, whatever run loop
    /// and mode are named (the stage draws every frame in every mode).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard runLoop == nil else { return }
        let current = VirtualRunLoop.current
        current.displayLinks.append(self)
        runLoop = current
    }

    /// Stops the callbacks; the link can be added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        invalidate()
    }

    /// Stops the callbacks for good and lets the run loop release the link.
    public func invalidate() {
        runLoop?.displayLinks.removeAll { $0 === self }
        runLoop = nil
    }

    /// Calls back for the frame at `time`, `interval` before the next one, unless paused or
    /// too soon for `preferredFramesPerSecond`.
    func frame(at time: Double, interval: Double) {
        guard !isPaused else { return }
        if preferredFramesPerSecond > 0, duration > 0, time - timestamp < 1 / Double(preferredFramesPerSecond) - interval / 2 {
            return
        }
        timestamp = time
        targetTimestamp = time + interval
        duration = interval
        callback(self)
    }
}

extension VirtualRunLoop {
    /// Whether a display link is added: a stage then calls `displayFrame(at:interval:)`.
    public var hasDisplayLinks: Bool { !displayLinks.isEmpty }

    /// Runs the display links for the frame shown at `time` (the run loop is already
    /// there), as one turn, before the frame is snapshotted. Nothing happens without links.
    public func displayFrame(at time: Double, interval: Double) {
        guard !displayLinks.isEmpty else { return }
        performTurn {
            for link in displayLinks { link.frame(at: time, interval: interval) }
        }
    }
}
