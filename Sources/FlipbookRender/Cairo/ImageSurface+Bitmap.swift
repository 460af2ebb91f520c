internal import CCairo

extension ImageSurface {
    /// An ARGB32 surface holding a copy of `bitmap`'s pixels.
    convenience init(_ bitmap: Bitmap) throws {
        try self.init(width: bitmap.width, height: bitmap.height)
        bitmap.pixels.withUnsafeBytes { copyPixels(fromPacked: $0) }
    }

    /// Copies packed premultiplied BGRA rows (`width * 4` bytes each, the layout of
    /// `Bitmap` and `CGImage.premultipliedBGRA`) into this ARGB32 surface.
    func copyPixels(fromPacked bytes: UnsafeRawBufferPointer) {
        let rowBytes = width * 4, stride = self.stride
        withPixels { data in
            for y in 0..<height {
                (data + y * stride).update(from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * rowBytes,
                                           count: rowBytes)
            }
        }
    }
}
