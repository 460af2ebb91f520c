import FlipbookQuartz
import FlipbookRender
import Foundation

extension SceneNode {
    /// The file a path in the scene names, checked before anything opens it: `text`
    /// relative to the scene's folder (or absolute), symlinks resolved and `..` removed, must
    /// lie inside the scene's folder or a folder `options.allowedReadFolders` allows, be a
    /// regular file (no device, FIFO or folder: nothing that could block or never end), and
    /// be at most `limit` bytes. A file that does not exist passes when its path lies inside;
    /// reading it then fails with the reader's message.
    /// - Returns: the resolved absolute path.
    /// - Throws: a `SceneError` at this value naming the path, its resolved form and the
    ///   way to allow it (`--allow-read`, `--limit limitName=N`).
    func readableFile(_ text: String, limit: Int, limitName: String) throws -> String {
        let absolute = text.hasPrefix("/") ? text : Self.absoluteFolder(ofFile: file) + "/" + text
        let path = Self.realPath(absolute) ?? URL(fileURLWithPath: absolute).standardizedFileURL.path
        let folders = [Self.absoluteFolder(ofFile: file)] + options.allowedReadFolders.map(Self.absolutePath)
        let resolvedFolders = folders.map { Self.realPath($0) ?? $0 }
        guard resolvedFolders.contains(where: { Self.path(path, isInside: $0) }) else {
            let allowed = resolvedFolders.dropFirst()
            let outside = allowed.isEmpty ? "the scene's folder \(resolvedFolders[0])"
                : "the scene's folder \(resolvedFolders[0]) and the allowed folders \(allowed.joined(separator: ", "))"
            throw error("\(name) reads '\(text)' (\(path)), outside \(outside); pass --allow-read DIR to allow another folder")
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw error("\(name) reads '\(text)' (\(path)), which is \(Self.describe(mode: info.st_mode)), not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw error("\(name) reads '\(text)' (\(path)) of \(size) bytes, more than the limit of \(limit) bytes; "
                        + "pass --limit \(limitName)=N to raise it")
        }
        return path
    }

    /// The path of the file an open descriptor reads, where the system says (Linux's
    /// /proc/self/fd); nil where it does not.
    static func openedPath(_ descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// The bytes of the file at `path` (resolved by `readableFile`), `text` in the scene,
    /// read through a descriptor opened without blocking and without following a symlink,
    /// and checked again on that descriptor: a file swapped for a FIFO, a device or a
    /// symlink, or grown past `limit`, since it was checked is refused too.
    /// - Throws: a `SceneError` at this value: "cannot read `what` …", or the checks' errors.
    func contents(ofFile path: String, named text: String, limit: Int, limitName: String,
                  what: String) throws -> FileContents {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw error("cannot read \(what) '\(text)' (\(path)): cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw error("cannot read \(what) '\(text)' (\(path)): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw error("\(name) reads '\(text)' (\(path)), which is \(Self.describe(mode: info.st_mode)), not a regular file")
        }
        // O_NOFOLLOW guards only the last component: a folder above swapped for a symlink
        // since the check opens another file. The descriptor knows which file it is.
        if let opened = Self.openedPath(descriptor), opened != path {
            throw error("\(name) reads '\(text)' (\(path)), which changed into \(opened) while it was read; it was not read")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readAll(from: descriptor, limit: limit)
        } catch .tooLarge {
            throw error("\(name) reads '\(text)' (\(path)) of more than \(limit) bytes, the limit; "
                        + "pass --limit \(limitName)=N to raise it")
        } catch .system(let code) {
            throw error("cannot read \(what) '\(text)' (\(path)): \(String(cString: strerror(code)))")
        }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        reads.hash.add(bytes)
        reads.files.append(path)
        return FileContents(path: path, bytes: bytes, modified: modified)
    }

    /// Throws, at this value, when `value` is over the limit at `keyPath` ("`what` is …").
    func check(_ what: String, _ value: some BinaryInteger, against keyPath: WritableKeyPath<SceneLimits, Int>) throws {
        if let problem = options.limits.problem(what, value, keyPath) { throw error(problem) }
    }

    /// Throws, at this value, when `value` is over the limit at `keyPath` ("`what` is …").
    func check(_ what: String, _ value: Double, against keyPath: WritableKeyPath<SceneLimits, Int>) throws {
        let limit = options.limits[keyPath: keyPath]
        guard value > Double(limit) else { return }
        throw error("\(what) is \(value), more than the limit of \(limit); pass --limit \(SceneLimits.name(of: keyPath))=N to raise it")
    }

    /// The absolute folder of `file`, a path absolute or relative to the working directory.
    static func absoluteFolder(ofFile file: String) -> String {
        URL(fileURLWithPath: absolutePath(file)).deletingLastPathComponent().standardizedFileURL.path
    }

    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `path` with every symlink resolved and `.`/`..` removed, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func path(_ path: String, isInside folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

/// Everything one load reads, hashed as it goes: the scene's text, then each file the scene
/// names, in the order read (`Scene.inputHash`), and those files' paths (`Scene.inputFiles`).
final class SceneReads {
    var hash = ContentHash()
    var files: [String] = []
    /// `canvas.appearance`, which named colours read after it resolve with.
    var appearance = UIUserInterfaceStyle.light
    /// Warnings for the user, located: "FILE:LINE:COL: warning: …".
    var warnings: [String] = []

    /// Adds the warning `message` at `node`.
    func warn(_ message: String, at node: SceneNode) {
        let place = node.location
        warnings.append("\(place.file):\(place.line):\(place.column): warning: \(message)")
    }
}

/// A file read whole: its resolved path, bytes and modification time (seconds since 1970).
struct FileContents {
    let path: String
    let bytes: [UInt8]
    let modified: Double
}
