internal import CZlib

/// A zlib deflate stream (RFC 1950) writing into memory the caller provides.
///
/// Owns its `z_stream`, which zlib requires to stay at one address, and ends it in
/// `deinit`. Every zlib status is checked; a failure throws `PNGError`.
final class DeflateStream {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    /// Starts a stream at zlib `level` (0…9; 1 is the fastest that compresses); a `raw`
    /// one has no zlib header and no checksum (a piece of a stream joined by the caller).
    init(level: Int, raw: Bool = false) throws {
        stream.initialize(to: z_stream())
        let status = deflateInit2_(stream, Int32(level), Z_DEFLATED, raw ? -MAX_WBITS : MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw PNGError(operation: .encode, message: "zlib cannot start compressing (status \(status))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// The most bytes `byteCount` input bytes can compress to (zlib's `deflateBound`).
    func bound(byteCount: Int) -> Int { Int(deflateBound(stream, UInt(byteCount))) }

    /// Compresses `input` into `output` from `outputOffset` on; `finish` ends the stream.
    /// - Returns: the new output offset.
    /// - Throws: `PNGError` when zlib fails or `output` fills up (size it with `bound`).
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                  at outputOffset: Int, finish: Bool) throws -> Int {
        try compress(input, into: output, at: outputOffset, flush: finish ? Z_FINISH : Z_NO_FLUSH)
    }

    /// As `compress(_:into:at:finish:)` with zlib's `flush`: Z_FULL_FLUSH ends the output on
    /// a byte boundary with no history kept, so what follows can be compressed apart.
    func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                  at outputOffset: Int, flush: Int32) throws -> Int {
        let finish = flush == Z_FINISH
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress!.advanced(by: outputOffset).assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count - outputOffset)
        let status = deflate(stream, flush)
        guard status == (finish ? Z_STREAM_END : Z_OK), stream.pointee.avail_in == 0 else {
            throw PNGError(operation: .encode, message: "zlib failed compressing (status \(status))")
        }
        return output.count - Int(stream.pointee.avail_out)
    }

    /// zlib's Adler-32 of `bytes`, continuing from `adler` (1 to start).
    static func adler32(_ bytes: UnsafeRawBufferPointer, continuing adler: UInt32 = 1) -> UInt32 {
        UInt32(CZlib.adler32(uLong(adler), bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// The Adler-32 of two pieces from each one's and the second's length (zlib's `adler32_combine`).
    static func adler32(combining first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }

    /// zlib's CRC-32 of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        UInt32(CZlib.crc32(uLong(crc), bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }
}
