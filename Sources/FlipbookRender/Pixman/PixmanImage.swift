internal import CCairo
internal import CPixman

/// Owns a pixman image over a rectangle of a Cairo ARGB32 image surface's pixels, and
/// unreferences it when released. The surface is kept alive while the image lives.
///
/// Cairo's `CAIRO_FORMAT_ARGB32` and pixman's `PIXMAN_a8r8g8b8` are the same layout:
/// premultiplied 32-bit native-endian words, alpha in the top byte. The caller flushes
/// the surface before pixman reads it and marks it dirty after pixman writes.
final class PixmanImage {
    let pointer: OpaquePointer
    private let surface: ImageSurface

    /// A pixman image of `width`×`height` pixels whose top-left is (`x`, `y`) on `surface`.
    /// - Precondition: the rectangle lies inside the surface, which is ARGB32.
    init(_ surface: ImageSurface, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) throws {
        let width = width ?? surface.width, height = height ?? surface.height
        precondition(cairo_image_surface_get_format(surface.pointer) == CAIRO_FORMAT_ARGB32,
                     "PixmanImage: the surface must be ARGB32")
        precondition(x >= 0 && y >= 0 && width > 0 && height > 0
                      && x + width <= surface.width && y + height <= surface.height,
                      "PixmanImage: \(width)×\(height) at (\(x), \(y)) outside \(surface.width)×\(surface.height)")
        let stride = surface.stride
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError(operation: "pixman_image_create_bits", message: "the surface has no pixels")
        }
        let origin = UnsafeMutableRawPointer(data + y * stride + x * 4).assumingMemoryBound(to: UInt32.self)
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   origin, Int32(stride)) else {
            throw RenderError(operation: "pixman_image_create_bits", message: "out of memory for \(width)×\(height)")
        }
        pointer = image
        self.surface = surface
    }

    deinit { pixman_image_unref(pointer) }

    /// Samples with a bilinear filter through `transform`, which maps destination pixel
    /// coordinates (pixel centres at +0.5) to this image's.
    /// - Throws: `RenderError` when pixman refuses the transform.
    func setTransform(_ transform: pixman_transform_t) throws {
        var transform = transform
        guard pixman_image_set_transform(pointer, &transform) != 0 else {
            throw RenderError(operation: "pixman_image_set_transform", message: "transform refused")
        }
        guard pixman_image_set_filter(pointer, PIXMAN_FILTER_BILINEAR, nil, 0) != 0 else {
            throw RenderError(operation: "pixman_image_set_filter", message: "bilinear filter refused")
        }
    }

    /// Composites this image OVER `destination`: the `width`×`height` pixels at
    /// (`x`, `y`) of the destination sample this image through its transform, at
    /// (`sourceX`, `sourceY`)… before the transform.
    func composite(over destination: PixmanImage, sourceX: Int, sourceY: Int, x: Int, y: Int,
                   width: Int, height: Int) {
        pixman_image_composite32(PIXMAN_OP_OVER, pointer, nil, destination.pointer,
                                 Int32(sourceX), Int32(sourceY), 0, 0, Int32(x), Int32(y), Int32(width), Int32(height))
    }
}
