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

    /// Draws the frames.
    private var drawing: ForwardRun
    /// Inspects the scene (the layer tree, probes), apart from the drawing, whose frames the
    /// page asks for in another order.
    private var inspecting: ForwardRun
    private let compositor = Compositor()
    private var frames: [Int: [UInt8]] = [:]
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
        drawing = ForwardRun(scene: scene)
        inspecting = ForwardRun(scene: scene)
    }

    /// The PNG of frame `index`, which must be below `frameCount`.
    func png(frame index: Int) throws -> [UInt8] {
        if let bytes = frames[index] { return bytes }
        let tree = drawing.run(toFrame: index).renderTree(atFrame: index)
        let bytes = try compositor.render(tree) { try PNGCodec.encode($0, compressionLevel: 1) }
        if cachedBytes + bytes.count > Self.cacheLimit {
            frames.removeAll()
            cachedBytes = 0
        }
        frames[index] = bytes
        cachedBytes += bytes.count
        return bytes
    }

    /// A run of the scene at frame `index`'s time, to inspect (the layer tree, probes).
    func run(atFrame index: Int) -> SceneRun {
        let run = inspecting.run(toFrame: index)
        run.advance(to: scene.time(ofFrame: index))
        return run
    }
}

/// A run of a scene for frames asked in any order: its clock moves only forward, so it goes
/// on from the frame asked before when it can (a page playing asks for each frame in turn)
/// and starts again for an earlier one. The run is made when first asked for.
@MainActor
private struct ForwardRun {
    let scene: Scene
    private var run: SceneRun?
    private var frame = 0

    init(scene: Scene) {
        self.scene = scene
    }

    /// The run, not yet past frame `index`'s time: the caller moves it there.
    mutating func run(toFrame index: Int) -> SceneRun {
        if let run, frame <= index {
            frame = index
            return run
        }
        let started = SceneRun(scene: scene)
        (run, frame) = (started, index)
        return started
    }
}
