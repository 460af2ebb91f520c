import FlipbookRender
import Foundation

/// The folder of a PNG render, with its manifest (`flipbook-render.json`): which scene (its
/// text and the files it reads), build and settings made the frames there and whether the
/// render finished, so a folder never holds a set of frames that looks complete when it is
/// not. The CLI's renders and `Recorder`'s recordings into a folder both keep one.
///
/// Before a render, `prepare` decides what to do with frames already there: frames of an
/// earlier render of the same scene, build and settings (another `--frames` range, an
/// interrupted run) stay; frames of an earlier, different Flipbook render are removed;
/// frames that no manifest accounts for are removed only with `force`, else the render is
/// refused. With `resume`, whole frames of the same render are kept and not rendered again.
/// The zlib level does not make another render: PNG is lossless, so frames at any level
/// decode to the same pixels, and the manifest lists the levels the folder's frames may have.
public struct PNGRenderFolder {
    /// What the manifest records.
    public struct Manifest: Codable, Equatable, Sendable {
        /// The scene file, as given (for people; not compared).
        public var scene: String
        /// A hash of the scene's text and of every file it reads (`Scene.inputHash`); for
        /// a recording, `recordingSceneHash`.
        public var sceneHash: String
        /// The program and rendering libraries that drew the frames (`BuildIdentity`); nil
        /// in a manifest written before builds were recorded, which matches no render.
        public var build: String?
        public var width: Int
        public var height: Int
        public var fps: Double
        public var scale: Double
        /// The zlib level of the frames this run writes (`--png-compression`).
        public var pngCompression: Int
        /// The zlib levels the frames in the folder may have, lowest first: `pngCompression`
        /// and those of earlier runs of the same render whose frames may stay (another level
        /// for `--resume`, a `--frames` range or a shard); a run that writes every frame
        /// leaves its own alone. Set by `prepare` and `complete`; nil in a manifest written
        /// before levels were listed, whose one level is its `pngCompression`.
        public var pngCompressionLevels: [Int]?
        /// The frames of the whole render (round(duration · fps) + 1).
        public var renderFrameCount: Int
        /// The frames this run writes: the first, the last and how many.
        public var firstFrame: Int
        public var lastFrame: Int
        public var frameCount: Int
        /// Whether the folder holds every frame of the whole render (all
        /// `renderFrameCount`): set when a run ends, counting the frames earlier runs of
        /// the same render (other ranges, shards, an interrupted run) left there too.
        public var complete: Bool

        /// The `sceneHash` of a recording, whose scene is Swift code in the program (which
        /// `build` names): the hash of nothing.
        public static let recordingSceneHash = ContentHash().hex

        public init(scene: String, sceneHash: String, width: Int, height: Int, fps: Double, scale: Double,
                    pngCompression: Int, renderFrameCount: Int, frames: [Int]) {
            self.scene = scene
            self.sceneHash = sceneHash
            build = BuildIdentity.current
            self.width = width
            self.height = height
            self.fps = fps
            self.scale = scale
            self.pngCompression = pngCompression
            pngCompressionLevels = [pngCompression]
            self.renderFrameCount = renderFrameCount
            firstFrame = frames.first ?? 0
            lastFrame = frames.last ?? -1
            frameCount = frames.count
            complete = false
        }

        /// Whether the frames both describe are the same pixels: same scene and files, build
        /// and settings. The zlib level may differ (PNG is lossless: it changes the bytes,
        /// not the pixels), and so may the frames each run wrote.
        public func isSameRender(as other: Manifest) -> Bool {
            sceneHash == other.sceneHash && build != nil && build == other.build
                && width == other.width && height == other.height && fps == other.fps && scale == other.scale
                && renderFrameCount == other.renderFrameCount
        }

        /// The settings `isSameRender` compares that differ in `other`, as `name a, not b`.
        func settingsDiffering(from other: Manifest) -> [String] {
            func setting<Value: Equatable>(_ name: String, _ mine: Value, _ theirs: Value) -> String? {
                mine == theirs ? nil : "\(name) \(mine), not \(theirs)"
            }
            return [setting("size", "\(width)×\(height)", "\(other.width)×\(other.height)"),
                    setting("fps", fps, other.fps), setting("scale", scale, other.scale),
                    setting("frames", renderFrameCount, other.renderFrameCount)].compactMap { $0 }
        }

