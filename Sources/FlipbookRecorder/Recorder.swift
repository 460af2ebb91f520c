import FlipbookOutput
import FlipbookScene
import FlipbookUIKit
import Foundation

/// Records animations written in Swift: a root view on a virtual clock, rendered frame by frame.
///
/// Add views to `rootView` and start animations as an app would, schedule later changes
/// with `at(_:perform:)`, then call `render(duration:to:)` once. Everything before the
/// render is the first turn of the run loop, at t = 0. Time is virtual: frame i shows
/// t = i / fps, and the same code gives the same bytes on every run (T5).
///
/// Creating a recorder makes its `VirtualClock` the current one, so layer changes,
/// `CATransaction` and `CACurrentMediaTime()` use it; build one recording at a time.
@MainActor
public final class Recorder {
    /// The canvas as a view, as big as the canvas: add the views to record here.
    public let rootView: UIView
    private var canvas: Canvas
    private let clock = VirtualClock()
    private var hasRendered = false

    /// Why a recording cannot be made, and what to change.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Creates an empty canvas of `size` points at `scale` pixels per point, recorded at
    /// `fps` frames per second over `backgroundColor` (`nil` = transparent).
    public init(size: CGSize, scale: CGFloat = 1, fps: Double = 60, backgroundColor: UIColor? = .white) {
        canvas = Canvas(size: size, scale: scale, fps: fps, background: backgroundColor?.cgColor)
        clock.install()
        rootView = UIView(frame: CGRect(origin: .zero, size: size))
        clock.rootLayers = [rootView.layer]
    }

    /// Runs `changes` at `time` seconds into the recording as a turn of its own, like a
    /// timer firing: standalone layers changed in it animate implicitly, and its
    /// transaction commits when it returns.
    public func at(_ time: TimeInterval, perform changes: @escaping @MainActor () -> Void) {
        clock.install()
        clock.schedule(at: time, changes)
    }

    /// Renders the recording to `output`: an `.mp4`, `.webm`, `.mov` or `.gif` file
    /// (through ffmpeg; WebM and MOV keep transparency over a clear background, a GIF is
    /// recorded at the largest frame rate not above `fps` that divides 100, see
    /// `GIFTiming`), or, for a path without an extension, a folder of `frame_NNNNN.png` files.
    ///
    /// - Parameter duration: seconds to record; `nil` records until nothing animates and
    ///   nothing scheduled is left (at most 600 s). A render has round(duration · fps) + 1
    ///   frames, the last at `duration`.
    /// - Throws: `Failure` for an unknown extension, a canvas or duration out of range, or
    ///   an animation that repeats forever without a `duration`; ffmpeg's and the file
    ///   system's errors.
    /// - Precondition: the recorder has not rendered yet (its clock only moves forward).
    public func render(duration: TimeInterval? = nil, to output: URL) throws {
        let format = try Self.videoFormat(of: output)
        if format == .gif {
            do {
                canvas.fps = try GIFTiming(sceneFPS: canvas.fps).renderFPS
            } catch {
                throw Failure(description: "cannot record a GIF: \(error)")
            }
        }
        try render(duration: duration) {
            guard let format else { return try PNGSequenceSink(directory: output) }
            return try FFmpegSink(output: output, width: canvas.pixelWidth, height: canvas.pixelHeight,
                                  fps: canvas.fps, format: format, alpha: !canvas.isOpaque)
        }
    }

    /// Renders the recording into `sink` (a `BitmapCollector`, or a sink of your own) and
    /// finishes it; otherwise as `render(duration:to:)`.
    public func render(duration: TimeInterval? = nil, into sink: FrameSink) throws {
        try render(duration: duration) { sink }
    }

    // MARK: Rendering

    private func render(duration: TimeInterval?, sink: () throws -> FrameSink) throws {
        precondition(!hasRendered, "a Recorder renders once: its clock only moves forward; make a new Recorder")
        hasRendered = true
        if let problem = canvas.problem { throw Failure(description: "cannot record: \(problem)") }
        clock.install()
        clock.performTurn {}
        let frames: [Int]
        let snapshot: (Int) -> RenderTree
        if let duration {
            guard (0...Canvas.maximumDuration).contains(duration) else {
                throw Failure(description: "the duration must be between 0 and \(Int(Canvas.maximumDuration)) seconds, got \(duration)")
            }
            frames = Array(0..<canvas.frameCount(duration: duration))
            snapshot = renderTree(atFrame:)
        } else {
            let trees = try treesUntilIdle()
            frames = Array(trees.indices)
            snapshot = { trees[$0] }
        }
        try FramePipeline().run(frames: frames, snapshot: snapshot, sink: try sink())
    }

    /// The frames of a recording that lasts until nothing is left to happen, simulated
    /// ahead of rendering because only running it tells its length (the rule of
    /// `SceneRun.runUntilIdle`: the time of the last event, at most 600 s).
    private func treesUntilIdle() throws -> [RenderTree] {
        var trees: [RenderTree] = []
        var lastEvent = clock.now
        for frame in 0..<canvas.frameCount(duration: Canvas.maximumDuration) {
            while let next = clock.nextEventTime, next <= canvas.time(ofFrame: frame) {
                clock.advance(to: next)
                lastEvent = clock.now
            }
            trees.append(renderTree(atFrame: frame))
            guard clock.nextEventTime == nil else { continue }
            if clock.isAnimatingForever {
                throw Failure(description: "an animation repeats forever, so the recording never ends by itself: pass render(duration:)")
            }
            return Array(trees.prefix(canvas.frameCount(duration: lastEvent)))
        }
        return trees
    }

    /// Advances to frame `index`'s time and returns what shows then.
    private func renderTree(atFrame index: Int) -> RenderTree {
        clock.advance(to: canvas.time(ofFrame: index))
        let root = rootView.layer.renderLayer() ?? RenderLayer(position: .zero, bounds: .zero)
        return RenderTree(size: canvas.size, scale: canvas.scale, background: canvas.background, root: root)
    }

    /// The ffmpeg format `output` names by its extension; nil (PNG frames) for none.
    private static func videoFormat(of output: URL) throws -> FFmpegSink.Format? {
        let ext = output.pathExtension.lowercased()
        if ext.isEmpty { return nil }
        guard let format = FFmpegSink.Format(rawValue: ext) else {
            throw Failure(description: "cannot write '\(output.lastPathComponent)': name an .mp4, .webm, .mov or .gif file, or a folder without an extension for PNG frames")
        }
        return format
    }
}
