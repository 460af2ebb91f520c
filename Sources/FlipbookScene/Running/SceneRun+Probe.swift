import Foundation
import FlipbookUIKit

extension SceneRun {
    /// The values of every named layer (or just `target`) at each of `times`, as
    /// `flipbook probe` prints them: presentation values, or the model's with `model`.
    ///
    /// Times are visited in increasing order (the clock only moves forward) and
    /// reported in the order given. A layer not in the tree at a time is absent.
    /// - Throws: `ProbeError` for an unknown target or a time before the run's current time.
    public func probe(at times: [Double], target: String? = nil, model: Bool = false) throws -> JSONValue {
        let wanted = try target.map { try probeName(for: $0) }
        var frames: [Double: JSONValue] = [:]
        for t in times.sorted() where frames[t] == nil {
            guard t >= time else { throw ProbeError(message: "time \(t) is before the run's current time \(time)") }
            advance(to: t)
            let entries = namedLayers.compactMap { id, _ in
                wanted == nil || wanted == id ? probeValues(of: id, model: model).map { (id, $0) } : nil
            }
            frames[t] = .object([("t", .number(t)), ("layers", .object(entries))])
        }
        return .object([("frames", .array(times.map { frames[$0]! }))])
    }

    /// The values `probe` prints for the named layer `id` now (presentation values, or the
    /// model's with `model`) and its animations; nil when no layer of that name is in the
    /// tree (hidden layers are). See `ProbeValues`.
    public func probeValues(of id: String, model: Bool = false) -> JSONValue? {
        guard let layer = layer(id), layer.isDescendant(of: rootView.layer) else { return nil }
        let shown = model ? layer : (layer.presentation() ?? layer)
        return .object(ProbeValues.properties(of: shown) + [("animations", ProbeValues.animations(of: layer))])
    }

    /// The layer name of `target` (a view's id names its layer); any layer the scene
    /// declares, including one the timeline has not added yet.
    private func probeName(for target: String) throws -> String {
        let names = scene.layerNames
        if names.contains("\(target).layer") { return "\(target).layer" }
        if names.contains(target) { return target }
        // A view is named by its id, without `.layer`.
        let targets = names.map { $0.hasSuffix(".layer") ? String($0.dropLast(".layer".count)) : $0 }
        throw ProbeError(message: "unknown target '\(target)'\(didYouMean(target, in: targets))")
    }
}

/// A probe request the run cannot answer.
public struct ProbeError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
