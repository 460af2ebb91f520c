import FlipbookGolden
import FlipbookRender
import Foundation

/// What the image strategies snapshot and compare: a frame's pixels, or why no frame
/// could be drawn.
///
/// `Snapshotting.snapshot` cannot throw, so a snapshot that cannot be taken (a time
/// before the recorder's, a view outside the canvas) is a value too: it fails every
/// comparison with its reason, and is stored as an empty file.
public enum SnapshotFrame: Sendable, Equatable {
    case image(Bitmap)
    case unavailable(String)

    /// The PNG a reference is stored as (most compressed, as goldens are); empty for
    /// `unavailable`.
    public var pngData: Data {
        guard case .image(let bitmap) = self, let bytes = try? PNGCodec.encode(bitmap, compressionLevel: 9) else {
            return Data()
        }
        return Data(bytes)
    }

    /// The frame a reference file holds; `unavailable` saying why for an empty file or
    /// one that is not a PNG (what to do for a Git LFS pointer, as `flipbook check` says).
    public init(pngData: Data) {
        guard !pngData.isEmpty else {
            self = .unavailable("the reference is an empty file, recorded when no frame could be drawn: delete it and record again")
            return
        }
        switch GoldenFile(bytes: [UInt8](pngData)) {
        case .image(let bitmap, _): self = .image(bitmap)
        case .unreadable(let reason): self = .unavailable("the reference is not a PNG image (\(reason))")
        }
    }

    /// `bitmap` as it reads back from its PNG: what is compared with a reference is what
    /// would be stored (a PNG keeps straight alpha, so semi-transparent pixels can move by
    /// a unit when premultiplied again).
    static func storable(_ bitmap: Bitmap) -> SnapshotFrame {
        do {
            return .image(try PNGCodec.decode(PNGCodec.encode(bitmap, compressionLevel: 1)))
        } catch {
            return .unavailable("the \(bitmap.width)×\(bitmap.height) frame does not encode as a PNG (\(error))")
        }
    }
}
