import ArgumentParser
import FlipbookOutput
import FlipbookScene
import Foundation

/// The scene file a command reads.
struct SceneInput: ParsableArguments {
    @Argument(help: "The scene file (.yaml or .json).")
    var scene: String

    @OptionGroup var loading: LoadOptions

    /// The scene, read and checked (not run).
    @MainActor
    func load() throws -> Scene { try SceneLoader.load(path: scene, options: loading.options) }

    /// The scene and how long it lasts, found by one trial run (which throws the scene's
    /// run-time errors); warns on standard error about what the load found (a missing
    /// font family) and when it runs to the duration cap.
    @MainActor
    func loadAndMeasure() throws -> (scene: Scene, duration: Double) {
        try Self.loadAndMeasure(scene, options: loading.options)
    }

    /// The scene at `path` and how long it lasts, as `loadAndMeasure()` finds them.
    @MainActor
    static func loadAndMeasure(_ path: String, options: SceneLoader.Options) throws -> (scene: Scene, duration: Double) {
        let loaded = try SceneLoader.load(path: path, options: options)
        warnAbout(loaded)
        let duration = try loaded.duration()
        if let warning = loaded.durationWarning(duration: duration) { warn(warning) }
        return (loaded, duration)
    }
}

/// `--allow-read` and `--limit`: what the scenes a command loads may read, and how big they
/// may be.
struct LoadOptions: ParsableArguments {
    @Option(name: .customLong("allow-read"), help: ArgumentHelp(
        "Also let scenes read files (images) under this folder; by default only the scene's own folder. Repeatable.",
        valueName: "dir"))
    var allowRead: [String] = []

    @Option(help: ArgumentHelp(
        "Raise (or lower) a resource limit: \(SceneLimits.all.map(\.name).joined(separator: ", ")). Repeatable.",
        valueName: "name=value"))
    var limit: [String] = []

    func validate() throws {
        for folder in allowRead {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--allow-read \(folder): no such folder")
            }
        }
        _ = try limits()
    }

    func limits() throws -> SceneLimits {
        var limits = SceneLimits()
        do {
            for assignment in limit { try limits.set(assignment) }
        } catch let error as SceneLimits.ParseError {
            throw ValidationError(error.message)
        }
        return limits
    }

    /// These flags as given, for a child process doing part of the command's work.
    var partOptions: [String] {
        allowRead.map { "--allow-read=\($0)" } + limit.map { "--limit=\($0)" }
    }

    /// The loader's options these flags give.
    var options: SceneLoader.Options {
        SceneLoader.Options(allowedReadFolders: allowRead, limits: (try? limits()) ?? SceneLimits())
    }
}

/// `--jobs`: how many threads draw frames.
struct JobsOption: ParsableArguments {
    @Option(help: "Worker threads, 1 to \(FramePipeline.maximumJobs); the output does not depend on it.")
    var jobs: Int = min(ProcessInfo.processInfo.activeProcessorCount, FramePipeline.maximumJobs)

    func validate() throws {
        guard (1...FramePipeline.maximumJobs).contains(jobs) else {
            throw ValidationError("--jobs must be between 1 and \(FramePipeline.maximumJobs), got \(jobs)")
        }
    }
}

/// `-o`: where a command writes its output.
struct OutputOption: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write (default: under out/, named after the scene; see the command's overview).", valueName: "path"))
    var output: String?
}

/// Throws unless `path`, the `-o` of a command that writes one PNG (`sheet`, `curves`),
/// names a `.png` file: PNG bytes under another name would mislead whatever opens them.
/// `example` is a file name the message suggests in a folder.
func checkPNGOutput(_ path: String, example: String) throws {
    guard !path.hasSuffix("/") else {
        throw ValidationError("-o \(path) is a folder: name the PNG file to write, e.g. \(path)\(example)")
    }
    let ext = URL(fileURLWithPath: path).pathExtension
    guard ext.lowercased() == "png" else {
        let suggestion = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        let kind = ext.isEmpty ? "has no extension" : "names a .\(ext) file"
        throw ValidationError("-o \(path) \(kind), but this command writes a PNG: name a .png file, e.g. \(suggestion).png")
    }
}
