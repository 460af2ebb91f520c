import Foundation
import XCTest
import FlipbookRender

final class PNGCodecTests: XCTestCase {
    // MARK: Round trips

    func testOpaqueBitmapRoundTripsByteExact() throws {
        let bitmap = Self.bitmap(width: 64, height: 48) { x, y in
            RGBA8(UInt8(x * 4), UInt8(y * 5), UInt8((x * y) % 256), 255)
        }

        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))

        XCTAssertNil(Self.firstDifference(decoded, bitmap))
    }

    func testFramePixelsWithPaddedRowsEncodeAsTheirPackedBitmap() throws {
        // A surface's rows can be longer than their pixels (Cairo's stride): the padding is skipped.
        let bitmap = Self.bitmap(width: 5, height: 3) { x, y in RGBA8(UInt8(40 * x), UInt8(80 * y), 7, x == 2 ? 128 : 255) }
        let rowBytes = 5 * 4 + 12
        var padded = [UInt8](repeating: 0xAB, count: rowBytes * 3)
        for y in 0..<3 { padded.replaceSubrange((y * rowBytes)..<(y * rowBytes + 20), with: bitmap.pixels[(y * 20)..<(y * 20 + 20)]) }

        let encoded = try padded.withUnsafeBytes { bytes in
            try PNGCodec.encode(FramePixels(width: 5, height: 3, rowBytes: rowBytes, bytes: bytes))
        }
        let packed = padded.withUnsafeBytes { FramePixels(width: 5, height: 3, rowBytes: rowBytes, bytes: $0).bitmap() }

        XCTAssertEqual(encoded, try PNGCodec.encode(bitmap))
        XCTAssertEqual(packed, bitmap)
    }

    func testEveryValidPremultipliedPixelRoundTripsByteExact() throws {
        // Column x, row a: alpha a and premultiplied components that never exceed it.
        var pixels: [UInt8] = []
        for a in 0...255 {
            for x in 0...255 {
                let c = x * a / 255
                pixels += [UInt8(c), UInt8(a - c), UInt8((x * 7) % (a + 1)), UInt8(a)]
            }
        }
        let bitmap = Bitmap(width: 256, height: 256, pixels: pixels)

        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap))

        XCTAssertNil(Self.firstDifference(decoded, bitmap))
    }

    func testStraightColoursSurviveWithinOneWhenAlphaIsAtLeastHalf() throws {
        var worst = 0

        for a in stride(from: 128, through: 255, by: 9) {
            for c in stride(from: 0, through: 255, by: 17) {
                let colour = RGBA8(UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a))
                let decoded = try PNGCodec.decode(PNGCodec.encode(Bitmap(width: 1, height: 1, filledWith: colour)))
                worst = max(worst, decoded[0, 0].maxChannelDifference(to: colour))
            }
        }

        XCTAssertLessThanOrEqual(worst, 1)
    }

    // MARK: In bands, on threads

    func testBandedEncodingRoundTripsAndIsTheSameBytesOnAnyNumberOfThreads() throws {
        // 150 rows: two whole bands of 64 and a part; a translucent one and an opaque one.
        let translucent = Self.bitmap(width: 70, height: 150) { x, y in
            let a = UInt8((x * 3 + y) % 256)
            return RGBA8(UInt8(x * 3), UInt8(y), UInt8((x * y) % 256), a)
        }
        let opaque = Self.bitmap(width: 33, height: 150) { x, y in RGBA8(UInt8(x * 7), UInt8(y), 9, 255) }
        let oneRow = Self.bitmap(width: 5, height: 1) { x, _ in RGBA8(UInt8(x), 1, 2, 255) }

        for bitmap in [translucent, opaque, oneRow] {
            let one = try PNGCodec.encode(bitmap, compressionLevel: 6, jobs: 1)
            let three = try PNGCodec.encode(bitmap, compressionLevel: 6, jobs: 3)
            let many = try PNGCodec.encode(bitmap, compressionLevel: 6, jobs: 16)

            XCTAssertEqual(one, three)
            XCTAssertEqual(one, many)
            XCTAssertEqual(try PNGCodec.decode(one), try PNGCodec.decode(PNGCodec.encode(bitmap, compressionLevel: 6)),
                           "decodes to what the single stream decodes to")
        }
        XCTAssertNil(Self.firstDifference(try PNGCodec.decode(PNGCodec.encode(opaque, compressionLevel: 1, jobs: 2)), opaque))
        XCTAssertThrowsError(try PNGCodec.encode(opaque, compressionLevel: 10, jobs: 2))
    }

    func testEncodingTheSameBitmapTwiceGivesTheSameBytes() throws {
        let bitmap = Self.bitmap(width: 20, height: 10) { x, y in RGBA8(UInt8(x * 10), 0, UInt8(y * 20), UInt8(100 + x)) }

        let first = try PNGCodec.encode(bitmap)
        let second = try PNGCodec.encode(bitmap)

        XCTAssertEqual(first, second)
    }

    func testEncodedFileHoldsNoChunkThatCouldVaryBetweenRuns() throws {
        let bitmap = Bitmap(width: 300, height: 300, filledWith: RGBA8(1, 2, 3, 4))

        let png = try PNGCodec.encode(bitmap)

        XCTAssertEqual(Set(Self.chunkTypes(png)), ["IHDR", "sRGB", "IDAT", "IEND"])
    }

    // MARK: Format choice

    func testOpaqueBitmapIsWrittenAs8BitRGB() throws {
        let bitmap = Bitmap(width: 4, height: 4, filledWith: RGBA8(10, 20, 30))

        let png = try PNGCodec.encode(bitmap)

        XCTAssertEqual(Self.ihdr(png).bitDepth, 8)
        XCTAssertEqual(Self.ihdr(png).colourType, 2, "truecolour without alpha")
    }

    func testOneTranslucentPixelMakesTheFileRGBA() throws {
        var bitmap = Bitmap(width: 4, height: 4, filledWith: RGBA8(10, 20, 30))
        bitmap.pixels[4 * 5 + 3] = 254

        let png = try PNGCodec.encode(bitmap)

        XCTAssertEqual(Self.ihdr(png).bitDepth, 8)
        XCTAssertEqual(Self.ihdr(png).colourType, 6, "truecolour with alpha")
    }

    /// The level reaches zlib: 0 stores, 1 (the default) compresses, 9 compresses at least
    /// as well. (Rows are not filtered, so on smooth gradients 9 may gain nothing over 1.)
    func testTheCompressionLevelReachesZlib() throws {
        let gradient = Self.bitmap(width: 256, height: 256) { x, y in RGBA8(UInt8(x), UInt8(y), UInt8((x + y) / 2)) }

        let stored = try PNGCodec.encode(gradient, compressionLevel: 0)
        let fast = try PNGCodec.encode(gradient)
        let small = try PNGCodec.encode(gradient, compressionLevel: 9)

        XCTAssertLessThan(fast.count, stored.count)
        XCTAssertLessThanOrEqual(small.count, fast.count)
        XCTAssertEqual(try PNGCodec.decode(stored), gradient)
        XCTAssertEqual(try PNGCodec.decode(small), gradient)
    }

    func testCompressionLevelOutsideZeroToNineIsRejected() {
        let bitmap = Bitmap(width: 1, height: 1, filledWith: RGBA8(0, 0, 0))

        XCTAssertThrowsError(try PNGCodec.encode(bitmap, compressionLevel: 10)) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .encode)
            XCTAssertTrue("\(error)".contains("0…9"), "\(error)")
        }
    }

    func testEmptyBitmapIsRejected() {
        let empty = Bitmap(width: 0, height: 3, pixels: [])

        XCTAssertThrowsError(try PNGCodec.encode(empty)) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .encode)
        }
    }

    // MARK: Decoding other PNG kinds

    func testGrayscalePNGDecodesToOpaqueGray() throws {
        let png = TestPNG(width: 3, height: 1, bitDepth: 8, colourType: 0).encoded(rows: [[0, 128, 255]])

        let bitmap = try PNGCodec.decode(png)

        XCTAssertEqual((0..<3).map { bitmap[$0, 0] },
                       [RGBA8(0, 0, 0), RGBA8(128, 128, 128), RGBA8(255, 255, 255)])
    }

    func testEveryRGBPixelOfASmallImageLandsInItsOwnOpaqueBGRAPixel() throws {
        // An 8-bit RGB file is spread to BGRA after libpng has read it as stored, from the
        // last pixel back and four bytes at a time: every size from one pixel up, so that
        // the last pixel (read past its three bytes) and a shifted read would both show.
        for width in 1...5 {
            let samples = (0..<(width * 3)).map { UInt8(17 + 40 * $0 % 239) }
            let png = TestPNG(width: width, height: 2, bitDepth: 8, colourType: 2)
                .encoded(rows: [samples, samples.reversed()])

            let bitmap = try PNGCodec.decode(png)

            for (y, row) in [samples, samples.reversed()].enumerated() {
                let expected = (0..<width).map { RGBA8(row[$0 * 3], row[$0 * 3 + 1], row[$0 * 3 + 2], 255) }
                XCTAssertEqual((0..<width).map { bitmap[$0, y] }, expected, "width \(width), row \(y)")
            }
        }
    }

    func testAGrayPNGWithATransparentShadeKeepsItsAlpha() throws {
        // tRNS makes an 8-bit gray image one with alpha: it must not be read as opaque RGB.
        var png = TestPNG(width: 2, height: 1, bitDepth: 8, colourType: 0)
        png.transparency = [0, 128]

        let bitmap = try PNGCodec.decode(png.encoded(rows: [[128, 255]]))

        XCTAssertEqual(bitmap[0, 0].a, 0, "the gray the tRNS chunk names is transparent")
        XCTAssertEqual(bitmap[1, 0], RGBA8(255, 255, 255, 255))
    }

    func testAPaletteWithoutTransparencyDecodesToOpaqueColours() throws {
        var png = TestPNG(width: 3, height: 1, bitDepth: 8, colourType: 3)
        png.palette = [255, 0, 0, 10, 20, 30, 200, 100, 50]

        let bitmap = try PNGCodec.decode(png.encoded(rows: [[2, 1, 0]]))

        XCTAssertEqual((0..<3).map { bitmap[$0, 0] },
                       [RGBA8(200, 100, 50, 255), RGBA8(10, 20, 30, 255), RGBA8(255, 0, 0, 255)])
    }

    func testSixteenBitRGBIsReducedTo8Bits() throws {
        // Sixteen bits a sample keep libpng's own reduction to 8-bit BGRA.
        let png = TestPNG(width: 1, height: 1, bitDepth: 16, colourType: 2)
            .encoded(rows: [[0xFF, 0xFF, 0x00, 0x00, 0x80, 0x80]])

        let bitmap = try PNGCodec.decode(png)

        XCTAssertEqual(bitmap[0, 0].a, 255)
        XCTAssertEqual(bitmap[0, 0].r, 255)
        XCTAssertEqual(bitmap[0, 0].g, 0)
        XCTAssertLessThanOrEqual(bitmap[0, 0].maxChannelDifference(to: RGBA8(255, 0, 128, 255)), 1)
    }

    func testPalettePNGWithTransparencyDecodesToPremultipliedColours() throws {
        var png = TestPNG(width: 3, height: 1, bitDepth: 8, colourType: 3)
        png.palette = [255, 0, 0, 0, 0, 255, 200, 100, 50]
        png.transparency = [255, 0, 128]

        let bitmap = try PNGCodec.decode(png.encoded(rows: [[0, 1, 2]]))

        XCTAssertEqual(bitmap[0, 0], RGBA8(255, 0, 0, 255))
        XCTAssertEqual(bitmap[1, 0].a, 0)
        XCTAssertLessThanOrEqual(bitmap[2, 0].maxChannelDifference(to: RGBA8(200, 100, 50, 128)), 1)
        XCTAssertEqual(Array(bitmap.pixels[8..<12]), [25, 50, 100, 128], "B, G, R premultiplied by 128/255")
    }

    func testSixteenBitGrayAlphaPNGIsReducedTo8Bits() throws {
        let png = TestPNG(width: 2, height: 1, bitDepth: 16, colourType: 4)
            .encoded(rows: [[0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0x80, 0x80, 0x80]])

        let bitmap = try PNGCodec.decode(png)

        XCTAssertEqual(bitmap[0, 0], RGBA8(255, 255, 255, 255))
        XCTAssertEqual(bitmap[1, 0].a, 128)
        XCTAssertLessThanOrEqual(bitmap[1, 0].maxChannelDifference(to: RGBA8(128, 128, 128, 128)), 1)
    }

    func testGarbageBytesAreRejectedWithLibpngsMessage() {
        let garbage = Array("this is certainly not a PNG file".utf8)

        XCTAssertThrowsError(try PNGCodec.decode(garbage)) { error in
            let pngError = error as? PNGError
            XCTAssertEqual(pngError?.operation, .decode)
            XCTAssertFalse(pngError?.message.isEmpty ?? true)
            XCTAssertTrue("\(error)".hasPrefix("error: cannot decode PNG: "), "\(error)")
        }
    }

    func testTruncatedPNGIsRejected() throws {
        let png = try PNGCodec.encode(Self.bitmap(width: 32, height: 32) { x, y in RGBA8(UInt8(x), UInt8(y), 7) })

        XCTAssertThrowsError(try PNGCodec.decode(Array(png.prefix(png.count / 2)))) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .decode)
        }
    }

    // MARK: Files

    func testWrittenFileIsARealPNGThatFFmpegDecodesToTheSameColours() throws {
        let ffmpeg = try XCTUnwrap(Self.executable("ffmpeg"), "ffmpeg is needed to check PNG files independently")
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("frame.png").path
        let colours = [RGBA8(255, 0, 0), RGBA8(0, 255, 0, 200), RGBA8(0, 0, 255, 128),
                       RGBA8(10, 20, 30, 255), RGBA8(0, 0, 0, 0), RGBA8(255, 255, 255, 255)]
        let bitmap = Self.bitmap(width: 3, height: 2) { x, y in colours[y * 3 + x] }

        try PNGCodec.write(bitmap, to: path)
        let rgba = try Self.run(ffmpeg, ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])

        let decoded = stride(from: 0, to: rgba.count, by: 4).map { RGBA8(rgba[$0], rgba[$0 + 1], rgba[$0 + 2], rgba[$0 + 3]) }
        XCTAssertEqual(decoded.count, 6)
        for (got, want) in zip(decoded, colours) {
            XCTAssertLessThanOrEqual(got.maxChannelDifference(to: want), 1, "\(got) vs \(want)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["frame.png"],
                       "no temporary file is left behind")
    }

    func testWriteReplacesAnExistingFileAndReadReturnsTheNewPixels() throws {
        let path = try temporaryDirectory().appendingPathComponent("frame.png").path
        try PNGCodec.write(Bitmap(width: 2, height: 2, filledWith: RGBA8(1, 2, 3)), to: path)
        let replacement = Bitmap(width: 3, height: 1, filledWith: RGBA8(40, 50, 60, 70))

        try PNGCodec.write(replacement, to: path)

        XCTAssertEqual(try PNGCodec.read(path: path), replacement)
    }

    func testReadingAMissingFileNamesThePath() throws {
        let path = try temporaryDirectory().appendingPathComponent("absent.png").path

        XCTAssertThrowsError(try PNGCodec.read(path: path)) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .read)
            XCTAssertEqual((error as? PNGError)?.path, path)
            XCTAssertTrue("\(error)".hasPrefix("\(path): error: cannot read PNG file"), "\(error)")
        }
    }

    func testReadingAFileThatIsNotAPNGNamesThePath() throws {
        let url = try temporaryDirectory().appendingPathComponent("notes.png")
        try Data("plain text".utf8).write(to: url)

        XCTAssertThrowsError(try PNGCodec.read(path: url.path)) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .decode)
            XCTAssertEqual((error as? PNGError)?.path, url.path)
        }
    }

    func testWritingIntoAMissingDirectoryFailsNamingThePath() throws {
        let path = try temporaryDirectory().appendingPathComponent("no/such/dir/frame.png").path

        XCTAssertThrowsError(try PNGCodec.write(Bitmap(width: 1, height: 1, filledWith: RGBA8(0, 0, 0)), to: path)) { error in
            XCTAssertEqual((error as? PNGError)?.operation, .write)
            XCTAssertEqual((error as? PNGError)?.path, path)
        }
    }
}

