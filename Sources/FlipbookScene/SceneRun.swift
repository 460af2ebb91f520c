import Foundation
import FlipbookUIKit

/// A scene brought to life: its view and layer tree, and a virtual clock that runs the
/// timeline. Advance it to a time, then take a `RenderTree` of what shows then.
///
/// The run owns a `VirtualClock` and makes it current whenever it works, so several
/// runs can exist side by side (they must not be used from different tasks at once).
@MainActor
public final class SceneRun {
    public let scene: Scene
    /// The canvas: the root of the view tree, as big as the canvas.
    public let rootView: UIView
    public let clock = VirtualClock()
    /// What happened so far: completions, logs, animation starts and stops.
    public private(set) var events: [SceneEvent] = []
    private var views: [String: UIView] = [:]
    private var layers: [String: CALayer] = [:]

    /// Builds and commits the scene's initial tree (views, then standalone layers) and
    /// schedules the timeline: entries run at their times in file order, each its own turn.
    public init(scene: Scene) {
        self.scene = scene
        clock.install()
        rootView = UIView(frame: CGRect(origin: .zero, size: scene.canvas.size))
        clock.rootLayers = [rootView.layer]
        for spec in scene.views { rootView.addSubview(makeView(spec)) }
        for spec in scene.layers { layers[spec.id] = CALayer() }
        for spec in scene.layers { attach(spec, to: spec.superlayer.map(resolve) ?? rootView.layer) }
        clock.performTurn {}
        for entry in scene.timeline {
            clock.schedule(at: entry.time) { [unowned self] in
                for action in entry.actions { perform(action) }
            }
        }
    }

    /// The virtual time the run has reached, in seconds.
    public var time: Double { clock.now }

    /// The view with `id`, if the scene declares one.
    public func view(_ id: String) -> UIView? { views[id] }

    /// The layer named `id` (a standalone layer's id, or `viewID.layer`).
    public func layer(_ id: String) -> CALayer? {
        if id.hasSuffix(".layer") { return views[String(id.dropLast(".layer".count))]?.layer }
        return layers[id]
    }

    /// Every named layer: `viewID.layer` for views with an id, then standalone layers,
    /// each in the order declared.
    public var namedLayers: [(id: String, layer: CALayer)] {
        viewOrder.compactMap { id in views[id].map { ("\(id).layer", $0.layer) } }
            + layerOrder.compactMap { id in layers[id].map { (id, $0) } }
    }

    private var viewOrder: [String] = []
    /// Animations the timeline added that started, never end, and have not been removed.
    fileprivate var endlessAnimations: [AnimationEventRecorder] = []
    private var layerOrder: [String] = []

    /// Runs every turn due at or before `t`: timeline entries, completions, animation
    /// starts and stops, in time order.
    /// - Precondition: `t` is not earlier than the time already reached.
    public func advance(to t: Double) {
        precondition(t >= time, "the clock only moves forward (at \(time), asked for \(t))")
        clock.install()
        clock.advance(to: t)
    }

    /// Runs until nothing is left to happen and nothing animates, or until `limit`, and
    /// returns the time reached: the natural length of the scene.
    public func runUntilIdle(limit: Double) -> Double {
        clock.install()
        while let next = clock.nextEventTime, next <= limit { clock.advance(to: next) }
        return isAnimatingForever ? limit : min(clock.now, limit)
    }

    /// Whether an animation is still running that never ends (repeating forever): one
    /// under a key on a layer of the tree, or one the timeline added without a key,
    /// which `animationKeys()` does not list.
    private var isAnimatingForever: Bool {
        let keyed = allLayers(rootView.layer).contains { layer in
            layer.animationKeys() != nil && layer.animationKeys()!.contains { key in
                layer.animation(forKey: key).map { !$0.timing.endTime.isFinite } ?? false
            }
        }
        return keyed || endlessAnimations.contains { $0.layerObject.map(isShown) ?? false }
    }

    private func allLayers(_ layer: CALayer) -> [CALayer] {
        [layer] + (layer.sublayers ?? []).flatMap(allLayers)
    }