        /// The levels of `pngCompressionLevels`, or `pngCompression` in an older manifest.
        var levels: [Int] { pngCompressionLevels ?? [pngCompression] }

        /// Lists the levels of `earlier`'s frames beside this run's.
        mutating func addLevels(of earlier: Manifest) {
            pngCompressionLevels = Set(levels + earlier.levels).sorted()
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The manifest's file name.
    public static let manifestName = "flipbook-render.json"

    public let folder: URL
    public private(set) var manifest: Manifest
    /// Whether `prepare` kept frames already there for this run (`resume`).
    private var keepsFrames = false

    public init(folder: URL, manifest: Manifest) {
        self.folder = folder
        self.manifest = manifest
    }

    /// Makes the folder ready for this render's frames and writes the manifest with
    /// `complete: false`.
    /// - Parameters:
    ///   - force: remove frames no manifest accounts for, instead of refusing.
    ///   - resume: keep the whole frames of the same render, and return them.
    /// - Returns: the frames already there, whole, that need no rendering (empty unless `resume`).
    /// - Throws: `Failure` when frames no manifest accounts for are in the way (without
    ///   `force`), or `resume` finds no manifest of the same render; `OutputPlace.Failure`
    ///   when the folder cannot be made or written.
    public mutating func prepare(frames: [Int], force: Bool, resume: Bool) throws -> Set<Int> {
        try OutputPlace.checkFolder(folder)
        try OutputPlace.makeFolder(folder)
        return try Self.locked(folder) { try prepareLocked(frames: frames, force: force, resume: resume) }
    }

    private mutating func prepareLocked(frames: [Int], force: Bool, resume: Bool) throws -> Set<Int> {
        let earlier = readManifest()
        try removeUnfinishedFrames(frames)
        let present = try framesPresent()
        var done: Set<Int> = []
        manifest.pngCompressionLevels = [manifest.pngCompression]
        if resume {
            guard let earlier else {
                throw Failure(description: "cannot resume in \(folder.relativePath): it has no \(Self.manifestName) "
                              + "from an earlier render; render without --resume")
            }
            guard earlier.isSameRender(as: manifest) else {
                let source = earlier.sceneHash != manifest.sceneHash ? "another version of the scene or of the files it reads"
                    : earlier.build != manifest.build ? "another build of Flipbook or its rendering libraries"
                    : "other settings (" + earlier.settingsDiffering(from: manifest).joined(separator: ", ") + ")"
                throw Failure(description: "cannot resume in \(folder.relativePath): its frames come from \(source) "
                              + "(\(Self.manifestName)); render without --resume to replace them")
            }
            let wanted = Set(frames)
            done = Set(present.keys.filter { wanted.contains($0) && Self.isWholePNG(present[$0]!) })
            keepsFrames = !done.isEmpty
            manifest.addLevels(of: earlier)
        } else if let earlier, earlier.isSameRender(as: manifest) {
            // Other parts of the same render (--frames ranges, shards): the same pixels. Their
            // levels stay listed while any frame is here or another part is still writing
            // (it may not have written one yet), as this run may stop before rewriting them.
            if !present.isEmpty || !earlier.complete { manifest.addLevels(of: earlier) }
        } else if !present.isEmpty {
            let wanted = Set(frames)
            let foreign = present.keys.filter { !wanted.contains($0) }.sorted()
            if earlier == nil, !foreign.isEmpty, !force {
                let first = PNGSequenceSink.fileName(frame: foreign[0])
                throw Failure(description: "\(folder.relativePath) holds \(foreign.count) frame\(foreign.count == 1 ? "" : "s") "
                              + "(\(first)\(foreign.count > 1 ? ", …" : "")) this render does not write, and no "
                              + "\(Self.manifestName) says which render made them; choose another folder, or add --force to remove them")
            }
            // An earlier Flipbook render (its manifest says so), or --force, or frames this
            // render rewrites anyway: none may stay to be mistaken for this render's.
            for file in present.values {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw OutputPlace.Failure(description: "cannot remove \(file.relativePath): \(OutputPlace.reason(error))")
                }
            }
        }
        try writeManifest()
        return done
    }

