import FlipbookScene
import FlipbookUIKit
import Foundation

/// When each animation of a run was active on its layer, heard from the engine's own start
/// and stop events (`Stage.animationEventObserver`, CA7), and the timing curves and springs
/// those animations use: what the preview's timeline lanes and curves tab show.
@MainActor
final class AnimationIntervals {
    /// One animation's time on one layer: from its start to its stop (nil: still running
    /// when the run ended, as an animation that repeats forever).
    struct Interval {
        let layer: String
        let key: String?
        let start: Double
        var stop: Double?
        var finished = false
        /// The animation's curve as `CurveSpec` text (`easeInEaseOut`, `spring(mass:1,…)`).
        let curve: String

        var json: JSONValue {
            .object([("layer", .string(layer)), ("key", key.map(JSONValue.string) ?? .null),
                     ("start", .number(start)), ("stop", stop.map(JSONValue.number) ?? .null),
                     ("finished", .bool(finished)), ("curve", .string(curve))])
        }
    }

    private(set) var intervals: [Interval] = []
    /// Open intervals by animation: the animation is kept, so its identifier is not reused.
    private var open: [ObjectIdentifier: (animation: CAAnimation, index: Int)] = [:]
    /// Names of the layers seen, kept with the layer for the same reason.
    private var names: [ObjectIdentifier: (layer: CALayer, name: String)] = [:]
    private unowned let run: SceneRun

    /// Listens to `run`'s stage from now on.
    init(listeningTo run: SceneRun) {
        self.run = run
        run.stage.animationEventObserver = { [unowned self] event in hear(event) }
    }

    /// The curves the intervals use, each once, in the order first started.
    var curves: [String] {
        var seen = Set<String>()
        return intervals.map(\.curve).filter { seen.insert($0).inserted }
    }

    private func hear(_ event: AnimationEvent) {
        switch event.kind {
        case .didStart:
            open[ObjectIdentifier(event.animation)] = (event.animation, intervals.count)
            intervals.append(Interval(layer: name(of: event.layer), key: event.key, start: run.time,
                                      curve: CurveSpec(animation: event.animation).text))
        case .didStop(let finished):
            guard let (_, index) = open.removeValue(forKey: ObjectIdentifier(event.animation)) else { return }
            intervals[index].stop = run.time
            intervals[index].finished = finished
        }
    }

    /// The scene's name of `layer` (`box.layer`, a standalone layer's id); a layer the
    /// scene does not name is called by its class and its superlayer's name (`CAShapeLayer in
    /// card.layer`); the canvas's own layer is `canvas`.
    private func name(of layer: CALayer) -> String {
        if let known = names[ObjectIdentifier(layer)] { return known.name }
        for (id, named) in run.namedLayers where names[ObjectIdentifier(named)] == nil {
            names[ObjectIdentifier(named)] = (named, id)
        }
        if let known = names[ObjectIdentifier(layer)] { return known.name }
        if layer === run.rootView.layer { return "canvas" }
        let ancestor = layer.superlayer.map { name(of: $0) }
        let called = "\(type(of: layer))" + (ancestor.map { " in \($0)" } ?? "")
        names[ObjectIdentifier(layer)] = (layer, called)
        return called
    }
}
