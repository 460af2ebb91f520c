import Foundation

/// What ffprobe reports about the first video stream of a file: what the segments of one
/// render share, and must share to be joined without re-encoding.
public struct VideoProbe: Sendable, Equatable {
    /// A frame rate as ffmpeg keeps it: a fraction, 30/1 or 30000/1001.
    public struct FrameRate: Sendable, Equatable, CustomStringConvertible {
        public let numerator: Int
        public let denominator: Int

        /// `30` or `30000/1001`.
        public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public internal(set) var file: URL
    /// ffmpeg's codec name: `h264`, `vp9`, `prores`.
    public let codec: String
    /// The codec's profile (`High`, `4444`), when it has one.
    public let profile: String?
    public let width: Int
    public let height: Int
    /// ffmpeg's pixel format: `yuv420p`, `yuva444p12le`.
    public let pixelFormat: String
    public let frameRate: FrameRate
    /// The number of frames (packets) in the stream, counted by reading the file.
    public let frameCount: Int
    /// The codec's set-up data, as ffprobe dumps it (H.264's SPS and PPS; empty for VP9 and
    /// ProRes). A joined file keeps only the first segment's, so every segment needs the same.
    public let codecSetup: String
    /// Whether the first frame can be decoded on its own: a segment must start with one.
    public let startsWithKeyframe: Bool

    /// Runs ffprobe on `file`.
    /// - Throws: `Failure` when ffprobe is missing, cannot read the file, or finds no video stream.
    public init(file: URL) throws {
        let ffprobe = try ExternalTool("ffprobe")
        let stream = try ffprobe.run(["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_data",
                                      "-show_entries",
                                      "stream=codec_name,profile,width,height,pix_fmt,r_frame_rate,nb_read_packets,extradata",
                                      "-of", "json", file.path])
        guard stream.status == 0 else {
            throw Failure(description: "ffprobe cannot read \(file.relativePath): \(stream.errorText)")
        }
        guard let info = try? JSONDecoder().decode(Report.self, from: stream.standardOutput).streams.first else {
            throw Failure(description: "\(file.relativePath) has no video stream")
        }
        let rate = info.r_frame_rate.split(separator: "/").compactMap { Int($0) }
        guard rate.count == 2, rate[0] > 0, rate[1] > 0, let frameCount = Int(info.nb_read_packets) else {
            throw Failure(description: "\(file.relativePath): ffprobe reports no frame rate or frame count for its video")
        }
        let first = try ffprobe.run(["-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1",
                                     "-show_entries", "packet=flags", "-of", "csv=p=0", file.path])
        guard first.status == 0 else {
            throw Failure(description: "ffprobe cannot read the first frame of \(file.relativePath): \(first.errorText)")
        }
        self.file = file
        codec = info.codec_name
        profile = info.profile
        width = info.width
        height = info.height
        pixelFormat = info.pix_fmt
        frameRate = FrameRate(numerator: rate[0], denominator: rate[1])
        self.frameCount = frameCount
        codecSetup = info.extradata?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        startsWithKeyframe = String(decoding: first.standardOutput, as: UTF8.self).hasPrefix("K")
    }

    /// ffprobe's JSON, the fields asked for.
    private struct Report: Decodable {
        struct Stream: Decodable {
            let codec_name: String
            let profile: String?
            let width: Int
            let height: Int
            let pix_fmt: String
            let r_frame_rate: String
            let nb_read_packets: String
            let extradata: String?
        }

        let streams: [Stream]
    }
}
