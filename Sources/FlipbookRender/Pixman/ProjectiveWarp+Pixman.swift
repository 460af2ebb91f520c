internal import CCairo
internal import CPixman
import FlipbookQuartz
import Foundation

/// The reference sampler (`WarpSampler.pixman`): pixman's general projective fetcher.
///
/// pixman evaluates a projective transform in 16.16 fixed point, with the homogeneous
/// x, y and w of each pixel in 32 bits (`bits_image_fetch_general`). Over a whole frame
/// the rounding of the matrix entries would move pixels visibly, and near the horizon the
/// values overflow; so the destination is warped in tiles, each with its own matrix in
/// tile-local coordinates, scaled to use the fixed-point range, reading a sub-image of the
/// source just large enough for the tile. Tiles are split where their pixels see past
/// what the source can show (W of the inverse below `minimumInverseW`, which includes
/// everything behind the viewer); those pixels are left untouched.
extension ProjectiveWarp {
    /// The destination is warped in squares of this many pixels.
    static let tileSide = 64
    /// Preimage coordinates must stay well inside pixman's ±32768.
    fileprivate static let largestPreimage: CGFloat = 16_000

    /// Composites `source` OVER `destination` through pixman, tile by tile.
    func runThroughPixman(from source: ImageSurface, onto destination: ImageSurface, inverse: PlaneProjection) throws {
        try destination.withPixels { _ in
            let target = try PixmanImage(destination)
            let tiles = Tiles(inverse: inverse, minimumInverseW: minimumInverseW, source: source, target: target)
            for y in stride(from: 0, to: destination.height, by: Self.tileSide) {
                for x in stride(from: 0, to: destination.width, by: Self.tileSide) {
                    try tiles.warp(x: x, y: y, width: min(Self.tileSide, destination.width - x),
                                   height: min(Self.tileSide, destination.height - y))
                }
            }
        }
    }

    private struct Tiles {
        let inverse: PlaneProjection
        let minimumInverseW: CGFloat
        let source: ImageSurface
        let target: PixmanImage

