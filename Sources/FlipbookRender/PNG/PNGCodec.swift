internal import CPNG

/// PNG encoding and decoding.
///
/// Encoding writes the file itself and compresses with zlib directly, so the zlib level
/// is the caller's and no sample buffer is made: each row goes from the bitmap through
/// one reused row buffer into deflate. Rows are unfiltered (filter type 0): on the flat
/// colours of rendered scenes, zlib alone compresses them about as well, far faster.
/// Output is deterministic: no time stamps, only IHDR, sRGB, IDAT, IEND.
///
/// Decoding uses libpng's simplified API (`png_image_*`): libpng reports errors by
/// `longjmp`, which Swift cannot survive, and that API catches its own `longjmp` and
/// reports through `png_image.warning_or_error` and `png_image.message` instead.
public enum PNGCodec {
    /// Images with more pixels than this are refused instead of allocated (1 GiB as BGRA).
    static let maximumPixelCount = 1 << 28

    /// Encodes a bitmap as an 8-bit PNG.
    ///
    /// Writes RGB when every pixel is opaque, otherwise RGBA with straight alpha
    /// (colours un-premultiplied, rounded, as `RGBA8(premultipliedR:g:b:a:)` does), so
    /// `decode(encode(b)) == b` for every valid premultiplied bitmap.
    /// - Parameter compressionLevel: the zlib level, 0…9: 0 stores, 1 (the default) is
    ///   the fastest that compresses, 9 the smallest and slowest.
    /// - Throws: `PNGError` for an empty bitmap, a level outside 0…9, or a zlib failure.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        try bitmap.withFramePixels { try encode($0, compressionLevel: compressionLevel) }
    }

    /// Encodes a frame's pixels where they lie (a compositor's surface, rows of
    /// `rowBytes`). As `encode(_:compressionLevel:)`.
    public static func encode(_ frame: FramePixels, compressionLevel: Int = 1) throws -> [UInt8] {
        try encode(pixels: frame.bytes, width: frame.width, height: frame.height, rowBytes: frame.rowBytes,
                   compressionLevel: compressionLevel)
    }

    /// Encodes premultiplied BGRA pixels laid out as a Cairo ARGB32 surface: `height`
    /// rows of `rowBytes` bytes, each starting with `width` pixels.
    private static func encode(pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int,
                               compressionLevel: Int) throws -> [UInt8] {
        try check(width: width, height: height, rowBytes: rowBytes, byteCount: pixels.count,
                  compressionLevel: compressionLevel)
        let opaque = isOpaque(pixels, width: width, height: height, rowBytes: rowBytes)
        let rowLength = 1 + width * (opaque ? 3 : 4)
        let deflater = try DeflateStream(level: compressionLevel)
        let header = PNGChunks.header(width: width, height: height, opaque: opaque)
        let capacity = header.count + 8 + deflater.bound(byteCount: rowLength * height) + 4 + 12
        var row = [UInt8](repeating: 0, count: rowLength)  // row[0] = 0: no filter

        return try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let output = UnsafeMutableRawBufferPointer(buffer)
            header.withUnsafeBytes { output.copyMemory(from: $0) }
            let idat = header.count
            output.storeBytes(of: Array("IDAT".utf8).withUnsafeBytes { $0.load(as: UInt32.self) },
                              toByteOffset: idat + 4, as: UInt32.self)
            var offset = idat + 8
            for y in 0..<height {
                let source = pixels.baseAddress! + y * rowBytes
                try row.withUnsafeMutableBytes { row in
                    if opaque {
                        rgbRow(from: source, width: width, into: row.baseAddress! + 1)
                    } else {
                        straightRGBARow(from: source, width: width, into: row.baseAddress! + 1)
                    }
                    offset = try deflater.compress(UnsafeRawBufferPointer(row), into: output, at: offset,
                                                   finish: y == height - 1)
                }
            }
            let dataLength = offset - idat - 8
            guard dataLength <= Int(Int32.max) else {
                throw PNGError(operation: .encode, message: "the compressed image is too large for one PNG chunk")
            }
            output.storeBytes(of: UInt32(dataLength).bigEndian, toByteOffset: idat, as: UInt32.self)
            let crc = DeflateStream.crc32(UnsafeRawBufferPointer(rebasing: output[(idat + 4)..<offset]))
            output.storeBytes(of: crc.bigEndian, toByteOffset: offset, as: UInt32.self)
            offset += 4
            let end = PNGChunks.chunk("IEND", [])
            end.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: output[offset..<(offset + end.count)]).copyMemory(from: $0) }
            count = offset + end.count
        }
    }

    /// Throws for what a PNG cannot hold; traps on pixels too few for the rows.
    static func check(width: Int, height: Int, rowBytes: Int, byteCount: Int, compressionLevel: Int) throws {
        guard (0...9).contains(compressionLevel) else {
            throw PNGError(operation: .encode,
                           message: "compression level \(compressionLevel) is outside 0…9")
        }
        guard width > 0, height > 0 else {
            throw PNGError(operation: .encode,
                           message: "a \(width)×\(height) bitmap has no pixels; PNG needs at least 1×1")
        }
        guard width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw PNGError(operation: .encode,
                           message: "a \(width)×\(height) bitmap is too large for a PNG")
        }
        precondition(rowBytes >= width * 4 && byteCount >= rowBytes * (height - 1) + width * 4,
                     "PNGCodec.encode: \(byteCount) bytes for \(height) rows of \(rowBytes)")
    }

    /// Decodes any PNG into a premultiplied BGRA bitmap.
    ///
    /// Palette, gray, gray+alpha, 16-bit, `tRNS` transparency and interlaced images are
    /// expanded to 8-bit RGB(A) by libpng; colours with alpha are then premultiplied
    /// (rounded, as `RGBA8.premultiplied` does). 16-bit images without colour-space information are
    /// taken to be sRGB-encoded, as most tools write them.
    /// - Throws: `PNGError` with libpng's message when the bytes are not a valid PNG.
    public static func decode(_ bytes: [UInt8]) throws -> Bitmap {
        guard bytes.count >= 8 else {
            throw PNGError(operation: .decode,
                           message: "\(bytes.count) bytes are too few for a PNG (the signature alone is 8)")
        }
        // libpng keeps pointing at `bytes` until `png_image_finish_read`: both calls
        // must happen inside this one closure.
        return try bytes.withUnsafeBytes { memory in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, memory.baseAddress, memory.count) != 0 else {
                throw PNGError(operation: .decode, message: failureMessage(of: &image))
            }
            let width = Int(image.width), height = Int(image.height)
            let pixelCount = width.multipliedReportingOverflow(by: height)
            guard !pixelCount.overflow, pixelCount.partialValue <= maximumPixelCount else {
                png_image_free(&image)
                throw PNGError(operation: .decode,
                               message: "a \(width)×\(height) image is larger than the \(maximumPixelCount)-pixel limit")
            }
            // An 8-bit image without alpha (what `encode` writes for an opaque frame, and
            // every golden frame here) is read as RGB, as it is stored, and spread to BGRA
            // below: libpng's byte-swap and filler passes took a quarter of decoding, and
            // `check` spends more than a third of its time decoding golden frames.
            let isOpaque = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR) == 0
            image.format = isOpaque ? Format.rgb : Format.bgra
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

            var pixels = try [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                guard png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil) != 0 else {
                    throw PNGError(operation: .decode, message: failureMessage(of: &image))
                }
                if isOpaque { spreadRGBToOpaqueBGRA(buffer.baseAddress!, pixelCount: width * height) }
                count = width * height * 4
            }
            if !isOpaque { premultiplyInPlace(&pixels) }
            return Bitmap(width: width, height: height, pixels: pixels)
        }
    }
}

