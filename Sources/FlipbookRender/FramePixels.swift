/// A rendered frame's pixels, borrowed from the compositor's surface for the length of
/// one call: premultiplied BGRA rows of `rowBytes` bytes, laid out as a Cairo ARGB32
/// surface.
///
/// Encoders read the pixels where Cairo drew them, so a frame is not copied before it
/// is encoded; `bitmap()` copies when a caller must keep them. The memory is only valid
/// inside the call that hands the frame out: never store it or its `bytes`.
public struct FramePixels {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next; at least `width * 4`.
    public let rowBytes: Int
    public let bytes: UnsafeRawBufferPointer

    /// A view of `bytes`, `height` rows of `rowBytes`, each starting with `width` pixels.
    /// - Precondition: the rows fit in `bytes`.
    public init(width: Int, height: Int, rowBytes: Int, bytes: UnsafeRawBufferPointer) {
        precondition(width >= 0 && height >= 0 && rowBytes >= width * 4
                     && bytes.count >= (height == 0 ? 0 : rowBytes * (height - 1) + width * 4),
                     "FramePixels: \(bytes.count) bytes for \(height) rows of \(rowBytes)")
        self.width = width
        self.height = height
        self.rowBytes = rowBytes
        self.bytes = bytes
    }

    /// Packed copies of the pixels (`width * 4` bytes a row), the layout of `Bitmap`.
    public var packedBytes: [UInt8] {
        let packedRow = width * 4
        if rowBytes == packedRow { return Array(bytes.prefix(packedRow * height)) }
        return [UInt8](unsafeUninitializedCapacity: packedRow * height) { buffer, count in
            let target = UnsafeMutableRawBufferPointer(buffer)
            for y in 0..<height {
                UnsafeMutableRawBufferPointer(rebasing: target[(y * packedRow)..<((y + 1) * packedRow)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[(y * rowBytes)..<(y * rowBytes + packedRow)]))
            }
            count = packedRow * height
        }
    }

    /// A copy of the pixels that outlives the call.
    public func bitmap() -> Bitmap {
        Bitmap(width: width, height: height, pixels: packedBytes)
    }

    /// The pixels as packed BGRA with straight (un-premultiplied) alpha, as
    /// `Bitmap.straightAlphaPixels`.
    public var straightAlphaPixels: [UInt8] {
        var straight = packedBytes
        Bitmap.unpremultiply(&straight)
        return straight
    }
}

extension Bitmap {
    /// Calls `body` with a view of this bitmap's pixels.
    public func withFramePixels<R>(_ body: (FramePixels) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes { bytes in
            try body(FramePixels(width: width, height: height, rowBytes: width * 4, bytes: bytes))
        }
    }
}
