import Foundation
import FlipbookUIKit

/// A scene brought to life on a `Stage`: the interpreter that builds the scene's view and
/// layer tree on the stage's root view and performs its timeline's actions as the
/// stage's clock reaches them. Run it to a time, then take a `RenderTree` of what shows.
///
/// The stage owns the run loop; several runs can exist side by side (each from one task at
/// a time).
@MainActor
public final class SceneRun {
    public let scene: Scene
    /// Where the scene plays: its canvas, root view and run loop.
    public let stage: Stage
    /// What happened so far: completions, logs, animation starts and stops.
    public private(set) var events: [SceneEvent] = []
    /// The first rule the timeline broke while running, at the action that broke it;
    /// nothing of the timeline runs after it.
    public private(set) var failure: SceneError?
    /// The action running now, to name in a failure.
    var location: SceneError.Location?
    /// Views by id; `$container`, `$from` and `$to` name the views of the latest
    /// view-controller transition (SceneRun+ViewControllers.swift).
    var views: [String: UIView] = [:]
    private var layers: [String: CALayer] = [:]
    private var drawingDelegates: [SceneDrawing: SceneDrawingDelegate] = [:]
    /// The delegates of layers with a scene `delegate` (SceneRun+LayerActions.swift).
    var actionDelegates: [CALayerDelegate] = []
    /// The property animators made so far, by id (SceneRun+Animators.swift).
    var animators: [String: UIViewPropertyAnimator] = [:]
    /// The view controllers made so far (SceneRun+ViewControllers.swift).
    let viewControllers = ViewControllers()

    /// Builds and commits the scene's initial tree (views, then standalone layers) on a
    /// new stage of the scene's canvas, and schedules the timeline: entries run at their
    /// times in file order, each its own turn.
    public init(scene: Scene) {
        self.scene = scene
        stage = Stage(canvas: scene.canvas)
        stage.perform {
            for spec in scene.views { rootView.addSubview(makeView(spec)) }
            for spec in scene.layers { makeLayer(spec) }
            for spec in scene.layers { attach(spec, to: spec.superlayer.flatMap(resolve) ?? rootView.layer) }
        }
        for entry in scene.timeline {
            stage.schedule(at: entry.time) { [unowned self] in
                for action in entry.actions { perform(action) }
            }
        }
    }

    /// The canvas: the root of the view tree, as big as the canvas.
    public var rootView: UIView { stage.rootView }

    /// The virtual time the run has reached, in seconds.
    public var time: Double { stage.time }

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
    private var layerOrder: [String] = []

    /// Runs every turn due at or before `t`: timeline entries, completions, animation
    /// starts and stops, in time order.
    /// - Precondition: `t` is not earlier than the time already reached.
    public func advance(to t: Double) {
        stage.run(until: t)
    }

    /// Runs until nothing is left to happen and nothing animates, or until `limit`, and
    /// returns the time reached: the natural length of the scene (`limit` while an
    /// animation repeats forever). Stops early at a failure.
    public func runUntilIdle(limit: Double = Canvas.maximumDuration) -> Double {
        stage.runUntilIdle(limit: limit) { failure != nil }
    }

    /// What the canvas shows now, as an immutable snapshot for the compositor.
    public func renderTree() -> RenderTree { stage.renderTree() }

    /// Runs to frame `index`'s time and returns what shows then.
    public func renderTree(atFrame index: Int) -> RenderTree { stage.renderTree(atFrame: index) }

    // MARK: Building

    func makeView(_ spec: ViewSpec) -> UIView {
        let layerClass = LayerClass.named(spec.layerClassName) ?? .plain
        let view = layerClass.type == CALayer.self ? Self.newView(of: spec.kind) : layerClass.makeView()
        if let id = spec.id {
            views[id] = view
            viewOrder.append(id)
        }
        PropertyTable<UIView>.anyView.apply(spec.properties, to: view, in: self)
        PropertyTable<CALayer>.anyLayer.apply(spec.layerProperties, to: view.layer, in: self)
        var children: [String: UIView] = [:]
        for childSpec in spec.subviews {
            let child = makeView(childSpec)
            view.addSubview(child)
            if let id = childSpec.id { children[id] = child }
        }
        if let view = view as? LayoutRulesView {
            view.rules = spec.layout.compactMap { rule in children[rule.childID].map { (rule, $0) } }
            view.ruleFailed = { [unowned self] rule, message in fail("\(message) at t = \(time) s", at: rule.location) }
        }
        return view
    }

