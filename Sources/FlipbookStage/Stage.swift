import FlipbookRender
@_spi(Rendering) import FlipbookUIKit
import Foundation

/// Where an animation plays: a canvas, the root view on it, and the run loop on virtual
/// time that everything on it runs by. Every front end stands on one: `SceneRun` applies a scene
/// file to a stage, `Recorder` hands Swift code its root view.
///
/// Time moves only when asked: `run(until:)` runs every turn due by then (scheduled work,
/// animation starts and stops), and `renderTree(atFrame:)` runs to a frame's time and
/// snapshots what shows (T5: frame i shows t = i / fps, computed from the index).
///
/// UIKit's and Core Animation's static API (`UIView.animate`, `CATransaction`,
/// `CACurrentMediaTime()`) has no receiver, so it reaches the run loop through
/// `VirtualRunLoop.current`. A stage's run loop is current from when the stage is made and
/// whenever the stage works, so several stages can exist side by side; use each from one
/// task at a time.
@MainActor
public final class Stage {
    /// The canvas. Its frame rate, scale and background may change before the first
    /// frame (a GIF renders at its own rate); its size is the root view's.
    public var canvas: Canvas {
        didSet { runLoop.screen = (canvas.size, canvas.scale) }
    }
    /// The canvas as a view: the root of the tree shown, as big as the canvas, a
    /// `UIWindow` (the `window` of every view in it).
    public var rootView: UIView { window }
    /// The window the stage shows, as big as the canvas.
    public let window: UIWindow
    /// Moved only through the stage, which keeps time going forward.
    let runLoop = VirtualRunLoop()
    /// The first frame whose display links have not run yet.
    private var nextDisplayFrame = 0

    /// An empty stage of `canvas`'s size, its run loop at 0 and current.
    public init(canvas: Canvas) {
        self.canvas = canvas
        window = UIWindow(frame: CGRect(origin: .zero, size: canvas.size))
        window.overrideUserInterfaceStyle = canvas.appearance
        runLoop.rootLayers = [rootView.layer]
        runLoop.screen = (canvas.size, canvas.scale)
        Self.installRenderingHooks
    }

    /// Hands UIKit, which does not touch Cairo or Pango, the renderer's rasterizer, text
    /// measure and check of font families: once per process, when the first stage is made.
    private static let installRenderingHooks: Void = {
        FontFamilies.pinLanguage()
        UIGraphicsImageRenderer.rasterizer = { list, scale in try? list.rasterized(scale: scale) }
        UILabel.textMeasurer = { text, width in (try? text.measuredSize(width: width)) ?? .zero }
        UIFont.namedFamilyObserver = { FontFamilies.warnOnceIfSubstituted($0) }
    }()

    /// Told of every animation start and stop on the stage, right after the animation's
    /// delegate (CA7): how a recording keeps an event log of code-built animations.
    public var animationEventObserver: ((AnimationEvent) -> Void)? {
        get { runLoop.animationEventObserver }
        set { runLoop.animationEventObserver = newValue }
    }

    /// The virtual time reached, in seconds.
    public var time: Double { runLoop.now }

    /// The first animation on the canvas added while another run loop was current (before
    /// this stage was made, or while another stage's was current): this stage would not
    /// play it as it should, its clock and events being the other's. nil when there is none.
    package func firstAnimationAddedElsewhere() -> (layer: CALayer, key: String?)? {
        runLoop.firstAnimationAddedElsewhere(under: rootView.layer)
    }

    /// Runs `changes` now as one turn of the run loop, and commits its transaction.
    public func perform(_ changes: () throws -> Void) rethrows {
        try runLoop.performTurn(changes)
    }

    /// Runs `work` at `time` seconds (not before now) as a turn of its own, like a timer
    /// firing. Returns a number `cancelScheduled(_:)` takes.
    @discardableResult
    public func schedule(at time: Double, _ work: @escaping @MainActor () -> Void) -> Int {
        runLoop.schedule(at: time, work)
    }

