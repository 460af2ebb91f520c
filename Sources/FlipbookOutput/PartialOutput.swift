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

    /// Moves the finished file to its final name, replacing any file there.
    func commit() throws {
        if FileManager.default.fileExists(atPath: final.path) { try FileManager.default.removeItem(at: final) }
        try FileManager.default.moveItem(at: url, to: final)
    }

    /// Removes the unfinished file, if there is one.
    func discard() {
        try? FileManager.default.removeItem(at: url)
    }
}