    private static func newView(of kind: ViewSpec.Kind) -> UIView {
        switch kind {
        case .view: UIView()
        case .label: UILabel()
        case .imageView: UIImageView()
        case .activityIndicator: UIActivityIndicatorView(style: .medium)
        case .drawing: SceneDrawingView()
        case .layoutRules: LayoutRulesView()
        }
    }

    /// Makes the standalone layer `spec` names and keeps it under its id; a new id joins
    /// the declared order (checked by the dictionary, not by searching the order).
    private func makeLayer(_ spec: LayerSpec) {
        let layer = (LayerClass.named(spec.className) ?? .plain).type.init()
        if layers.updateValue(layer, forKey: spec.id) == nil { layerOrder.append(spec.id) }
    }

    private func attach(_ spec: LayerSpec, to parent: CALayer) {
        let layer = layers[spec.id]!
        parent.addSublayer(layer)
        PropertyTable<CALayer>.anyLayer.apply(spec.properties, to: layer, in: self)
    }

    /// The delegate that draws `drawing` in a standalone layer: one per drawing, kept by the
    /// run, as a layer holds its delegate weakly.
    func drawingDelegate(for drawing: SceneDrawing) -> SceneDrawingDelegate {
        if let delegate = drawingDelegates[drawing] { return delegate }
        let delegate = SceneDrawingDelegate(drawing)
        drawingDelegates[drawing] = delegate
        return delegate
    }

    /// The layer named by `reference`, or nil after recording a failure when the layer
    /// does not exist yet (an `addSublayer` later in time adds it).
    private func resolve(_ reference: LayerReference) -> CALayer? {
        switch reference {
        case .layer(let id):
            if let layer = layers[id] { return layer }
            fail("layer '\(id)' does not exist yet at t = \(time) s: the addSublayer that adds it runs later")
            return nil
        case .viewLayer(let id): return resolveView(id)?.layer
        }
    }

    /// The view `id`, or nil after recording a failure when it does not exist yet (an
    /// `addSubview` later in time adds it).
    func resolveView(_ id: String) -> UIView? {
        if let view = views[id] { return view }
        fail("view '\(id)' does not exist yet at t = \(time) s: the addSubview that adds it runs later")
        return nil
    }

    /// Records the first rule broken, at `place` or else the action running now.
    func fail(_ message: String, at place: SceneError.Location? = nil) {
        guard failure == nil else { return }
        let place = place ?? location ?? SceneError.Location(file: scene.file, line: 1, column: 1)
        failure = SceneError(at: place, message)
    }

    private func name(of reference: LayerReference) -> String {
        switch reference {
        case .layer(let id): return id
        case .viewLayer(let id): return "\(id).layer"
        }
    }

    // MARK: Actions

    func perform(_ action: Action) {
        guard failure == nil else { return }
        switch action {
        case .located(let place, let action):
            location = place
            perform(action)
        case .setView(let id, let assignments):
            guard let view = resolveView(id) else { return }
            PropertyTable<UIView>.anyView.apply(assignments, to: view, in: self)
        case .setLayer(let reference, let assignments):
            guard let layer = resolve(reference) else { return }
            PropertyTable<CALayer>.anyLayer.apply(assignments, to: layer, in: self)
        case .addAnimation(let reference, let key, let spec):
            guard let layer = resolve(reference) else { return }
            let animation = spec.makeAnimation()
            animation.delegate = AnimationEventRecorder(run: self, layer: name(of: reference), key: key)
            do {
                try layer.addChecked(handingOver: animation, checkedFor: spec.prototype.checkedFor, forKey: key)
            } catch {
                fail("cannot add the animation to '\(name(of: reference))': \(error)")
            }
        case .removeAnimation(let reference, let key):
            resolve(reference)?.removeAnimation(forKey: key)
        case .removeAllAnimations(let reference):
            resolve(reference)?.removeAllAnimations()
        case .transaction(let spec):
            perform(spec)
        case .addSublayer(let parent, let spec):
            guard let parent = resolve(parent) else { return }
            makeLayer(spec)
            attach(spec, to: parent)
        case .removeFromSuperlayer(let reference):
            resolve(reference)?.removeFromSuperlayer()
        case .addSubview(let parentID, let source):
            let parent = if let parentID { resolveView(parentID) } else { rootView }
            guard let parent else { return }
            addSubview(source, to: parent, named: parentID ?? "the canvas")
        case .removeFromSuperview(let id):
            resolveView(id)?.removeFromSuperview()
        case .bringSubviewToFront(let id):
            guard let view = resolveView(id) else { return }
            view.superview?.bringSubviewToFront(view)
        case .layoutCall(let call, .view(let id)):
            resolveView(id).map { call.make(on: $0) }
        case .layoutCall(let call, .layer(let reference)):
            resolve(reference).map { call.make(on: $0) }
        case .log(let message):
            record(.log(message: message))
        case .transactionCall(let call):
            switch call {
            case .flush: CATransaction.flush()
            case .lock: CATransaction.lock()
            case .unlock: CATransaction.unlock()
            case .commit: CATransaction.commit()
            }
        case .logTransactionValue(let key):
            record(.log(message: "\(key): \(TransactionValue.describe(CATransaction.value(forKey: key)))"))
        case .performWithoutAnimation(let actions):
            UIView.performWithoutAnimation { for action in actions { perform(action) } }
        case .setAnimationsEnabled(let enabled):
            UIView.setAnimationsEnabled(enabled)
        case .animate(let spec): perform(spec)
        case .animateKeyframes(let spec): perform(spec)
        case .performSystemAnimation(let spec): perform(spec)
        case .beginAnimations(let spec): perform(spec)
        case .transition(let spec): perform(spec)
        case .animator(let spec): perform(spec)
        case .animatorCall(let spec): perform(spec)
        case .present(let spec): perform(spec)
        case .dismiss(let spec): perform(spec)
        }
    }

