import Foundation
import FlipbookUIKit

/// A scene brought to life: its view and layer tree, and a virtual clock that runs the
/// timeline. Advance it to a time, then take a `RenderTree` of what shows then.
@MainActor
public final class SceneRun {
    public let scene: Scene
    /// The canvas: the root of the view tree, as big as the canvas.
    public let rootView: UIView
    private var views: [String: UIView] = [:]
    private var layers: [String: CALayer] = [:]
    private var nextEntry = 0
    /// The virtual time the run has reached, in seconds.
    public private(set) var time: Double = 0

    /// Builds the scene's initial tree (views, then standalone layers).
    public init(scene: Scene) {
        self.scene = scene
        rootView = UIView(frame: CGRect(origin: .zero, size: scene.canvas.size))
        for spec in scene.views { rootView.addSubview(makeView(spec)) }
        for spec in scene.layers { layers[spec.id] = CALayer() }
        for spec in scene.layers {
            let layer = layers[spec.id]!
            let parent = spec.superlayer.map(resolve) ?? rootView.layer
            parent.addSublayer(layer)
            for assignment in spec.properties { assignment.apply(layer) }
        }
    }

    /// The view with `id`, if the scene declares one.
    public func view(_ id: String) -> UIView? { views[id] }

    /// The layer named `id` (a standalone layer's id, or `viewID.layer`).
    public func layer(_ id: String) -> CALayer? {
        if id.hasSuffix(".layer") { return views[String(id.dropLast(".layer".count))]?.layer }
        return layers[id]
    }

    /// Runs every timeline entry due at or before `t`, in time and then file order.
    /// - Precondition: `t` is not earlier than the time already reached.
    public func advance(to t: Double) {
        precondition(t >= time, "the clock only moves forward (at \(time), asked for \(t))")
        while nextEntry < scene.timeline.count, scene.timeline[nextEntry].time <= t {
            let entry = scene.timeline[nextEntry]
            time = entry.time
            for action in entry.actions { perform(action) }
            nextEntry += 1
        }
        time = t
    }

    /// What the canvas shows now, as an immutable snapshot for the compositor.
    public func renderTree() -> RenderTree {
        let root = rootView.layer.renderLayer()
            ?? RenderLayer(position: .zero, bounds: .zero)
        return RenderTree(size: scene.canvas.size, scale: scene.canvas.scale,
                          background: scene.canvas.background, root: root)
    }

    // MARK: Building

    private func makeView(_ spec: ViewSpec) -> UIView {
        let view = UIView()
        if let id = spec.id { views[id] = view }
        for assignment in spec.properties { assignment.apply(view) }
        for assignment in spec.layerProperties { assignment.apply(view.layer) }
        for child in spec.subviews { view.addSubview(makeView(child)) }
        return view
    }

    private func resolve(_ reference: LayerReference) -> CALayer {
        switch reference {
        case .layer(let id): return layers[id]!
        case .viewLayer(let id): return views[id]!.layer
        }
    }

    // MARK: Actions

    private func perform(_ action: Action) {
        switch action {
        case .setView(let id, let assignments):
            for assignment in assignments { assignment.apply(views[id]!) }
        case .setLayer(let reference, let assignments):
            let layer = resolve(reference)
            for assignment in assignments { assignment.apply(layer) }
        }
    }
}

extension SceneRun {
    /// Advances to frame `index`'s time and returns what shows then.
    public func renderTree(atFrame index: Int) -> RenderTree {
        advance(to: scene.time(ofFrame: index))
        return renderTree()
    }
}
