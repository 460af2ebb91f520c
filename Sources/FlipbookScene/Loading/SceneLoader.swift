import FlipbookRender
import FlipbookUIKit
import Foundation
import Yams

/// Reads scene files (YAML or JSON) into validated `Scene`s, without running them.
///
/// Every problem is a `SceneError` at the offending key or value: unknown keys with the
/// nearest valid one, wrong types with what was expected, unknown ids with the known ones.
@MainActor
public enum SceneLoader {
    /// The format versions this build reads.
    public static let formatVersions = [1]

    /// Loads the scene at `path`; errors name `path` as given. Files the scene names are
    /// read only from its folder and `options.allowedReadFolders`.
    public static func load(path: String, options: Options = Options()) throws -> Scene {
        func failure(_ message: String) -> SceneError { SceneError(file: path, line: 1, column: 1, message: message) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read the scene: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw failure("cannot read the scene: it is not a regular file")
        }
        let limit = options.limits.sceneFileBytes
        if let problem = options.limits.problem("the scene file's size in bytes", info.st_size, \.sceneFileBytes) {
            throw failure(problem)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readAll(from: descriptor, limit: limit)
        } catch .tooLarge {
            throw failure("the scene file grew past the limit of \(limit) bytes while it was read; pass --limit scene-file-bytes=N to raise it")
        } catch .system(let code) {
            throw failure("cannot read the scene: \(String(cString: strerror(code)))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure("cannot read the scene: it is not UTF-8 text")
        }
        return try load(yaml: text, file: path, options: options)
    }

    /// Loads a scene from text; `file` names it in errors and outputs, and its folder is the
    /// one files the scene names are read from (besides `options.allowedReadFolders`). A
    /// byte-order mark at the start (which some Windows editors write) is passed over, as
    /// YAML allows one there.
    public static func load(yaml text: String, file: String, options: Options = Options()) throws -> Scene {
        let yaml = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let root = try compose(yaml: yaml, file: file, limits: options.limits)
        var reader = SceneReader(file: file)
        let reads = SceneReads()
        reads.hash.add(Array(yaml.utf8))
        var scene = try reader.scene(SceneNode(node: root, file: file, name: "the scene", options: options, reads: reads))
        scene.inputHash = reads.hash.hex
        scene.inputFiles = reads.files
        scene.warnings = reads.warnings
        scene.limits = options.limits
        return scene
    }

    /// The YAML node tree of a scene's text; empty text, invalid YAML, an alias as a
    /// mapping key or aliases that stand for more nodes than `limits` allow are a `SceneError`.
    static func compose(yaml: String, file: String, limits: SceneLimits = SceneLimits()) throws -> Node {
        try checkNoAliasKeys(in: yaml, file: file)
        do {
            return try withTree(of: yaml) { root in
                guard let root else { throw SceneError(file: file, line: 1, column: 1, message: "the scene is empty") }
                try checkAliases(in: root, file: file, limits: limits)
                return root
            }
        } catch let error as YamlError {
            throw sceneError(from: error, yaml: yaml, file: file)
        }
    }

    /// Runs `body` on the node tree of `yaml` (nil when it is empty) while the tree's anchors
    /// live: a node holds its anchor weakly, and only the parser that made it keeps them.
    static func withTree<Result>(of yaml: String, _ body: (Node?) throws -> Result) throws -> Result {
        // No tag resolution: Yams resolves each scalar's tag with up to seven regular
        // expressions (and again when hashing keys), which took most of the loading time of
        // large scenes; SceneNode reads numbers, booleans and nulls from the text itself.
        // The encoding given: Yams's default reads the whole environment on every parse
        // (a tenth of loading) and prints to standard output when YAMS_DEFAULT_ENCODING is set.
        let parser = try Parser(yaml: yaml, resolver: .basic, encoding: .utf8)
        return try withExtendedLifetime(parser) { try body(try parser.singleRoot()) }
    }

    private static func sceneError(from error: YamlError, yaml: String, file: String) -> SceneError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
             .composer(_, let problem, let mark, _):
            return SceneError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return duplicateKeyError(duplicates.first ?? "?", first: context.mark, yaml: yaml, file: file)
        default:
            return SceneError(file: file, line: 1, column: 1, message: "invalid YAML: \(error)")
        }
    }
}