// MARK: - libpng calls

extension PNGCodec {
    /// `png_image.format` values. Swift does not import libpng's composite macros
    /// (`PNG_FORMAT_RGBA` is `PNG_FORMAT_RGB|PNG_FORMAT_FLAG_ALPHA`), so they are
    /// rebuilt here from the flags.
    private enum Format {
        static let bgra = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
        static let rgb = UInt32(PNG_FORMAT_FLAG_COLOR)
    }

    /// libpng's message from a failed simplified-API call.
    private static func failureMessage(of image: inout png_image) -> String {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return message.isEmpty ? "libpng failed without a message (code \(image.warning_or_error))" : message
    }
}

// MARK: - Pixel conversion

extension PNGCodec {
    /// Whether every pixel's alpha is 255.
    static func isOpaque(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int) -> Bool {
        for y in 0..<height {
            let row = pixels.baseAddress! + y * rowBytes
            var all: UInt32 = 0xFFFF_FFFF
            for x in 0..<width { all &= row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// One row as RGB triples (for opaque pixels premultiplied and straight are the same).
    static func rgbRow(from bgra: UnsafeRawPointer, width: Int, into rgb: UnsafeMutableRawPointer) {
        let source = bgra.assumingMemoryBound(to: UInt8.self)
        let target = rgb.assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
            target[3 * x] = source[4 * x + 2]
            target[3 * x + 1] = source[4 * x + 1]
            target[3 * x + 2] = source[4 * x]
        }
    }

    /// One row as straight-alpha RGBA, un-premultiplied with `RGBA8(premultipliedR:g:b:a:)`'s rounding.
    static func straightRGBARow(from bgra: UnsafeRawPointer, width: Int, into rgba: UnsafeMutableRawPointer) {
        let source = bgra.assumingMemoryBound(to: UInt8.self)
        let target = rgba.assumingMemoryBound(to: UInt8.self)
        for i in stride(from: 0, to: 4 * width, by: 4) {
            let a = Int(source[i + 3])
            target[i + 3] = UInt8(a)
            switch a {
            case 255:
                target[i] = source[i + 2]; target[i + 1] = source[i + 1]; target[i + 2] = source[i]
            case 0:
                target[i] = 0; target[i + 1] = 0; target[i + 2] = 0
            default:
                func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
                target[i] = straight(source[i + 2])
                target[i + 1] = straight(source[i + 1])
                target[i + 2] = straight(source[i])
            }
        }
    }

    /// Turns `pixelCount` packed RGB pixels at the start of `pixels` into opaque BGRA in
    /// the same buffer (room for four bytes a pixel), from the last pixel back, so that no
    /// pixel is written over before it is read. Each pixel is read as the four bytes R G B
    /// x (x: the next pixel's red, or spare room after the last) and reversed, B G R
    /// becoming the low three bytes and x giving way to an opaque alpha.
    private static func spreadRGBToOpaqueBGRA(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        pixels[pixelCount * 3] = 0  // the last pixel's fourth byte, which libpng did not write
        let raw = UnsafeMutableRawPointer(pixels)
        // Wrapping arithmetic: the offsets lie within the buffer (4 × pixelCount bytes), and
        // a checked multiply in the loop costs a third of it.
        var index = pixelCount
        while index > 0 {
            index &-= 1
            let rgbx = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: index &* 3, as: UInt32.self))
            raw.storeBytes(of: (rgbx >> 8 | 0xFF00_0000).littleEndian, toByteOffset: index &* 4, as: UInt32.self)
        }
    }

    /// Premultiplies straight BGRA in place with `RGBA8.premultiplied`'s rounding.
    private static func premultiplyInPlace(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                guard a != 255 else { continue }
                for c in i..<(i + 3) {
                    p[c] = UInt8((Int(p[c]) * a + 127) / 255)
                }
            }
        }
    }
}
