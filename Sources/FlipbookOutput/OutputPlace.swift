import Foundation

/// What is already at an output's path, checked before anything is written there: an
/// output replaces only what an earlier output of its kind would have left, a file a file
/// and a folder a folder, so a mistyped `-o` never deletes a folder of someone's work.
enum OutputPlace {
    /// Why an output cannot go where it was asked to, and what to do instead.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Fails when `file` is an existing folder; `writer` (`a video render`, `a join`) says
    /// what would write a file there.
    static func checkFile(_ file: URL, writer: String) throws {
        guard kind(of: file) == .folder else { return }
        throw Failure(description: "\(file.relativePath) is a folder; \(writer) writes a file there "
                      + "and will not replace a folder — choose another path")
    }

    /// Fails when `folder` is an existing file (anything but a folder): a PNG render writes
    /// its frames into a folder there.
    static func checkFolder(_ folder: URL) throws {
        guard kind(of: folder) == .file else { return }
        throw Failure(description: "\(folder.relativePath) is a file; a PNG render writes a folder of frames there "
                      + "and will not replace a file — choose another path (or add .mp4, .webm, .mov or .gif for a video)")
    }

    /// Creates `folder` and the folders above it, failing with a message that names the
    /// path and the cause (a file where a folder should be, no permission) rather than
    /// Foundation's error domain and code.
    static func makeFolder(_ folder: URL) throws {
        if kind(of: folder) == .folder { return }
        var ancestor = folder
        while kind(of: ancestor) == nil, ancestor.path != "/" {
            ancestor = ancestor.deletingLastPathComponent()
        }
        if kind(of: ancestor) == .file {
            throw Failure(description: "cannot create the folder \(folder.relativePath): \(ancestor.relativePath) is a file, "
                          + "not a folder — choose another path")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create the folder \(folder.relativePath): \(reason(error)) — "
                          + "check its permissions or choose another path")
        }
    }

    /// Writes `data` to `file` (created or truncated) with POSIX calls, so a failure's
    /// cause is the system's ("File too large", "No space left on device", "Permission
    /// denied"), which Foundation's `Data.write` reports only as error 512.
    /// - Throws: `Failure` naming the file (`shown`, when the file is a temporary one on its
    ///   way there) and the cause.
    static func write(_ data: Data, to file: URL, shown: URL? = nil) throws {
        func failure() -> Failure {
            Failure(description: "cannot write \((shown ?? file).relativePath): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        var written = 0
        let complete = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        guard complete else {
            let error = failure()
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure() }
    }

    /// The cause of a file-system error in words: the POSIX error's text when there is one
    /// ("Permission denied", "No space left on device"), else Foundation's description.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }

    private enum Kind { case file, folder }

    /// Whether something is at `url`, and what; nil when nothing is.
    private static func kind(of url: URL) -> Kind? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        return isFolder.boolValue ? .folder : .file
    }
}
