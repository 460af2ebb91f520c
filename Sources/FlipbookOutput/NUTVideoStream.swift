/// Raw BGRA video with a timestamp on every frame, in NUT, ffmpeg's own container.
///
/// Raw frames piped to ffmpeg as `-f rawvideo` carry no timestamps: every frame has to be
/// sent, 8.3 MB a frame at 1080p, even when it repeats the one before. In NUT each frame
/// says which frame of the video it is, so a held frame is sent once, and ffmpeg's `fps`
/// filter fills in the frames between.
///
/// Only what ffmpeg's demuxer needs is written: version 3, one video stream, one frame
/// code (a key frame whose timestamp and size follow it), and a syncpoint before every
/// frame, since a 1080p frame is far longer than the 32 KB NUT allows between
/// syncpoints. Written by hand because no Swift package writes NUT and ffmpeg is used
/// only as a command; the format is FFmpeg's `libavformat/nut*.c` and its NUT spec.
struct NUTVideoStream {
    /// The bytes that start the stream: the file id, the main header and the stream header.
    let header: [UInt8]

    /// A stream of `width`×`height` BGRA frames at `fps` frames per second.
    init(width: Int, height: Int, fps: Double) {
        let frameRate = Self.fraction(approximating: fps)
        var main: [UInt8] = []
        main.appendNUT(3)                        // version
        main.appendNUT(1)                        // streams
        main.appendNUT(32_767)                   // max_distance between syncpoints
        main.appendNUT(1)                        // time bases: one, 1/fps
        main.appendNUT(UInt64(frameRate.denominator))
        main.appendNUT(UInt64(frameRate.numerator))
        // Frame codes 0…255 (but 'N'): flags, 6 fields, pts delta 0, size multiplier 1,
        // stream 0, size 0 (+ code), no reserved fields, 255 codes. Only code 0 is used.
        for field: UInt64 in [Self.frameFlags, 6, 0, 1, 0, 0, 0, 255] { main.appendNUT(field) }
        main.appendNUT(0)                        // no elision headers beyond the empty one

        var stream: [UInt8] = []
        stream.appendNUT(0)                      // stream id
        stream.appendNUT(0)                      // class: video
        stream.appendNUT(4)
        stream += Array("BGRA".utf8)             // fourcc: ffmpeg's bgra
        for field: UInt64 in [0, 0, 0, 0, 0, 0] { stream.appendNUT(field) }
        // time base 0, pts shift 0 (timestamps in full), max pts distance, decode delay,
        // stream flags, no extradata.
        stream.appendNUT(UInt64(width))
        stream.appendNUT(UInt64(height))
        for field: UInt64 in [0, 0, 0] { stream.appendNUT(field) }  // aspect unknown, colour space
        header = Array("nut/multimedia container\0".utf8)
            + Self.packet(Self.mainStartCode, main) + Self.packet(Self.streamStartCode, stream)
    }

    /// What goes before a frame's `size` pixel bytes to make it frame `index` of the
    /// video: a syncpoint and the frame header.
    func frameHeader(index: Int, size: Int) -> [UInt8] {
        var syncpoint: [UInt8] = []
        syncpoint.appendNUT(UInt64(index))       // the key frame's timestamp
        syncpoint.appendNUT(0)                   // back pointer: this syncpoint
        var frame: [UInt8] = [0]                 // frame code 0
        frame.appendNUT(UInt64(index) + 1)       // timestamp + 2^pts shift, in full
        frame.appendNUT(UInt64(size))
        frame.appendBigEndian(NUTChecksum.of(frame))
        return Self.packet(Self.syncpointStartCode, syncpoint) + frame
    }

    private static let mainStartCode: UInt64 = 0x4E4D_7A56_1F5F_04AD
    private static let streamStartCode: UInt64 = 0x4E53_1140_5BF2_F9DB
    private static let syncpointStartCode: UInt64 = 0x4E4B_E4AD_EECA_4569
    /// Key frame, coded timestamp, coded size, header checksum (FLAG_KEY | FLAG_CODED_PTS
    /// | FLAG_SIZE_MSB | FLAG_CHECKSUM).
    private static let frameFlags: UInt64 = 1 | 8 | 32 | 64

    /// A header packet: start code, forward pointer, body and the body's checksum.
    private static func packet(_ startCode: UInt64, _ body: [UInt8]) -> [UInt8] {
        var head: [UInt8] = []
        head.appendBigEndian(startCode)
        head.appendNUT(UInt64(body.count + 4))
        if body.count + 4 > 4096 { head.appendBigEndian(NUTChecksum.of(head)) }
        var packet = head + body
        packet.appendBigEndian(NUTChecksum.of(body))
        return packet
    }

    /// The fraction nearest `value` with a denominator up to 1,001,000, by continued
    /// fractions, as ffmpeg reads a frame rate (`av_d2q`): 29.97 is 2997/100.
    static func fraction(approximating value: Double) -> (numerator: Int, denominator: Int) {
        let limit = 1_001_000
        var (previous, current) = ((numerator: 0, denominator: 1), (numerator: 1, denominator: 0))
        var rest = value
        while true {
            let whole = rest.rounded(.down)
            let next = (numerator: Int(whole) * current.numerator + previous.numerator,
                        denominator: Int(whole) * current.denominator + previous.denominator)
            guard next.denominator <= limit, next.numerator <= Int(Int32.max) else { break }
            (previous, current) = (current, next)
            let fractional = rest - whole
            guard fractional > 1e-9 * value else { break }
            rest = 1 / fractional
        }
        return current.denominator == 0 ? (Int(value.rounded()), 1) : current
    }
}

/// NUT's checksum: CRC-32 with the polynomial 0x04C11DB7, most significant bit first,
/// starting from 0 (not zlib's reflected CRC-32).
enum NUTChecksum {
    private static let table: [UInt32] = (0..<256).map { byte in
        (0..<8).reduce(UInt32(byte) << 24) { crc, _ in
            crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
        }
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        bytes.reduce(0) { crc, byte in crc << 8 ^ table[Int(UInt8(crc >> 24) ^ byte)] }
    }
}

private extension [UInt8] {
    /// NUT's variable-length number: 7 bits a byte, most significant first, the high
    /// bit set on every byte but the last.
    mutating func appendNUT(_ value: UInt64) {
        var groups = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        append(contentsOf: groups.reversed())
    }

    mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
