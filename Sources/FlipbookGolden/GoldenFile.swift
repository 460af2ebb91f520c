import FlipbookRender
import Foundation

/// A golden PNG as read from its file, once: its bytes and the image they hold, or why it
/// cannot serve as a golden. A failed frame's expected image is a copy of these bytes, so
/// the file is not read a second time.
public enum GoldenFile: Sendable, Equatable {
    /// The file's `bytes`, which decode to `image`.
    case image(Bitmap, bytes: [UInt8])
    /// The file cannot be read, or is not a PNG (cut short, empty, a Git LFS pointer);
    /// `reason` says why, or what to do: `cannot decode PNG: Not a PNG file`.
    case unreadable(reason: String)

    /// Reads and decodes the file at `url`, which exists.
    public init(contentsOf url: URL) {
        do {
            self.init(bytes: try PNGCodec.readBytes(path: url.path))
        } catch let error as PNGError {
            self = .unreadable(reason: error.reason)
        } catch {
            self = .unreadable(reason: "\(error)")
        }
    }

    /// What a golden file of `bytes` holds.
    public init(bytes: [UInt8]) {
        do {
            self = .image(try PNGCodec.decode(bytes), bytes: bytes)
        } catch {
            self = .unreadable(reason: Self.isGitLFSPointer(bytes)
                ? "it looks like a Git LFS pointer: run `git lfs pull`"
                : (error as? PNGError)?.reason ?? "\(error)")
        }
    }

    /// Whether `bytes` start as a Git LFS pointer file does: its first line is
    /// `version https://git-lfs.github.com/spec/v1` (see the spec in the git-lfs
    /// repository, `docs/spec.md`).
    static func isGitLFSPointer(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: "version https://git-lfs.github.com/spec/".utf8)
    }
}
