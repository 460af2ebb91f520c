import FlipbookOutput
import FlipbookStage
@_spi(Recording) import FlipbookUIKit
import Foundation

/// Records animations written in Swift: a root view on a virtual clock, rendered frame by frame.
///
/// Add views to `rootView` and start animations as an app would, schedule later changes
/// with `at(_:perform:)`, then call `render(duration:to:)` once. Everything before the
/// render is the first turn of the run loop, at t = 0. Time is virtual: frame i shows
/// t = i / fps, and the same code gives the same bytes on every run (T5).
///
/// A recorder stands on a `Stage`, as a scene does. Creating it, scheduling on it and
/// running it make the stage's run loop `VirtualRunLoop.current`, which `UIView.animate`,
/// layer changes, `CATransaction` and `CACurrentMediaTime()` use: several recorders can
/// exist and run in turns, but set each up right after creating it, before creating or
/// running another.
@MainActor
public final class Recorder {
    /// Where the recording plays: the canvas, its root view and its run loop. Package
    /// code (FlipbookTesting) drives it to chosen times.
    package let stage: Stage
    private var hasRendered = false

    /// What happened so far: every animation's start and stop (the layer named by its
    /// `name`, "unnamed" without one), and what the code logged with `completion(_:)` and
    /// `log(_:)`, at its virtual time.
    public private(set) var events: [SceneEvent] = []

    /// The canvas as a view, as big as the canvas: add the views to record here. It is
    /// the recording's `window`.
    public var rootView: UIView { stage.rootView }

    /// The folder `UIImage(named:)` looks in first, as an app's bundle holds its images
    /// (`name.png`, `name@2x.png`); setting it replaces the one set before, for the whole
    /// process.
    public var resourceFolder: URL? {
        get { UIImage.resourceFolders.first }
        set { UIImage.resourceFolders = newValue.map { [$0] } ?? [] }
    }

    /// The window the views are in: `rootView`, as a `UIWindow`.
    public var window: UIWindow { stage.window }

    /// A view controller whose view fills the canvas, shown as an app's window shows its
    /// root view controller: `loadView()` and `viewDidLoad()`, `viewWillAppear(_:)`, its
    /// layout, `viewDidAppear(_:)`.
    public var rootViewController: UIViewController? {
        get { stage.window.rootViewController }
        set { stage.window.rootViewController = newValue }
    }

