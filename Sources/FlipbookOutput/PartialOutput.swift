import Foundation

/// Where a tool writes a file until it is complete: `name.partial.ext` beside the final
/// file (the extension kept last, since ffmpeg picks its muxer by it), so a failed write
/// never leaves a complete-looking file under the final name.
struct PartialOutput {
    let final: URL
    let url: URL

    init(_ final: URL) {
        self.final = final
        url = final.deletingPathExtension().appendingPathExtension("partial").appendingPathExtension(final.pathExtension)
    }

    /// Moves the finished file to its final name, replacing any file there (never a folder:
    /// `OutputPlace.checkFile` refused one before the write began).
    func commit() throws {
        try OutputPlace.checkFile(final, writer: "the finished output")
        if FileManager.default.fileExists(atPath: final.path) { try FileManager.default.removeItem(at: final) }
        try FileManager.default.moveItem(at: url, to: final)
    }

    /// Removes the unfinished file, if there is one (a folder of that name is not ours).
    func discard() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return }
        try? FileManager.default.removeItem(at: url)
    }
}
