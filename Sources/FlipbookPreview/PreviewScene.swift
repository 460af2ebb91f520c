import FlipbookRender
import FlipbookScene
import Foundation

/// One loaded version of the scene that a preview shows: its length, its event log, and its
/// frames, drawn on demand by the engine `flipbook render` uses and kept once drawn.
///
/// A frame's PNG is byte for byte the file `flipbook render SCENE --still N` writes: the same
/// run of the scene to t = N / fps (T5), the same compositor and the same encoder (zlib level 1).
@MainActor
final class PreviewScene {
    let scene: Scene
    /// How long a render lasts, in seconds (`Scene.duration()`).
    let duration: Double
    let frameCount: Int
    /// What the engine logged over the whole duration, as `flipbook events` prints it.
    let events: [SceneEvent]
    /// Each animation's active interval on its layer over the whole duration, and the
    /// timing curves and springs they use (`CurveSpec` texts, each once).
    let intervals: [AnimationIntervals.Interval]
    let curves: [String]

    /// Draws the frames; its clock moves only forward, so an earlier frame starts a new run.
    private var run: SceneRun
    private var runFrame = 0
    private let compositor = Compositor()
    private var frames: [Int: [UInt8]] = [:]
    /// The run the latest inspection used, and its frame.
    private var inspected: (run: SceneRun, frame: Int)?
    private var cachedBytes = 0
    /// How many bytes of PNGs are kept; past it the cache starts again.
    static let cacheLimit = 256 << 20

    /// Loads nothing: runs `scene` once to find its length and run-time errors, then once
    /// more for its event log and its animations' intervals.
    /// - Throws: the `SceneError` of a rule the timeline breaks when it runs.
    init(scene: Scene) throws {
        self.scene = scene
        duration = try scene.duration()
        frameCount = scene.frameCount(duration: duration)
        let log = SceneRun(scene: scene)
        let heard = AnimationIntervals(listeningTo: log)
        log.advance(to: duration)
        events = log.events
        intervals = heard.intervals
        curves = heard.curves
        run = SceneRun(scene: scene)
    }

    /// The PNG of frame `index`, which must be below `frameCount`.
    func png(frame index: Int) throws -> [UInt8] {
        if let bytes = frames[index] { return bytes }
        if index < runFrame { run = SceneRun(scene: scene) }
        runFrame = index
        let tree = run.renderTree(atFrame: index)
        let bytes = try compositor.render(tree) { try PNGCodec.encode($0, compressionLevel: 1) }
        if cachedBytes + bytes.count > Self.cacheLimit {
            frames.removeAll()
            cachedBytes = 0
        }
        frames[index] = bytes
        cachedBytes += bytes.count
        return bytes
    }

    /// A run of the scene at frame `index`'s time, to inspect (the layer tree, probes): the
    /// run of the previous inspection moved on when `index` is not earlier (a page playing
    /// forward asks for each frame in turn), else a new one.
    func run(atFrame index: Int) -> SceneRun {
        if let inspected, inspected.frame <= index {
            inspected.run.advance(to: scene.time(ofFrame: index))
            self.inspected = (inspected.run, index)
            return inspected.run
        }
        let run = SceneRun(scene: scene)
        run.advance(to: scene.time(ofFrame: index))
        inspected = (run, index)
        return run
    }
}