    /// Why a recording cannot be made, and what to change.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates an empty canvas of `size` points at `scale` pixels per point, recorded at
    /// `fps` frames per second over `backgroundColor` (`nil` = transparent), in light or
    /// dark `appearance`: the dynamic colours of the views added to `rootView`
    /// (`.label`, `.systemBackground`…) and the background resolve with it.
    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 60, backgroundColor: UIColor? = .white,
                appearance: UIUserInterfaceStyle = .light) {
        let traits = UITraitCollection(userInterfaceStyle: appearance)
        stage = Stage(canvas: Canvas(size: size, scale: scale, fps: fps,
                                     background: backgroundColor?.resolvedColor(with: traits).cgColor, appearance: appearance))
        // A sceneless app launches inactive and becomes active once it shows (UIApplication.swift).
        UIApplication.shared.launch()
        stage.schedule(at: 0) { UIApplication.shared.becomeActive() }
        stage.animationEventObserver = { [unowned self] event in
            let layer = event.layer.name ?? "unnamed"
            switch event.kind {
            case .didStart: log(.animationDidStart(layer: layer, key: event.key))
            case .didStop(let finished): log(.animationDidStop(layer: layer, key: event.key, finished: finished))
            }
        }
    }

    /// A completion for a UIView animation block that logs `completion` with `name` and
    /// its `finished`: `UIView.animate(withDuration: 1, animations: …, completion: recorder.completion("fade"))`.
    public func completion(_ name: String) -> @MainActor (Bool) -> Void {
        { [unowned self] finished in log(.completion(name: name, finished: finished)) }
    }

    /// Logs `message` at the virtual time now.
    public func log(_ message: String) {
        log(.log(message: message))
    }

    private func log(_ kind: SceneEvent.Kind) {
        events.append(SceneEvent(time: stage.time, kind: kind))
    }

    /// Runs `changes` at `time` seconds into the recording as a turn of its own, like a
    /// timer firing: standalone layers changed in it animate implicitly, and its
    /// transaction commits when it returns. A time before now runs at once, in the next
    /// turn; a time that is not finite (NaN, infinity) is refused: the render, or the
    /// first probe of `FlipbookTesting`, throws a `Failure` naming it.
    public func at(_ time: TimeInterval, perform changes: @escaping @MainActor () -> Void) {
        guard time.isFinite else {
            refusedTime = refusedTime ?? Failure(description: "at(\(time)) was given a time that is not finite: "
                + "pass the seconds into the recording when the changes run")
            return
        }
        stage.schedule(at: time, changes)
    }

    /// Why `at(_:perform:)` refused a time, the first time it did.
    package private(set) var refusedTime: Failure?

    /// Why the recording cannot run as written: a time `at(_:perform:)` refused, or an
    /// animation on the canvas added before the recorder was made (or while another
    /// recorder's run loop was current), whose clock stamped it and whose run loop would
    /// deliver its events: it would play late or never, and its completion not run.
    package func setUpProblem() -> Failure? {
        if let refusedTime { return refusedTime }
        guard let (layer, key) = stage.firstAnimationAddedElsewhere() else { return nil }
        let view = sequence(first: layer, next: \.superlayer).lazy.compactMap { $0.delegate as? UIView }.first
        let what = layer.name.map { "the layer '\($0)'" } ?? layer.delegate.map { "the \(type(of: $0))'s layer" }
            ?? view.map { "a sublayer of the \(type(of: $0))'s layer" } ?? "a \(type(of: layer))"
        return Failure(description: "\(what) has an animation (\(key.map { "'\($0)'" } ?? "added without a key")) "
            + "added before this Recorder was made, or while another recorder's run loop was current, so this "
            + "recording would not play it from its start nor report its end: make the Recorder first, then "
            + "build, add and animate the views it records")
    }

    /// Renders the recording to `output`: an `.mp4`, `.webm`, `.mov` or `.gif` file
    /// (through ffmpeg; WebM and MOV keep transparency over a clear background, an MP4 has
    /// no alpha channel, so a clear background turns black in it; a GIF is
    /// recorded at the largest frame rate not above `fps` that divides 100, see
    /// `GIFTiming`), or, for a path without an extension, a folder of `frame_NNNNN.png` files.
    ///
    /// A folder gets the manifest a CLI render writes (`flipbook-render.json`, see
    /// `PNGRenderFolder`): frames an earlier Flipbook render or recording left there are
    /// removed first, and `"complete": true` is recorded once every frame is written. Frames
    /// no manifest accounts for are not removed: the recording refuses the folder.
    ///
    /// - Parameters:
    ///   - duration: seconds to record, up to `limit`; `nil` records until nothing animates
    ///     and nothing scheduled is left. A render has round(duration · fps) + 1 frames, the
    ///     last at `duration`.
    ///   - limit: the longest recording, in seconds (default 600, `Canvas.maximumDuration`):
    ///     a `duration` past it, or a recording without one that still plays at `limit`
    ///     (an animation of 1e6 s), throws before any frame is written.
    /// - Throws: `Failure` for an unknown extension, a canvas, duration or limit out of
    ///   range, an animation that repeats forever without a `duration`, a play that
    ///   outlasts `limit`, a second render (a recorder renders once: its clock only
    ///   moves forward), or an animation on the canvas added before the recorder was made
    ///   (make the recorder first); `PNGRenderFolder.Failure` for a folder holding frames of unknown
    ///   origin; ffmpeg's and the file system's errors.
    public func render(duration: TimeInterval? = nil, limit: TimeInterval = Canvas.maximumDuration, to output: URL) throws {
        let spec = try Self.outputSpec(output)
        try checkCanRender()
        let sceneFPS = stage.canvas.fps
        do {
            if let gif = try spec.gifTiming(sceneFPS: sceneFPS) { stage.canvas.fps = gif.renderFPS }
        } catch {
            throw Failure(description: "cannot record a GIF: \(error)")
        }
        // A render refused before it ran leaves the recorder as it was, to be tried again.
        defer { if !hasRendered { stage.canvas.fps = sceneFPS } }
        var folder: PNGRenderFolder?
        try render(duration: duration, limit: limit) { frames in
            let canvas = stage.canvas
            let part = RenderPart.whole(frameCount: frames)
            folder = spec.pngFolder(scene: "recording", part: part, manifest: PNGRenderFolder.Manifest(
                scene: "recording", sceneHash: PNGRenderFolder.Manifest.recordingSceneHash, width: canvas.pixelWidth, height: canvas.pixelHeight,
                fps: canvas.fps, scale: canvas.scale, pngCompression: spec.pngCompression, renderFrameCount: frames,
                frames: Array(0..<frames)))
            _ = try folder?.prepare(frames: Array(0..<frames), force: false, resume: false)
            return try spec.makeSink(scene: "recording", part: part,
                                     frame: (canvas.pixelWidth, canvas.pixelHeight, canvas.fps, canvas.isOpaque)).sink
        }
        try folder?.complete()
    }

    /// Renders the recording into `sink` (a `BitmapCollector`, or a sink of your own) and
    /// finishes it; otherwise as `render(duration:limit:to:)`.
    public func render(duration: TimeInterval? = nil, limit: TimeInterval = Canvas.maximumDuration, into sink: FrameSink) throws {
        try checkCanRender()
        try render(duration: duration, limit: limit) { _ in sink }
    }

    // MARK: Rendering

    /// Throws when the recorder has rendered or run already: its clock only moves forward,
    /// and a recording starts at t = 0.
    private func checkCanRender() throws {
        guard !hasRendered else {
            throw Failure(description: "a Recorder renders once: this one has rendered already, and its clock only moves forward; make a new Recorder")
        }
        guard stage.time == 0 else {
            throw Failure(description: "a recording renders from t = 0, and this one has run to t = \(stage.time) s; make a new Recorder")
        }
    }

    /// Renders through the sink `sink` makes for the number of frames.
    private func render(duration: TimeInterval?, limit: TimeInterval, sink: (Int) throws -> FrameSink) throws {
        if let problem = stage.canvas.problem { throw Failure(description: "cannot record: \(problem)") }
        let longest = stage.canvas.longestDuration
        guard (0...longest).contains(limit) else {
            throw Failure(description: "the limit must be between 0 and \(longest) seconds at \(stage.canvas.fps) fps, got \(limit)")
        }
        if let problem = setUpProblem() { throw problem }
        if let duration, !(0...limit).contains(duration) {
            throw Failure(description: "the duration must be between 0 and \(briefText(limit)) seconds, got \(duration)"
                          + (duration > limit ? "; pass render(duration:limit:) a larger limit to record longer" : ""))
        }
        // From here the clock runs: the recorder has rendered, whatever happens next.
        hasRendered = true
        stage.perform {}
        let frames: [Int]
        let snapshot: (Int) -> RenderTree
        if let duration {
            frames = Array(0..<stage.canvas.frameCount(duration: duration))
            snapshot = stage.renderTree(atFrame:)
        } else {
            let trees: [RenderTree]
            do {
                trees = try stage.renderTreesUntilIdle(limit: limit)
            } catch is Stage.EndlessPlay {
                throw Failure(description: "an animation repeats forever (or a repeating timer or a display link runs), so the recording never ends by itself: pass render(duration:)")
            } catch is Stage.PlayPastLimit {
                throw Failure(description: "the recording still plays at t = \(briefText(limit)) s, the limit (an animation or scheduled work lasts longer): "
                              + "pass render(duration:) to record part of it, or render(limit:) a larger limit to record it all")
            }
            frames = Array(trees.indices)
            snapshot = { trees[$0] }
        }
        try FramePipeline().run(frames: frames, snapshot: snapshot, sink: try sink(frames.count))
    }

    /// What `output` names: a video by its extension, or PNG frames in a folder.
    private static func outputSpec(_ output: URL) throws -> OutputSpec {
        do {
            return try OutputSpec(path: output)
        } catch let failure as OutputSpec.Failure {
            throw Failure(description: failure.description)
        }
    }
}
