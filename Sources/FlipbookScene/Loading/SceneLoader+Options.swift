import Foundation

extension SceneLoader {
    /// What a load may read and how big a scene may be: the folders besides the scene's own
    /// that files named in it may come from (`--allow-read`), and the resource limits
    /// (`--limit`).
    public struct Options: Sendable, Equatable {
        /// Folders, besides the one holding the scene file, whose files a scene may read.
        public var allowedReadFolders: [String]
        public var limits: SceneLimits

        public init(allowedReadFolders: [String] = [], limits: SceneLimits = SceneLimits()) {
            self.allowedReadFolders = allowedReadFolders
            self.limits = limits
        }
    }
}

/// The resource limits a scene is checked against when it loads, each raised by
/// `--limit NAME=VALUE`; the defaults fit a 2-core machine with 24 GiB of memory.
public struct SceneLimits: Sendable, Equatable {
    /// Bytes of the scene file.
    public var sceneFileBytes = 16 << 20
    /// Pixels of a frame (width × height at the canvas scale): 64 Mi, 256 MiB a frame.
    public var canvasPixels = 64 << 20
    /// Frames of a scene that gives its `canvas.duration` (round(duration × fps) + 1).
    public var frames = 100_000
    /// Seconds of virtual time a scene may ask to be run for: its `canvas.duration`, an
    /// interactive gesture's release, a time `flipbook probe --at` asks for. (A scene
    /// without `canvas.duration` runs until idle for at most `Canvas.maximumDuration`.)
    public var duration = Int(Canvas.maximumDuration)
    /// Views and layers the scene declares, `addSubview` and `addSublayer` included.
    public var layers = 10_000
    /// How deep views nest (a top-level view is 1); for the views a timeline `addSubview`
    /// adds or moves, checked when it runs (`SceneRun`), under the parent it has then.
    public var depth = 100
    /// Bytes of one image file (a PNG named by `contents`, `image`, `animationImages`).
    public var imageFileBytes = 64 << 20
    /// Pixels of one image (width × height), checked before it is decoded.
    public var imagePixels = 64 << 20
    /// Elements (moves, lines, curves, closes) of one path.
    public var pathElements = 100_000
    // No limit on `shadowRadius`: the renderer caps the blur at σ = 500 device pixels
    // (ShadowPainter), which bounds every radius, animated ones included, as a load-time
    // check of the values written could not.
    /// A font's size, in points (a label's, a text layer's, drawn text's): text is laid
    /// out in 1/1024 points in 32 bits, so a few lines of a 1e6-point font overflow it.
    public var fontSize = 10_000
    /// Nodes a scene's YAML aliases (`*name`) stand for, counted each time one repeats.
    public var aliasNodes = 100_000

    public init() {}

    /// Each limit by its `--limit` name, with its key path.
    nonisolated(unsafe) public static let all: [(name: String, keyPath: WritableKeyPath<SceneLimits, Int>)] = [
        ("scene-file-bytes", \.sceneFileBytes), ("canvas-pixels", \.canvasPixels), ("frames", \.frames),
        ("duration", \.duration), ("layers", \.layers), ("depth", \.depth), ("image-file-bytes", \.imageFileBytes),
        ("image-pixels", \.imagePixels), ("path-elements", \.pathElements),
        ("font-size", \.fontSize), ("alias-nodes", \.aliasNodes),
    ]

    /// The `--limit` name of the limit at `keyPath`.
    public static func name(of keyPath: WritableKeyPath<SceneLimits, Int>) -> String {
        all.first { $0.keyPath == keyPath }!.name
    }

    /// "… is `value`, more than the limit of `limit`; pass --limit NAME=N to raise it", or
    /// nil when `value` is within the limit at `keyPath`.
    func problem(_ what: String, _ value: some BinaryInteger, _ keyPath: WritableKeyPath<SceneLimits, Int>) -> String? {
        let limit = self[keyPath: keyPath]
        guard value > limit else { return nil }
        return "\(what) is \(value), more than the limit of \(limit); pass --limit \(Self.name(of: keyPath))=N to raise it"
    }

    /// Sets the limit `NAME=VALUE` names (as `--limit` takes it).
    /// - Throws: `SceneLimits.ParseError` for an unknown name or a value that is not a
    ///   whole number of 1 or more.
    public mutating func set(_ assignment: String) throws {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let entry = Self.all.first(where: { $0.name == parts[0] }) else {
            let names = Self.all.map(\.name).joined(separator: ", ")
            throw ParseError(message: "--limit takes NAME=VALUE with NAME one of \(names); got '\(assignment)'")
        }
        guard let value = Int(parts[1]), value >= 1 else {
            throw ParseError(message: "--limit \(entry.name) needs a whole number of 1 or more, got '\(parts[1])'")
        }
        self[keyPath: entry.keyPath] = value
    }

    /// What of `canvas`, rendered for `duration` seconds, is over the `canvas-pixels` or
    /// `frames` limit, or nil: for a command that changes the frame rate or scale of a
    /// scene after it loaded (the loader checks the scene's own values).
    public func problem(canvas: Canvas, duration: Double) -> String? {
        pixelProblem(canvas) ?? frameProblem(canvas, duration: duration)
    }

    func pixelProblem(_ canvas: Canvas) -> String? {
        problem("the canvas's pixel count (\(canvas.pixelWidth)×\(canvas.pixelHeight) at scale \(canvas.scale))",
                canvas.pixelWidth * canvas.pixelHeight, \.canvasPixels)
    }

    func frameProblem(_ canvas: Canvas, duration: Double) -> String? {
        problem("the frame count (\(duration) s at \(canvas.fps) fps)", canvas.frameCount(duration: duration), \.frames)
    }

    /// A `--limit` value that cannot be read.
    public struct ParseError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
