/// The pieces of a PNG file the encoder writes around its compressed data.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A whole chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBytes { DeflateStream.crc32($0) }
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc)
    }

    /// The signature, IHDR (8-bit RGB, or RGBA unless `opaque`) and sRGB: what precedes IDAT.
    static func header(width: Int, height: Int, opaque: Bool) -> [UInt8] {
        signature
            + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, opaque ? 2 : 6, 0, 0, 0])
            + chunk("sRGB", [0])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
