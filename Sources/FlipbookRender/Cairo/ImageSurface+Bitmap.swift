internal import CCairo

extension ImageSurface {
    /// An ARGB32 surface holding a copy of `bitmap`'s pixels.
    convenience init(_ bitmap: Bitmap) throws {
        try self.init(width: bitmap.width, height: bitmap.height)
        let rowBytes = bitmap.width * 4, stride = self.stride
        withPixels { data in
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<bitmap.height {
                    (data + y * stride).update(from: pixels.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
        }
    }
}
