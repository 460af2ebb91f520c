internal import CCairo
internal import CProjectiveSampler
import FlipbookQuartz
import Foundation

/// How a 3D layer's flat image is sampled into the superlayer's plane.
public enum WarpSampler: Sendable {
    /// Tile by tile and row by row, one reciprocal per pixel, four channels at once (the
    /// `CProjectiveSampler` target): what rendering uses. A flat image is drawn in bands
    /// where that gives the same pixels (docs/architecture.md, "3D layers").
    case spans
    /// The span sampler with every flat image drawn whole before it is sampled: what drawing
    /// in bands is tested against, for the same bytes.
    case spansOfWholeImages
    /// pixman's general projective fetcher, tile by tile: the reference the span sampler is
    /// tested against. The two differ by at most 2 in a channel, but for pixman's seams where its
    /// tiles meet (docs/architecture.md, "3D layers").
    case pixman
}

/// Warps one image onto another through a projective map with a bilinear filter: pixman's
/// filter (7-bit weights, truncated sums), transparent outside the source.
struct ProjectiveWarp {
    /// Source pixel coordinates to destination pixel coordinates (pixel centres at +0.5).
    let map: PlaneProjection
    /// The largest W of `map` over the part of the source that is shown; destination
    /// pixels whose preimage lies beyond twice that W are transparent anyway.
    let farthestW: CGFloat
    var sampler: WarpSampler = .spans
    /// Which squares of the source are one colour, as far as known already; nil: found here.
    var squares: UniformSquares? = nil

    /// Below this W of the inverse map a destination pixel is left untouched: it would
    /// sample farther than the source reaches (and W ≤ 0 is behind the viewer).
    var minimumInverseW: CGFloat { 1 / (2 * farthestW) }

    /// Composites `source` OVER `destination`, which must be transparent where the source
    /// lands (a new surface) and whose pixel (0, 0) is `origin` of the map's destination
    /// plane. Does nothing when the map is singular.
    func run(from source: ImageSurface, onto destination: ImageSurface, at origin: (x: Int, y: Int)) throws {
        guard let inverse = map.inverted(), farthestW > 0 else { return }
        cairo_surface_flush(source.pointer)
        switch sampler {
        case .pixman:
            let local = map.concatenating(CGAffineTransform(translationX: CGFloat(-origin.x), y: CGFloat(-origin.y)))
            guard let inverse = local.inverted() else { return }
            try runThroughPixman(from: source, onto: destination, inverse: inverse)
        case .spans, .spansOfWholeImages:
            // Over a transparent destination OVER is the sample itself, which the sampler writes.
            destination.withPixels { target in
                flipbook_warp_bilinear(source.cImage, destination.cImage(target), inverse.cMap,
                                       Int32(origin.x), Int32(origin.y), Double(minimumInverseW), 0, squares?.pointer)
            }
        }
    }

    /// Composites `source` OVER the pixels `cr` draws on, inside `box` (device pixels, where
    /// the map leads), with the bytes that `run` into a transparent image and painting it there
    /// would give (the same sample at each pixel, composited as pixman does) — when
    /// nothing between would change them: the span sampler, the OVER operator, an ARGB32
    /// image target, and a clip that is one rectangle of whole pixels. This skips an
    /// image as large as the box, clearing it and painting it. Returns whether it did.
    func compositeDirectly(from source: ImageSurface, onto cr: OpaquePointer, within box: CGRect) throws -> Bool {
        guard sampler != .pixman, cairo_get_operator(cr) == CAIRO_OPERATOR_OVER,
              let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              let clip = Self.rectangularDeviceClip(cr) else { return false }
        var scaleX = 0.0, scaleY = 0.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        guard scaleX == 1, scaleY == 1, offsetX == offsetX.rounded(), offsetY == offsetY.rounded() else { return false }
        // The box and the clip in the target's pixels.
        let bounds = CGRect(x: 0, y: 0, width: Int(cairo_image_surface_get_width(target)),
                            height: Int(cairo_image_surface_get_height(target)))
        let area = box.intersection(clip).offsetBy(dx: offsetX, dy: offsetY).intersection(bounds)
        guard !area.isNull, area.width > 0, area.height > 0 else { return true }
        guard let inverse = map.inverted(), farthestW > 0 else { return true }
        cairo_surface_flush(source.pointer)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return false }
        let stride = Int(cairo_image_surface_get_stride(target))
        let origin = UnsafeMutableRawPointer(data + Int(area.minY) * stride + Int(area.minX) * 4)
        let destination = flipbook_image(pixels: origin.assumingMemoryBound(to: UInt32.self),
                                         width: Int32(area.width), height: Int32(area.height), stride: stride)
        flipbook_warp_bilinear(source.cImage, destination, inverse.cMap, Int32(area.minX - offsetX),
                               Int32(area.minY - offsetY), Double(minimumInverseW), 1, squares?.pointer)
        cairo_surface_mark_dirty_rectangle(target, Int32(area.minX), Int32(area.minY), Int32(area.width), Int32(area.height))
        return true
    }

    /// The current clip in device pixels when it is one rectangle with whole-pixel edges
    /// (Compositor sets the frame's bounds as the first clip, so there is always one).
    private static func rectangularDeviceClip(_ cr: OpaquePointer) -> CGRect? {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_identity_matrix(cr)
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1,
              let r = list.pointee.rectangles?.pointee else { return nil }
        let rect = CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
        guard rect == rect.integral else { return nil }
        return rect
    }
}

/// Which 16 × 16 squares of a flat image are one colour (`flipbook_uniform_squares`), for
/// the span sampler: looked at band by band while the image is drawn, so that each band is
/// read while it is still in the caches; what is not looked at the sampler looks at itself.
final class UniformSquares {
    /// nil when there was no memory for the table: the sampler then filters every sample.
    fileprivate let pointer: OpaquePointer?

    /// A table for `image`, which must keep its size and memory while the table is used.
    init(_ image: ImageSurface) { pointer = flipbook_uniform_squares_create(image.cImage) }

    deinit { flipbook_uniform_squares_destroy(pointer) }

    /// Looks at the squares within `rows` of the image, which Cairo has finished drawing there.
    func lookAt(rows: Range<Int>) {
        flipbook_uniform_squares_look_at_rows(pointer, Int32(rows.lowerBound), Int32(rows.upperBound))
    }
}

private extension ImageSurface {
    /// The surface's pixels as the sampler reads them; flushed by the caller.
    var cImage: flipbook_image { cImage(cairo_image_surface_get_data(pointer)) }

    func cImage(_ data: UnsafeMutablePointer<UInt8>) -> flipbook_image {
        flipbook_image(pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                       width: Int32(width), height: Int32(height), stride: stride)
    }
}

private extension PlaneProjection {
    var cMap: flipbook_projective_map {
        flipbook_projective_map(m11: Double(m11), m12: Double(m12), m13: Double(m13),
                                m21: Double(m21), m22: Double(m22), m23: Double(m23),
                                m31: Double(m31), m32: Double(m32), m33: Double(m33))
    }
}