    /// Drops work scheduled with `schedule(at:_:)` that has not run yet.
    public func cancelScheduled(_ id: Int) {
        runLoop.cancelScheduled(id)
    }

    /// Runs every turn due at or before `t`, in time order, and moves time there. At each
    /// frame's time on the way (and at `t`, if a frame falls on it) the display links run
    /// for that frame, once, whether or not the frame is drawn.
    /// - Precondition: `t` is not earlier than the time already reached.
    public func run(until t: Double) {
        precondition(t >= time, "time only moves forward (at \(time), asked for \(t))")
        while canvas.time(ofFrame: nextDisplayFrame) <= t {
            let frameTime = canvas.time(ofFrame: nextDisplayFrame)
            nextDisplayFrame += 1
            guard runLoop.hasDisplayLinks, frameTime >= time else { continue }
            runLoop.advance(to: frameTime)
            runLoop.displayFrame(at: frameTime, interval: 1 / canvas.fps)
        }
        runLoop.advance(to: t)
    }

    /// Runs until nothing is left to happen and nothing animates, or until `limit`, and
    /// returns how long the stage's play lasts: the time of its last event, or `limit`
    /// while an animation repeats forever or work remains past it. `stop` is asked after
    /// each turn; once it says true, the time reached is the answer.
    public func runUntilIdle(limit: Double, stoppingWhen stop: () -> Bool = { false }) -> Double {
        runLoop.makeCurrent()
        while !stop(), let next = runLoop.nextEventTime, next <= limit { runLoop.advance(to: next) }
        let pastLimit = !stop() && runLoop.nextEventTime != nil
        return runLoop.isAnimatingForever || pastLimit ? limit : min(runLoop.now, limit)
    }

    /// What the canvas shows now, as an immutable snapshot for the compositor.
    public func renderTree() -> RenderTree {
        runLoop.makeCurrent()
        let root = rootView.layer.renderLayer() ?? RenderLayer(position: .zero, bounds: .zero)
        return RenderTree(size: canvas.size, scale: canvas.scale, background: canvas.background, root: root)
    }

    /// Runs to frame `index`'s time (its display links run on the way) and returns what
    /// shows then.
    public func renderTree(atFrame index: Int) -> RenderTree {
        run(until: canvas.time(ofFrame: index))
        return renderTree()
    }

    /// Why frames until idle cannot be had: the play never ends by itself.
    public struct EndlessPlay: Error, CustomStringConvertible {
        public var description: String {
            "an animation repeats forever (or a repeating timer or a display link runs), so the play never ends by itself: give it a duration"
        }
    }

    /// Why frames until idle cannot be had within a limit: the play goes on past it.
    public struct PlayPastLimit: Error, CustomStringConvertible {
        public let limit: Double
        public var description: String {
            "the play still goes on at t = \(limit) s, the limit: give it a duration or a larger limit"
        }
    }

    /// The frames from here until nothing is left to happen, snapshotted as the play runs,
    /// for code that cannot be run twice: the rule of `runUntilIdle(limit:)`, frame by
    /// frame, ending on the frame of the last event.
    /// - Throws: `EndlessPlay` when an animation repeats forever, or a repeating timer or a
    ///   display link runs; `PlayPastLimit` when something is still to happen after the
    ///   frame at `limit` seconds.
    public func renderTreesUntilIdle(limit: Double) throws -> [RenderTree] {
        var trees: [RenderTree] = []
        var lastEvent = time
        for frame in 0..<canvas.frameCount(duration: limit) {
            while let next = runLoop.nextEventTime, next <= canvas.time(ofFrame: frame) {
                run(until: next)
                lastEvent = time
            }
            trees.append(renderTree(atFrame: frame))
            guard !runLoop.hasWorkToCome else { continue }
            if runLoop.isAnimatingForever || runLoop.hasRecurringWork { throw EndlessPlay() }
            return Array(trees.prefix(canvas.frameCount(duration: lastEvent)))
        }
        throw PlayPastLimit(limit: limit)
    }
}
