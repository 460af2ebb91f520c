internal import CCairo
import FlipbookQuartz
import Foundation

/// The pixels of rasterized subtrees (`shouldRasterize`, R2), shared by the compositors
/// of all worker threads and keyed by value: a subtree's render values below its own
/// placement, with the fraction of a pixel it sits at. A hit gives exactly the pixels a
/// fresh rasterization would, so caching never changes the output.
///
/// Thread-safe. Holds at most `byteLimit` bytes of pixels, dropping the least recently
/// used bitmaps first.
public final class RasterCache: @unchecked Sendable {
    /// How the cache has been used, for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        /// Bitmaps reused.
        public var hits = 0
        /// Bitmaps rendered because none matched.
        public var misses = 0
        /// Bitmaps held now.
        public var entries = 0
        /// Pixel bytes held now.
        public var bytes = 0
    }

    /// The cache compositors use unless given another.
    public static let shared = RasterCache()

    public let byteLimit: Int
    private let lock = NSLock()
    private var tiles: [RasterKey: RasterTile] = [:]
    /// Keys from least to most recently used.
    private var recency: [RasterKey] = []
    private var counts = Statistics()

    /// Creates a cache holding at most `byteLimit` bytes of pixels (default 256 MiB).
    public init(byteLimit: Int = 256 << 20) {
        self.byteLimit = byteLimit
    }

    public var statistics: Statistics {
        lock.withLock { counts }
    }

    /// Drops every bitmap and zeroes the statistics.
    public func removeAll() {
        lock.withLock {
            tiles = [:]
            recency = []
            counts = Statistics()
        }
    }

    /// The bitmap for `key`, rendered by `make` when there is none. Two threads missing
    /// at once both render; the bitmaps are identical, and one is kept.
    func tile(for key: RasterKey, make: () throws -> RasterTile) throws -> RasterTile {
        if let tile = lock.withLock({ lookUp(key) }) { return tile }
        let tile = try make()
        lock.withLock { insert(tile, for: key) }
        return tile
    }

    private func lookUp(_ key: RasterKey) -> RasterTile? {
        guard let tile = tiles[key] else {
            counts.misses += 1
            return nil
        }
        counts.hits += 1
        if let index = recency.firstIndex(of: key) { recency.append(recency.remove(at: index)) }
        return tile
    }

    private func insert(_ tile: RasterTile, for key: RasterKey) {
        guard tiles[key] == nil, tile.byteCount <= byteLimit else { return }
        tiles[key] = tile
        recency.append(key)
        counts.bytes += tile.byteCount
        while counts.bytes > byteLimit, !recency.isEmpty {
            let oldest = recency.removeFirst()
            counts.bytes -= tiles.removeValue(forKey: oldest)?.byteCount ?? 0
        }
        counts.entries = tiles.count
    }
}

/// What a rasterized bitmap depends on: the subtree's values and how its space maps to
/// the bitmap's pixels (the device transform less a whole number of pixels).
struct RasterKey: Hashable {
    let subtree: SubtreeValues
    let toBitmap: CGAffineTransform
    let width: Int
    let height: Int
}

/// An immutable ARGB32 bitmap (premultiplied, Cairo's layout) owned by the cache and
/// read by any number of threads.
final class RasterTile: @unchecked Sendable {
    let width: Int
    let height: Int
    let stride: Int
    private let data: UnsafeMutablePointer<UInt8>

    var byteCount: Int { stride * height }

    /// Copies the pixels of `surface`.
    init(copying surface: ImageSurface) {
        width = surface.width
        height = surface.height
        stride = surface.stride
        data = .allocate(capacity: stride * height)
        surface.withPixels { data.update(from: $0, count: stride * height) }
    }

    deinit { data.deallocate() }

    /// Runs `body` with a Cairo surface showing the pixels; Cairo only reads them.
    func withSurface<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
        let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32,
                                                          Int32(width), Int32(height), Int32(stride))!
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cairo_image_surface_create_for_data \(width)×\(height)")
        return try body(surface)
    }
}