    /// What the canvas shows now, as an immutable snapshot for the compositor.
    public func renderTree() -> RenderTree {
        clock.install()
        let root = rootView.layer.renderLayer()
            ?? RenderLayer(position: .zero, bounds: .zero)
        return RenderTree(size: scene.canvas.size, scale: scene.canvas.scale,
                          background: scene.canvas.background, root: root)
    }

    // MARK: Building

    private func makeView(_ spec: ViewSpec) -> UIView {
        let view = UIView()
        if let id = spec.id {
            views[id] = view
            viewOrder.append(id)
        }
        for assignment in spec.properties { assignment.apply(view) }
        for assignment in spec.layerProperties { assignment.apply(view.layer) }
        for child in spec.subviews { view.addSubview(makeView(child)) }
        return view
    }

    private func attach(_ spec: LayerSpec, to parent: CALayer) {
        let layer = layers[spec.id] ?? CALayer()
        if layers[spec.id] == nil { layers[spec.id] = layer }
        if !layerOrder.contains(spec.id) { layerOrder.append(spec.id) }
        parent.addSublayer(layer)
        for assignment in spec.properties { assignment.apply(layer) }
    }

    private func resolve(_ reference: LayerReference) -> CALayer {
        switch reference {
        case .layer(let id): return layers[id]!
        case .viewLayer(let id): return views[id]!.layer
        }
    }

    private func name(of reference: LayerReference) -> String {
        switch reference {
        case .layer(let id): return id
        case .viewLayer(let id): return "\(id).layer"
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
        case .addAnimation(let reference, let key, let spec):
            let animation = spec.make()
            let layer = resolve(reference)
            animation.delegate = AnimationEventRecorder(run: self, layer: name(of: reference), layerObject: layer, key: key)
            layer.add(animation, forKey: key)
        case .removeAnimation(let reference, let key):
            resolve(reference).removeAnimation(forKey: key)
        case .removeAllAnimations(let reference):
            resolve(reference).removeAllAnimations()
        case .transaction(let spec):
            perform(spec)
        case .addSublayer(let parent, let spec):
            layers[spec.id] = CALayer()
            attach(spec, to: resolve(parent))
        case .removeFromSuperlayer(let reference):
            resolve(reference).removeFromSuperlayer()
        case .log(let message):
            record(.log(message: message))
        }
    }

    private func perform(_ spec: TransactionSpec) {
        CATransaction.begin()
        if let duration = spec.duration { CATransaction.setAnimationDuration(duration) }
        if let function = spec.timingFunction { CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(function: function)) }
        if let disable = spec.disableActions { CATransaction.setDisableActions(disable) }
        if let completion = spec.completion {
            CATransaction.setCompletionBlock { [unowned self] in
                record(.transactionCompletion(name: spec.name))
                for action in completion { perform(action) }
            }
        }
        for action in spec.actions { perform(action) }
        CATransaction.commit()
    }

    func record(_ kind: SceneEvent.Kind) {
        events.append(SceneEvent(time: time, kind: kind))
    }
}

extension SceneRun {
    /// Advances to frame `index`'s time and returns what shows then.
    public func renderTree(atFrame index: Int) -> RenderTree {
        advance(to: scene.time(ofFrame: index))
        return renderTree()
    }
}

/// Logs the start and stop of an animation a scene added.
@MainActor
private final class AnimationEventRecorder: CAAnimationDelegate {
    unowned let run: SceneRun
    let layer: String
    weak var layerObject: CALayer?
    let key: String?

    init(run: SceneRun, layer: String, layerObject: CALayer, key: String?) {
        self.run = run
        self.layer = layer
        self.layerObject = layerObject
        self.key = key
    }

    func animationDidStart(_ anim: CAAnimation) {
        run.record(.animationDidStart(layer: layer, key: key))
        if !anim.timing.endTime.isFinite { run.endlessAnimations.append(self) }
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        run.record(.animationDidStop(layer: layer, key: key, finished: flag))
        run.endlessAnimations.removeAll { $0 === self }
    }
}
