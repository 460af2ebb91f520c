@testable import FlipbookOutput
import FlipbookRender
import Foundation
import Testing

/// Held frames go to ffmpeg once (issue 8: unchanged frames reuse what was made before),
/// and the video is the one every frame would have made.
@Suite final class FFmpegSinkTests {
    private let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-sink-\(UUID())")

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Frame i of a 12-frame clip shows state `states[i]`; a repeated state is a held frame:
    /// one held frame, a long hold, and a hold to the end.
    private let states = [0, 1, 1, 2, 3, 3, 3, 3, 4, 5, 5, 5]

    /// 20×12 BGRA pixels, a different opaque colour for each state.
    private func pixels(state: Int) -> [UInt8] {
        let pixel: [UInt8] = [UInt8(40 * state), UInt8(255 - 30 * state), UInt8(17 * state), 255]
        return Array([[UInt8]](repeating: pixel, count: 20 * 12).joined())
    }

    /// Writes the clip to `name`, sending held frames with `writeRepeat` when `holding`.
    private func encode(_ format: FFmpegSink.Format, holding: Bool, name: String) throws -> URL {
        let file = directory.appendingPathComponent(name)
        let sink = try FFmpegSink(output: file, width: 20, height: 12, fps: 10, format: format)
        for (frame, state) in states.enumerated() {
            if holding, frame > 0, states[frame - 1] == state {
                try sink.writeRepeat(pixels(state: state), frame: frame)
            } else {
                try sink.write(pixels(state: state), frame: frame)
            }
        }
        try sink.finish()
        return file
    }

    @Test(arguments: FFmpegSink.Format.allCases)
    func heldFramesSentOnceMakeTheVideoOfEveryFrameSent(format: FFmpegSink.Format) throws {
        let everyFrame = try encode(format, holding: false, name: "every.\(format)")
        let held = try encode(format, holding: true, name: "held.\(format)")

        #expect(try VideoProbe(file: held).frameCount == states.count)
        #expect(try Data(contentsOf: held) == Data(contentsOf: everyFrame))
    }

    @Test func aVideoEndingOnHeldFramesLastsToItsLastFrame() throws {
        let file = directory.appendingPathComponent("still.mp4")
        let sink = try FFmpegSink(output: file, width: 20, height: 12, fps: 10, format: .mp4)

        try sink.write(pixels(state: 2), frame: 0)
        for frame in 1..<30 { try sink.writeRepeat(pixels(state: 2), frame: frame) }
        try sink.finish()

        let probe = try VideoProbe(file: file)
        #expect(probe.frameCount == 30)
        #expect(probe.frameRate.description == "10")
    }

    @Test func aRepeatWithNoFrameBeforeItIsSentAsTheFirstFrame() throws {
        let file = directory.appendingPathComponent("repeat-first.mp4")
        let sink = try FFmpegSink(output: file, width: 20, height: 12, fps: 10, format: .mp4)

        for frame in 0..<5 { try sink.writeRepeat(pixels(state: 1), frame: frame) }
        try sink.finish()

        #expect(try VideoProbe(file: file).frameCount == 5)
    }

    @Test func frameRatesBecomeTheFractionsFFmpegReads() {
        // ffmpeg reads `-framerate 29.97` as 2997/100 (av_d2q, denominators up to 1,001,000).
        #expect(NUTVideoStream.fraction(approximating: 60) == (60, 1))
        #expect(NUTVideoStream.fraction(approximating: 29.97) == (2997, 100))
        #expect(NUTVideoStream.fraction(approximating: 23.976) == (2997, 125))
        #expect(NUTVideoStream.fraction(approximating: 30000.0 / 1001) == (30000, 1001))
        #expect(NUTVideoStream.fraction(approximating: 0.001) == (1, 1000))
        #expect(NUTVideoStream.fraction(approximating: 1000) == (1000, 1))
    }

    @Test func checksumIsCRC32MostSignificantBitFirstFromZero() {
        // CRC-32/POSIX (cksum) without its final inversion: 0x765E7680 ^ 0xFFFFFFFF.
        #expect(NUTChecksum.of(Array("123456789".utf8)) == 0x89A1_897F)
        // ffmpeg checks a packet by running the checksum over body and stored checksum: 0.
        let body = Array("a NUT packet body".utf8)
        let stored = withUnsafeBytes(of: NUTChecksum.of(body).bigEndian) { Array($0) }
        #expect(NUTChecksum.of(body + stored) == 0)
    }
}