// MARK: - Helpers

extension PNGCodecTests {
    static func bitmap(width: Int, height: Int, colour: (Int, Int) -> RGBA8) -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = colour(x, y).premultiplied
                pixels += [p.b, p.g, p.r, p.a]
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Where two bitmaps first differ, described; `nil` when they are equal.
    static func firstDifference(_ actual: Bitmap, _ expected: Bitmap) -> String? {
        guard actual.width == expected.width, actual.height == expected.height else {
            return "size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)"
        }
        guard let i = zip(actual.pixels, expected.pixels).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
        else { return nil }
        let pixel = i / 4
        let (x, y) = (pixel % actual.width, pixel / actual.width)
        let bytes = { (b: Bitmap) in Array(b.pixels[(pixel * 4)..<(pixel * 4 + 4)]) }
        return "pixel (\(x), \(y)): BGRA \(bytes(actual)), expected \(bytes(expected))"
    }

    /// The type of every chunk, in order.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    /// Bit depth and colour type from the IHDR chunk, which always comes first.
    static func ihdr(_ png: [UInt8]) -> (bitDepth: UInt8, colourType: UInt8) {
        (png[24], png[25])
    }

    /// A fresh directory, removed when the test ends.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("PNGCodecTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    static func executable(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct ToolFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a tool and returns its standard output; throws on a non-zero exit.
    static func run(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "\(executable) failed with status \(process.terminationStatus): \(message)")
        }
        return [UInt8](data)
    }
}

/// A PNG built byte by byte, so that decoding can be tested on kinds `PNGCodec` never
/// writes (gray, palette, 16-bit). IDAT uses stored (uncompressed) deflate blocks.
fileprivate struct TestPNG {
    var width: Int
    var height: Int
    var bitDepth: UInt8
    var colourType: UInt8
    var palette: [UInt8]?
    var transparency: [UInt8]?

    init(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colourType = colourType
    }

    /// The file for these unfiltered rows of samples.
    func encoded(rows: [[UInt8]]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Self.chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
                              + [bitDepth, colourType, 0, 0, 0])
        if let palette { png += Self.chunk("PLTE", palette) }
        if let transparency { png += Self.chunk("tRNS", transparency) }
        png += Self.chunk("IDAT", Self.zlibStored(rows.flatMap { [0] + $0 }))
        png += Self.chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count <= 0xFFFF, "one stored block is enough for test images")
        let length = UInt16(data.count)
        var stream: [UInt8] = [0x78, 0x01, 0x01]
        stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        stream += data
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return stream + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
