import FlipbookScene
import FlipbookUIKit
import Foundation
import Testing

/// What scene test suites share: loading a scene from YAML text (named `test.yaml` in
/// errors), running it, what it shows, the error a bad one gives, and its event log.
@MainActor
protocol SceneTesting {}

extension SceneTesting {
    /// Loads `yaml` and runs it once to its end, as every command does before its work,
    /// so rules broken at run time are errors here too.
    func load(_ yaml: String) throws -> Scene {
        let scene = try SceneLoader.load(yaml: yaml, file: "test.yaml")
        _ = try scene.duration()
        return scene
    }

    /// Loads `yaml` and builds its run (the initial tree committed, nothing run yet).
    func run(_ yaml: String) throws -> SceneRun {
        SceneRun(scene: try load(yaml))
    }

    /// The error loading `yaml` gives, or nil when it loads.
    func error(_ yaml: String) -> SceneError? {
        do {
            _ = try load(yaml)
            return nil
        } catch {
            return error as? SceneError
        }
    }

    /// The presentation layer of the view or layer `id` (a view's, for a view) at virtual time `t`.
    func shown(_ id: String, in run: SceneRun, at t: Double) throws -> CALayer {
        run.advance(to: t)
        let model = try #require(run.view(id)?.layer ?? run.layer(id), "no view or layer '\(id)'")
        return try #require(model.presentation(), "'\(id)' has no presentation layer at \(t)")
    }

    /// The event log up to `t`, as the JSON lines `flipbook events` prints.
    func events(_ run: SceneRun, until t: Double) -> [String] {
        run.advance(to: t)
        return run.events.map(\.json.description)
    }

    func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
        abs(a - b) <= tolerance
    }
}
