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
