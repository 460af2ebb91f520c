internal import CCairo
/// Owns a Cairo image surface (ARGB32 or A8) and destroys it when released.
final class ImageSurface {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// What owns the pixels when Cairo does not.
    private let owner: AnyObject?

    /// Cairo's largest image surface side, in pixels.
    static let maximumSide = 32767

    init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw RenderError(operation: "cairo_image_surface_create",
                              message: "size \(width)×\(height) is outside 1…\(Self.maximumSide)")
        }
        pointer = cairo_image_surface_create(format, Int32(width), Int32(height))
        self.width = width
        self.height = height
        owner = nil
        try check(cairo_surface_status(pointer), "cairo_image_surface_create \(width)×\(height)")
    }

    /// A transparent ARGB32 surface on `memory`, which the caller keeps for the
    /// surface's life and has cleared.
    init(width: Int, height: Int, on memory: FlatImageMemory) throws {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
              stride * height <= memory.capacity else {
            throw RenderError(operation: "cairo_image_surface_create_for_data",
                              message: "size \(width)×\(height) is outside 1…\(Self.maximumSide) or the memory given")
        }
        pointer = cairo_image_surface_create_for_data(memory.bytes.assumingMemoryBound(to: UInt8.self),
                                                      CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
        self.width = width
        self.height = height
        owner = memory
        try check(cairo_surface_status(pointer), "cairo_image_surface_create_for_data \(width)×\(height)")
    }

    deinit { cairo_surface_destroy(pointer) }

    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Calls `body` with the pixel bytes after flushing Cairo's pending drawing,
    /// and marks the surface dirty afterwards so later drawing sees any change.
    func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        return try body(cairo_image_surface_get_data(pointer))
    }

    /// Copies an ARGB32 surface's pixels into a packed `Bitmap`.
    func bitmap() -> Bitmap { withFramePixels { $0.bitmap() } }

    /// Calls `body` with an ARGB32 surface's pixels, after flushing Cairo's drawing.
    func withFramePixels<R>(_ body: (FramePixels) throws -> R) rethrows -> R {
        cairo_surface_flush(pointer)
        let bytes = UnsafeRawBufferPointer(start: cairo_image_surface_get_data(pointer), count: stride * height)
        return try body(FramePixels(width: width, height: height, rowBytes: stride, bytes: bytes))
    }
}

/// Owns a Cairo drawing context on a surface.
final class CairoContext {
    let pointer: OpaquePointer

    init(_ surface: ImageSurface) throws {
        pointer = cairo_create(surface.pointer)
        try check(cairo_status(pointer), "cairo_create")
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the context's error status, if drawing put it into one.
    func checkStatus(_ operation: @autoclosure () -> String) throws {
        try check(cairo_status(pointer), operation())
    }
}