    /// Records, once this run's frames are written, whether the folder now holds every
    /// frame of the render.
    public mutating func complete() throws {
        try Self.locked(folder) {
            // A run that wrote every frame of the render leaves frames of its level only;
            // otherwise another part of the render (a shard) may have listed its level since
            // `prepare`.
            if !keepsFrames, manifest.firstFrame == 0, manifest.frameCount == manifest.renderFrameCount {
                manifest.pngCompressionLevels = [manifest.pngCompression]
            } else if let current = readManifest(), current.isSameRender(as: manifest) {
                manifest.addLevels(of: current)
            }
            let present = try framesPresent()
            manifest.complete = (0..<manifest.renderFrameCount).allSatisfy { present[$0] != nil }
            try writeManifest()
        }
    }

    /// The lock file renders of one folder take turns on: shards of a render may write
    /// into one folder at once (on one machine or several sharing it), and each reads
    /// and writes the manifest holding it, so none decides on what another half-wrote.
    public static let lockName = ".flipbook-render.lock"

    /// Runs `body` holding an exclusive `flock` on the folder's lock file.
    private static func locked<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        let lock = folder.appendingPathComponent(lockName)
        let descriptor = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw OutputPlace.Failure(description: "cannot open \(lock.relativePath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }  // which releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw OutputPlace.Failure(description: "cannot lock \(lock.relativePath): \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }

    private func writeManifest() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let file = folder.appendingPathComponent(Self.manifestName)
        let temporary = folder.appendingPathComponent(PNGSequenceSink.temporaryName(Self.manifestName))
        try OutputPlace.write(try encoder.encode(manifest) + Data("\n".utf8), to: temporary, shown: file)
        guard rename(temporary.path, file.path) == 0 else {
            throw OutputPlace.Failure(description: "cannot write \(file.relativePath): \(String(cString: strerror(errno)))")
        }
    }

    private func readManifest() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.manifestName).path) else {
            return nil
        }
        return try? JSONDecoder().decode(Manifest.self, from: data)
    }

    /// Removes the temporary files a killed render left of `frames`: only of this run's
    /// frames, for another shard writing into the folder now may be writing the others'.
    private func removeUnfinishedFrames(_ frames: [Int]) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let wanted = Set(frames)
        for name in names {
            guard let match = name.wholeMatch(of: #/\.frame_(\d{5,})\.png\.partial/#), let frame = Int(match.1),
                  wanted.contains(frame) else { continue }
            let file = folder.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw OutputPlace.Failure(description: "cannot remove \(file.relativePath): \(OutputPlace.reason(error))")
            }
        }
    }

    /// The frame files in the folder (`frame_NNNNN.png`), by frame number.
    private func framesPresent() throws -> [Int: URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw OutputPlace.Failure(description: "cannot list \(folder.relativePath): \(OutputPlace.reason(error))")
        }
        var frames: [Int: URL] = [:]
        for name in names {
            guard let match = name.wholeMatch(of: #/frame_(\d{5,})\.png/#), let frame = Int(match.1) else { continue }
            frames[frame] = folder.appendingPathComponent(name)
        }
        return frames
    }

    /// Whether `file` is a PNG that ends with its IEND chunk (frames are renamed into place
    /// whole, but a file copied or cut short by something else is not taken as done).
    static func isWholePNG(_ file: URL) -> Bool {
        // Only the first 8 and the last 12 bytes are read: a 4K frame is megabytes.
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 20,
              (try? handle.seek(toOffset: 0)) != nil, let head = try? handle.read(upToCount: 8),
              (try? handle.seek(toOffset: end - 12)) != nil, let tail = try? handle.read(upToCount: 12) else { return false }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return Array(head) == signature && Array(tail) == iend
    }
}
