import Foundation
import FlipbookUIKit

/// A validated scene: the canvas, the tree to build and the timeline, with defaults applied.
///
/// Produced by `SceneLoader`; everything in it has been checked, so building and running
/// it cannot fail on its shape.
@MainActor
public struct Scene {
    /// The file's base name without extension: names outputs and golden folders.
    public let name: String
    public let file: String
    public var canvas: Canvas
    public let golden: GoldenSpec?
    let views: [ViewSpec]
    let layers: [LayerSpec]
    let timeline: [TimelineEntry]

    /// How long a render lasts: `canvas.duration`, else until the last timeline entry
    /// (nothing animates yet), capped at 600 s.
    public var duration: Double {
        canvas.duration ?? min(600, timeline.map(\.time).max() ?? 0)
    }

    /// round(duration · fps) + 1: frame i is sampled at i / fps, the last at `duration`.
    public var frameCount: Int { Int((duration * canvas.fps).rounded()) + 1 }

    /// The virtual time of frame `index` (T5: computed from the index, never accumulated).
    public func time(ofFrame index: Int) -> Double { Double(index) / canvas.fps }
}

/// The drawing surface of a scene: its size, resolution, frame rate and background.
public struct Canvas: Sendable {
    /// Points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat = 1
    public var fps: Double = 60
    /// Seconds; `nil` = until nothing is left to happen.
    public var duration: Double?
    /// `nil` = transparent ("clear").
    public var background: CGColor? = .white

    /// The largest frame side in pixels (Cairo's image surfaces stop at 32767).
    public static let maximumPixels = 16384
    public static let fpsRange = 0.001...1000.0
    public static let scaleRange = 0.01...16.0

    /// The frame size in pixels: the point size times the scale, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// What is wrong with these values, if anything: fps, scale or pixel size out of range.
    public var problem: String? {
        if !Self.fpsRange.contains(fps) { return "fps must be between 0.001 and 1000, got \(fps)" }
        if !Self.scaleRange.contains(scale) { return "scale must be between 0.01 and 16, got \(scale)" }
        let limit = CGFloat(Self.maximumPixels)
        guard size.width >= 1, size.height >= 1, size.width * scale <= limit, size.height * scale <= limit else {
            return "the canvas must be at least 1 point and at most \(Self.maximumPixels) pixels on each side, got \(size.width)×\(size.height) points at scale \(scale)"
        }
        return nil
    }
}

/// The frames a scene's golden test checks, and how strictly.
public struct GoldenSpec: Sendable {
    public enum Frame: Sendable, Equatable {
        case index(Int)
        case last
    }

    public let frames: [Frame]
    /// Largest per-channel difference a pixel may have and still match.
    public let perChannelTolerance: Int
    /// How many pixels may exceed the tolerance.
    public let allowedPixels: Int

    /// The frame numbers for a render of `frameCount` frames, sorted, without repeats.
    public func frameIndices(frameCount: Int) -> [Int] {
        Set(frames.map { if case .index(let i) = $0 { i } else { frameCount - 1 } }).sorted()
    }
}

/// A property assignment read from the scene, ready to apply to its target.
struct Assignment<Target> {
    let key: String
    let apply: @MainActor (Target) -> Void
}

struct ViewSpec {
    let id: String?
    let properties: [Assignment<UIView>]
    let layerProperties: [Assignment<CALayer>]
    let subviews: [ViewSpec]
}

struct LayerSpec {
    let id: String
    let superlayer: LayerReference?
    let properties: [Assignment<CALayer>]
}

/// A layer named in a scene: a standalone layer's id, or `viewID.layer`.
enum LayerReference: Hashable {
    case layer(String)
    case viewLayer(String)
}

struct TimelineEntry {
    let time: Double
    let actions: [Action]
}

enum Action {
    case setView(String, [Assignment<UIView>])
    case setLayer(LayerReference, [Assignment<CALayer>])
}