        func warp(x: Int, y: Int, width: Int, height: Int) throws {
            let corners = [CGPoint(x: x, y: y), CGPoint(x: x + width, y: y),
                           CGPoint(x: x, y: y + height), CGPoint(x: x + width, y: y + height)]
            let ws = corners.map { inverse.w(at: $0) }
            guard ws.contains(where: { $0 >= minimumInverseW }) else { return }
            guard ws.allSatisfy({ $0 >= minimumInverseW }),
                  let preimage = ConvexPolygon(corners.map(inverse.apply(to:))).boundingBox,
                  preimage.width < ProjectiveWarp.largestPreimage, preimage.height < ProjectiveWarp.largestPreimage
            else {
                return try split(x: x, y: y, width: width, height: height)
            }
            // Bilinear sampling at s reads the pixels at ⌊s − ½⌋ and the one after.
            let minX = max(Int((preimage.minX - 1).rounded(.down)), 0)
            let minY = max(Int((preimage.minY - 1).rounded(.down)), 0)
            let maxX = min(Int((preimage.maxX + 1).rounded(.up)), source.width)
            let maxY = min(Int((preimage.maxY + 1).rounded(.up)), source.height)
            guard minX < maxX, minY < maxY else { return }

            let sample = try PixmanImage(source, x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            let local = PlaneProjection(CGAffineTransform(translationX: CGFloat(x), y: CGFloat(y)))
                .concatenating(inverse)
                .concatenating(CGAffineTransform(translationX: CGFloat(-minX), y: CGFloat(-minY)))
            guard let transform = Self.fixedPoint(local, width: width, height: height) else { return }
            try sample.setTransform(transform)
            let sampled = SampleCoordinates(transform)
            let centres = [CGPoint(x: 0.5, y: 0.5), CGPoint(x: CGFloat(width) - 0.5, y: 0.5),
                           CGPoint(x: 0.5, y: CGFloat(height) - 0.5),
                           CGPoint(x: CGFloat(width) - 0.5, y: CGFloat(height) - 0.5)]
            guard centres.contains(where: { !sampled.isClear(of: $0) }) else {
                return sample.composite(over: target, sourceX: 0, sourceY: 0, x: x, y: y, width: width, height: height)
            }
            for row in 0..<height {
                let columns = sampled.clearColumns(width, row: row)
                guard let first = columns.first, let last = columns.last else { continue }
                sample.composite(over: target, sourceX: first, sourceY: row, x: x + first, y: y + row,
                                 width: last - first + 1, height: 1)
            }
        }

        /// The homogeneous x and y of sample coordinates for a tile's pixels, as pixman
        /// computes them from its 16.16 matrix (in 16.16 units).
        ///
        /// pixman up to 0.42 divides them by w as unsigned numbers (`((uint64_t)x << 16) / w`
        /// in `bits_image_fetch_general`), so a sample left of or above the sample image
        /// lands somewhere inside it. Pixels that would sample there are left out: all they
        /// would see is the source's transparent margin.
        private struct SampleCoordinates {
            let x: (u: CGFloat, v: CGFloat, c: CGFloat)
            let y: (u: CGFloat, v: CGFloat, c: CGFloat)

            /// The least homogeneous x and y kept, well clear of pixman's rounding.
            private static let least: CGFloat = 256

            init(_ t: pixman_transform_t) {
                let m = t.matrix
                x = (CGFloat(m.0.0), CGFloat(m.0.1), CGFloat(m.0.2))
                y = (CGFloat(m.1.0), CGFloat(m.1.1), CGFloat(m.1.2))
            }

            /// Whether the pixel centre `p` samples at x and y clear of the unsigned division.
            func isClear(of p: CGPoint) -> Bool {
                x.u * p.x + x.v * p.y + x.c >= Self.least && y.u * p.x + y.v * p.y + y.c >= Self.least
            }

            /// The columns of `row` (of 0..<width) whose pixel centres are clear.
            func clearColumns(_ width: Int, row: Int) -> Range<Int> {
                let v = CGFloat(row) + 0.5
                return Self.columns(width, x.u, x.v * v + x.c).clamped(to: Self.columns(width, y.u, y.v * v + y.c))
            }

            /// The columns i of 0..<width with a·(i + ½) + b ≥ least.
            private static func columns(_ width: Int, _ a: CGFloat, _ b: CGFloat) -> Range<Int> {
                guard a != 0 else { return b >= least ? 0..<width : 0..<0 }
                let boundary = min(max((least - b) / a - 0.5, -1), CGFloat(width))
                return a > 0 ? Int(boundary.rounded(.up))..<width : 0..<(Int(boundary.rounded(.down)) + 1)
            }
        }

        /// Warps the two halves of a tile separately; a single pixel that cannot be warped is skipped.
        private func split(x: Int, y: Int, width: Int, height: Int) throws {
            if width >= height, width > 1 {
                let half = width / 2
                try warp(x: x, y: y, width: half, height: height)
                try warp(x: x + half, y: y, width: width - half, height: height)
            } else if height > 1 {
                let half = height / 2
                try warp(x: x, y: y, width: width, height: half)
                try warp(x: x, y: y + half, width: width, height: height - half)
            }
        }

        /// `map` as pixman's 16.16 matrix, which multiplies column vectors (the transpose of
        /// our rows), scaled so the largest homogeneous coordinate over the tile is 2¹³:
        /// the map is the same at any scale, and large entries round relatively less.
        /// `nil` when the map is not finite over the tile.
        private static func fixedPoint(_ map: PlaneProjection, width: Int, height: Int) -> pixman_transform_t? {
            let corners = [CGPoint.zero, CGPoint(x: width, y: 0), CGPoint(x: 0, y: height),
                           CGPoint(x: width, y: height)]
            let largest = corners.map { map.homogeneous($0) }.map { max(abs($0.x), abs($0.y), abs($0.w)) }.max()!
            guard largest.isFinite, largest > 0 else { return nil }
            let scale = 8192 / largest * 65536
            let rows = map.rows
            guard rows.joined().allSatisfy({ abs($0 * scale) < 0x7fff_0000 }) else { return nil }
            func entry(_ row: Int, _ column: Int) -> pixman_fixed_t {
                pixman_fixed_t((rows[column][row] * scale).rounded())
            }
            return pixman_transform_t(matrix: (
                (entry(0, 0), entry(0, 1), entry(0, 2)),
                (entry(1, 0), entry(1, 1), entry(1, 2)),
                (entry(2, 0), entry(2, 1), entry(2, 2))))
        }
    }
}
