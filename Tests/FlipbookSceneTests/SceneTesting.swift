import FlipbookScene
import FlipbookUIKit
import Foundation

/// What scene test suites share: loading a scene from YAML text (named `test.yaml` in
/// errors), running it, the error a bad one gives, and its event log.
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

    /// The event log up to `t`, as the JSON lines `flipbook events` prints.
    func events(_ run: SceneRun, until t: Double) -> [String] {
        run.advance(to: t)
        return run.events.map(\.json.description)
    }

    func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool {
        abs(a - b) <= tolerance
    }
}
