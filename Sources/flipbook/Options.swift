import ArgumentParser
import FlipbookScene
import Foundation

/// The scene file a command reads.
struct SceneInput: ParsableArguments {
    @Argument(help: "The scene file (.yaml or .json).")
    var scene: String

    /// The scene, read and checked (not run).
    @MainActor
    func load() throws -> Scene { try SceneLoader.load(path: scene) }
}

/// `--jobs`: how many threads draw frames.
struct JobsOption: ParsableArguments {
    @Option(help: "Worker threads; the output does not depend on it.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}

/// `-o`: where a command writes its output.
struct OutputOption: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write (default: under out/, named after the scene; see the command's overview).", valueName: "path"))
    var output: String?
}
