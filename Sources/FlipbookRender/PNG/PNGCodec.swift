internal import CPNG

/// PNG encoding and decoding through libpng's simplified API.
///
/// libpng reports errors by `longjmp`, which Swift cannot survive, so only the
/// simplified API (`png_image_*`) is used: it catches its own `longjmp` internally and
/// reports through `png_image.warning_or_error` and `png_image.message` instead.
///
/// Compression: the simplified API has no zlib level, only `PNG_IMAGE_FLAG_FAST`.
/// Levels 0…3 set that flag (no row filtering, zlib level 3: fast, larger files);
/// levels 4…9 use libpng's defaults (adaptive row filtering, zlib level 6: slower,
/// smaller files). Output is deterministic: no time stamps, only IHDR, sRGB, IDAT, IEND.
public enum PNGCodec {
    /// The compression levels that select libpng's fast mode.
    static let fastestLevels = 0...3

    /// Images with more pixels than this are refused instead of allocated (1 GiB as BGRA).
    static let maximumPixelCount = 1 << 28

    /// Encodes a bitmap as an 8-bit PNG.
    ///
    /// Writes RGB when every pixel is opaque, otherwise RGBA with straight alpha
    /// (colours un-premultiplied, rounded, as `RGBA8(premultipliedR:g:b:a:)` does), so
    /// `decode(encode(b)) == b` for every valid premultiplied bitmap.
    /// - Parameter compressionLevel: 0…9; 0…3 is libpng's fast mode (the default, 1),
    ///   4…9 its default compression. See the type's documentation.
    /// - Throws: `PNGError` for an empty bitmap, a level outside 0…9, or a libpng failure.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 1) throws -> [UInt8] {
        guard (0...9).contains(compressionLevel) else {
            throw PNGError(operation: .encode,
                           message: "compression level \(compressionLevel) is outside 0…9")
        }
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PNGError(operation: .encode,
                           message: "a \(bitmap.width)×\(bitmap.height) bitmap has no pixels; PNG needs at least 1×1")
        }
        guard bitmap.width <= Int(Int32.max) / 4, bitmap.height <= Int(UInt32.max) else {
            throw PNGError(operation: .encode,
                           message: "a \(bitmap.width)×\(bitmap.height) bitmap is too large for libpng")
        }

        let opaque = isOpaque(bitmap)
        let samples = opaque ? rgbSamples(of: bitmap) : straightRGBASamples(of: bitmap)
        let format = opaque ? Format.rgb : Format.rgba
        let flags = fastestLevels.contains(compressionLevel) ? UInt32(PNG_IMAGE_FLAG_FAST) : 0
        let channels = opaque ? 3 : 4
        return try samples.withUnsafeBytes { sampleBytes in
            let capacity = maximumEncodedSize(width: bitmap.width, height: bitmap.height, channels: channels)
            do {
                return try writeToMemory(sampleBytes, width: bitmap.width, height: bitmap.height,
                                         format: format, flags: flags, capacity: capacity)
            } catch let BufferTooSmall.needs(required) {
                return try writeToMemory(sampleBytes, width: bitmap.width, height: bitmap.height,
                                         format: format, flags: flags, capacity: required)
            }
        }
    }

    /// Decodes any PNG into a premultiplied BGRA bitmap.
    ///
    /// Palette, gray, gray+alpha, 16-bit, `tRNS` transparency and interlaced images are
    /// expanded to 8-bit RGBA by libpng, then premultiplied (rounded, as
    /// `RGBA8.premultiplied` does). 16-bit images without colour-space information are
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
            image.format = Format.bgra
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

            var pixels = try [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                guard png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil) != 0 else {
                    throw PNGError(operation: .decode, message: failureMessage(of: &image))
                }
                count = width * height * 4
            }
            premultiplyInPlace(&pixels)
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
        static let rgb = UInt32(PNG_FORMAT_FLAG_COLOR)
        static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        static let bgra = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
    }

    /// `png_image_write_to_memory` found the buffer too small and says how much it needs.
    private enum BufferTooSmall: Error {
        case needs(Int)
    }

    /// Runs one `png_image_write_to_memory` into a buffer of `capacity` bytes.
    private static func writeToMemory(_ samples: UnsafeRawBufferPointer, width: Int, height: Int,
                                      format: UInt32, flags: UInt32, capacity: Int) throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        image.flags = flags

        var byteCount = capacity
        return try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let succeeded = png_image_write_to_memory(&image, buffer.baseAddress, &byteCount,
                                                      0, samples.baseAddress, 0, nil)
            guard succeeded != 0 else {
                // A changed byte count means only the buffer was too small.
                if byteCount > capacity { throw BufferTooSmall.needs(byteCount) }
                throw PNGError(operation: .encode, message: failureMessage(of: &image))
            }
            count = byteCount
        }
    }

    /// libpng's message from a failed simplified-API call.
    private static func failureMessage(of image: inout png_image) -> String {
        let message = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return message.isEmpty ? "libpng failed without a message (code \(image.warning_or_error))" : message
    }

    /// An upper bound on the encoded size: libpng's `PNG_IMAGE_PNG_SIZE_MAX` plus room
    /// for the sRGB chunk, so that one call to libpng is enough.
    private static func maximumEncodedSize(width: Int, height: Int, channels: Int) -> Int {
        let filtered = (width * channels + 1) * height
        let compressed = filtered + (filtered + 7) >> 3 + (filtered + 63) >> 6 + 11
        let idatChunks = 12 * (compressed / 8192 + 1)
        let otherChunks = 8 + 25 + 13 + 16 + 44 + 12
        return compressed + idatChunks + otherChunks
    }
}

// MARK: - Pixel conversion

extension PNGCodec {
    private static func isOpaque(_ bitmap: Bitmap) -> Bool {
        bitmap.pixels.withUnsafeBufferPointer { p in
            stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
        }
    }

    /// RGB triples of an opaque bitmap (premultiplied and straight are the same).
    private static func rgbSamples(of bitmap: Bitmap) -> [UInt8] {
        let pixelCount = bitmap.width * bitmap.height
        return bitmap.pixels.withUnsafeBufferPointer { bgra in
            [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { rgb, count in
                for i in 0..<pixelCount {
                    rgb[3 * i] = bgra[4 * i + 2]
                    rgb[3 * i + 1] = bgra[4 * i + 1]
                    rgb[3 * i + 2] = bgra[4 * i]
                }
                count = pixelCount * 3
            }
        }
    }

    /// Straight-alpha RGBA, un-premultiplied with `RGBA8(premultipliedR:g:b:a:)`'s rounding.
    private static func straightRGBASamples(of bitmap: Bitmap) -> [UInt8] {
        let byteCount = bitmap.pixels.count
        return bitmap.pixels.withUnsafeBufferPointer { bgra in
            [UInt8](unsafeUninitializedCapacity: byteCount) { rgba, count in
                for i in stride(from: 0, to: byteCount, by: 4) {
                    let a = Int(bgra[i + 3])
                    rgba[i + 3] = UInt8(a)
                    switch a {
                    case 255:
                        rgba[i] = bgra[i + 2]; rgba[i + 1] = bgra[i + 1]; rgba[i + 2] = bgra[i]
                    case 0:
                        rgba[i] = 0; rgba[i + 1] = 0; rgba[i + 2] = 0
                    default:
                        func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
                        rgba[i] = straight(bgra[i + 2])
                        rgba[i + 1] = straight(bgra[i + 1])
                        rgba[i + 2] = straight(bgra[i])
                    }
                }
                count = byteCount
            }
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