    private func addSubview(_ source: SubviewSource, to parent: UIView, named parentName: String) {
        switch source {
        case .new(let spec):
            guard isWithinDepthLimit(adding: Self.levels(spec, below: \.subviews), to: parent) else { return }
            parent.addSubview(makeView(spec))
        case .existing(let id):
            guard let view = resolveView(id) else { return }
            guard !parent.isDescendant(of: view) else {
                return fail("cannot add '\(id)' to '\(parentName)': '\(parentName)' is inside '\(id)'")
            }
            guard isWithinDepthLimit(adding: Self.levels(view, below: \.subviews), to: parent) else { return }
            parent.addSubview(view)
        }
    }

    /// Whether views `levels` deep fit under `parent` within the `depth` limit (a view on
    /// the canvas is 1; under a view not on the canvas, counted from that view's top);
    /// records the failure when they do not.
    private func isWithinDepthLimit(adding levels: Int, to parent: UIView) -> Bool {
        var depth = levels, above: UIView? = parent
        while let view = above, view !== rootView {
            depth += 1
            above = view.superview
        }
        guard let problem = scene.limits.problem("the views' nesting depth", depth, \.depth) else { return true }
        fail(problem)
        return false
    }

    /// How many levels deep `root`'s tree is (1 without children), level by level.
    private static func levels<Node>(_ root: Node, below children: KeyPath<Node, [Node]>) -> Int {
        var count = 0, level = [root]
        while !level.isEmpty {
            count += 1
            level = level.flatMap { $0[keyPath: children] }
        }
        return count
    }

    private func perform(_ spec: TransactionSpec) {
        CATransaction.begin()
        if let duration = spec.duration { CATransaction.setAnimationDuration(duration) }
        if let function = spec.timingFunction { CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(function: function)) }
        if let disable = spec.disableActions { CATransaction.setDisableActions(disable) }
        for entry in spec.values { CATransaction.setValue(entry.value.object, forKey: entry.key) }
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

@MainActor
extension LayoutCall {
    /// Calls this method on `view`.
    func make(on view: UIView) {
        switch self {
        case .setNeedsLayout: view.setNeedsLayout()
        case .layoutIfNeeded: view.layoutIfNeeded()
        case .setNeedsDisplay: view.setNeedsDisplay()
        }
    }

    /// Calls this method on `layer`.
    func make(on layer: CALayer) {
        switch self {
        case .setNeedsLayout: layer.setNeedsLayout()
        case .layoutIfNeeded: layer.layoutIfNeeded()
        case .setNeedsDisplay: layer.setNeedsDisplay()
        }
    }
}

/// Logs the start and stop of an animation a scene added.
@MainActor
private final class AnimationEventRecorder: @MainActor CAAnimationDelegate {
    unowned let run: SceneRun
    let layer: String
    let key: String?

    init(run: SceneRun, layer: String, key: String?) {
        self.run = run
        self.layer = layer
        self.key = key
    }

    func animationDidStart(_ anim: CAAnimation) {
        run.record(.animationDidStart(layer: layer, key: key))
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        run.record(.animationDidStop(layer: layer, key: key, finished: flag))
    }
}
