internal import CZlib
import Foundation

extension PNGCodec {
    /// Rows in each band of `encode(_:compressionLevel:jobs:)`.
    static let rowsPerBand = 64

    /// Encodes as `encode(_:compressionLevel:)`, deflating bands of `rowsPerBand` rows on up
    /// to `jobs` threads: for one large image (a contact sheet, a curve plot), whose single
    /// deflate stream would otherwise take one core.
    ///
    /// Each band is a raw deflate stream of its own (no history from the band above) ending
    /// on a byte boundary; joined between zlib's header and the Adler-32 of all rows, they
    /// are one zlib stream (as pigz does). The bytes depend on the bands, never on `jobs`;
    /// they are a little larger than `encode(_:compressionLevel:)`'s and decode to the same
    /// pixels.
    /// - Throws: as `encode(_:compressionLevel:)`.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int, jobs: Int) throws -> [UInt8] {
        try bitmap.withFramePixels { frame in
            try check(width: frame.width, height: frame.height, rowBytes: frame.rowBytes,
                      byteCount: frame.bytes.count, compressionLevel: compressionLevel)
            let opaque = isOpaque(frame.bytes, width: frame.width, height: frame.height, rowBytes: frame.rowBytes)
            let work = Bands(frame: frame, opaque: opaque, level: compressionLevel)
            work.run(jobs: jobs)
            var stream = zlibHeader(level: compressionLevel)
            var adler: UInt32 = 1
            for result in work.results {
                let band = try result!.get()
                stream += band.compressed
                adler = DeflateStream.adler32(combining: adler, band.adler, secondLength: band.length)
            }
            stream += PNGChunks.bigEndian(adler)
            return PNGChunks.header(width: frame.width, height: frame.height, opaque: opaque)
                + PNGChunks.chunk("IDAT", stream) + PNGChunks.chunk("IEND", [])
        }
    }

    /// zlib's two header bytes (RFC 1950) for a 32 KB window at `level`, as `deflateInit` writes them.
    private static func zlibHeader(level: Int) -> [UInt8] {
        let levelFlags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var header = (0x78 << 8) | (levelFlags << 6)
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// The bands of one image and what compressing each gave, filled by several threads,
    /// each band by one of them.
    private final class Bands: @unchecked Sendable {
        /// A band's deflated bytes, and the Adler-32 and length of its rows.
        typealias Compressed = (compressed: [UInt8], adler: UInt32, length: Int)

        let frame: FramePixels, opaque: Bool, level: Int
        let count: Int
        /// One slot per band, each written by one thread only and read after `run` waits
        /// for them all (memory of its own: an array property would be one variable that
        /// the threads access at once).
        private let slots: UnsafeMutableBufferPointer<Result<Compressed, any Error>?>

        init(frame: FramePixels, opaque: Bool, level: Int) {
            (self.frame, self.opaque, self.level) = (frame, opaque, level)
            count = (frame.height + PNGCodec.rowsPerBand - 1) / PNGCodec.rowsPerBand
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        var results: [Result<Compressed, any Error>?] { Array(slots) }

        /// Compresses every band: band i on thread i mod `jobs`, thread 0 being this one.
        func run(jobs: Int) {
            let threads = max(1, min(jobs, count))
            let done = DispatchGroup()
            for thread in 1..<threads {
                done.enter()
                Thread { [self] in
                    compressBands(from: thread, every: threads)
                    done.leave()
                }.start()
            }
            compressBands(from: 0, every: threads)
            done.wait()
        }

        private func compressBands(from first: Int, every step: Int) {
            for band in stride(from: first, to: count, by: step) {
                slots[band] = Result { try compress(band: band) }
            }
        }

        /// The band's rows, unfiltered, as a raw deflate stream ending on a byte boundary
        /// (the last band ends the deflate stream), with their Adler-32 and length.
        private func compress(band: Int) throws -> Compressed {
            let top = band * PNGCodec.rowsPerBand, bottom = min(top + PNGCodec.rowsPerBand, frame.height)
            let rowLength = 1 + frame.width * (opaque ? 3 : 4)
            var rows = [UInt8](repeating: 0, count: rowLength * (bottom - top))  // each row's first byte 0: no filter
            rows.withUnsafeMutableBytes { rows in
                for y in top..<bottom {
                    let source = frame.bytes.baseAddress! + y * frame.rowBytes
                    let target = rows.baseAddress! + (y - top) * rowLength + 1
                    if opaque {
                        PNGCodec.rgbRow(from: source, width: frame.width, into: target)
                    } else {
                        PNGCodec.straightRGBARow(from: source, width: frame.width, into: target)
                    }
                }
            }
            let deflater = try DeflateStream(level: level, raw: true)
            let isLast = bottom == frame.height
            var output = [UInt8](repeating: 0, count: deflater.bound(byteCount: rows.count) + 16)
            let length = try rows.withUnsafeBytes { rows in
                try output.withUnsafeMutableBytes { output in
                    try deflater.compress(rows, into: output, at: 0, flush: isLast ? Z_FINISH : Z_FULL_FLUSH)
                }
            }
            output.removeSubrange(length...)
            return (output, rows.withUnsafeBytes { DeflateStream.adler32($0) }, rows.count)
        }
    }
}
