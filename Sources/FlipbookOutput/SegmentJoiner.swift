import Foundation

/// Joins the video segments of one render (its shards, or `--frames` ranges) into one
/// video with ffmpeg's concat demuxer, copying the encoded frames: nothing is re-encoded.
///
/// Segments join cleanly when each starts with a keyframe and all share codec, encoder
/// set-up, size, pixel format and frame rate, which the segments of one `flipbook render`
/// made with the same options do; `join` checks this first. Each segment's timestamps
/// start at 0, and the concat demuxer shifts each by the duration of those before it; that
/// duration is given exactly (frames / fps, in microseconds), not read from the container,
/// which rounds it (MP4's header keeps milliseconds), so the joined frames keep the full
/// render's timing.
public enum SegmentJoiner {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `segments`, in the order given, one after another into `output` (its extension
    /// picks the container: mp4, webm or mov, like the segments').
    /// - Returns: what ffprobe reports about the joined video.
    /// - Throws: `Failure` when a segment is missing or unreadable, the segments do not
    ///   match, shard-named segments are out of order or incomplete, or ffmpeg fails;
    ///   `OutputPlace.Failure` when `output` is a folder or its folder cannot be made.
    @discardableResult
    public static func join(_ segments: [URL], into output: URL) throws -> VideoProbe {
        guard !segments.isEmpty else { throw Failure(description: "join needs at least one segment") }
        if segments.contains(where: { $0.standardizedFileURL == output.standardizedFileURL }) {
            throw Failure(description: "the output \(output.relativePath) is one of the segments; write the joined video elsewhere")
        }
        for segment in segments where !FileManager.default.fileExists(atPath: segment.path) {
            throw Failure(description: "no such segment: \(segment.relativePath)")
        }
        try OutputPlace.checkFile(output, writer: "a join")
        try checkShardOrder(segments)
        let probes = try segments.map { try VideoProbe(file: $0) }
        try checkJoinable(probes)

        let list = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-join-\(ProcessInfo.processInfo.processIdentifier)-\(output.lastPathComponent).txt")
        try concatList(probes).write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        try OutputPlace.makeFolder(output.deletingLastPathComponent())
        let isQuickTime = ["mp4", "mov", "m4v"].contains(output.pathExtension.lowercased())
        // Moved into place only once its frames are counted.
        let partial = PartialOutput(output)
        defer { partial.discard() }
        let ffmpeg = try ExternalTool("ffmpeg").run(
            ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list.path,
             "-map", "0:v:0", "-c", "copy"] + (isQuickTime ? ["-movflags", "+faststart"] : []) + [partial.url.path])
        guard ffmpeg.status == 0 else {
            throw Failure(description: "ffmpeg failed (exit \(ffmpeg.status)) joining into \(output.relativePath): \(ffmpeg.errorText)")
        }
        var joined = try VideoProbe(file: partial.url)
        let expected = probes.reduce(0) { $0 + $1.frameCount }
        guard joined.frameCount == expected else {
            throw Failure(description: "\(output.relativePath) would have \(joined.frameCount) frames, the segments \(expected)")
        }
        do {
            try partial.commit()
        } catch {
            throw Failure(description: "cannot move \(partial.url.relativePath) to \(output.relativePath): \(OutputPlace.reason(error))")
        }
        joined.file = output
        return joined
    }

    /// Fails unless every segment matches the first in what a copy cannot change.
    static func checkJoinable(_ probes: [VideoProbe]) throws {
        let first = probes[0]
        for probe in probes {
            guard probe.startsWithKeyframe else {
                throw Failure(description: "\(probe.file.relativePath) does not start with a keyframe, so it cannot be joined without re-encoding")
            }
            var differences: [String] = []
            func compare(_ what: String, _ value: String, _ expected: String) {
                if value != expected { differences.append("its \(what) is \(value), not \(expected)") }
            }
            compare("codec", probe.codecName, first.codecName)
            compare("size", "\(probe.width)×\(probe.height)", "\(first.width)×\(first.height)")
            compare("frame rate", "\(probe.frameRate) fps", "\(first.frameRate) fps")
            compare("pixel format", probe.pixelFormat, first.pixelFormat)
            if differences.isEmpty, probe.codecSetup != first.codecSetup {
                differences.append("it was encoded with other settings (its \(probe.codec) set-up data differs)")
            }
            guard differences.isEmpty else {
                throw Failure(description: "cannot join \(probe.file.relativePath) with \(first.file.relativePath): "
                              + differences.joined(separator: "; ")
                              + " (segments must come from one render, made with the same options)")
            }
        }
    }

    /// When every segment is named like a shard (`….shard-K-of-N.ext`), fails unless they are
    /// shards 0 to N-1 of one split, in order: a shell glob sorts shard-10 before shard-2.
    static func checkShardOrder(_ segments: [URL]) throws {
        let shards = segments.compactMap { segment -> (index: Int, count: Int)? in
            guard let match = segment.lastPathComponent.firstMatch(of: #/\.shard-(\d+)-of-(\d+)\.[^.]+$/#),
                  let index = Int(match.1), let count = Int(match.2) else { return nil }
            return (index, count)
        }
        guard shards.count == segments.count else { return }
        let count = shards[0].count
        if let other = shards.first(where: { $0.count != count }) {
            throw Failure(description: "the segments come from different splits: shards of \(count) and of \(other.count)")
        }
        let indices = shards.map(\.index)
        guard indices != Array(0..<count) else { return }
        let missing = Set(0..<count).subtracting(indices).sorted()
        if !missing.isEmpty {
            throw Failure(description: "shard\(missing.count == 1 ? "" : "s") "
                          + "\(missing.map(String.init).joined(separator: ", ")) of \(count) missing: render "
                          + missing.map { "--shard \($0)/\(count)" }.joined(separator: ", ")
                          + " again (with the other shards' options), then join all \(count), in order")
        }
        throw Failure(description: "the segments are not in shard order (\(indices.map(String.init).joined(separator: ", "))): "
                      + "list them from shard 0 to \(count - 1) (a shell glob sorts shard-10 before shard-2)")
    }

    /// The concat demuxer's script: each file with its exact duration.
    static func concatList(_ probes: [VideoProbe]) -> String {
        let rate = probes[0].frameRate
        /// The time of frame `frame`, in whole microseconds, rounded to nearest.
        func microseconds(atFrame frame: Int) -> Int {
            (frame * rate.denominator * 1_000_000 + rate.numerator / 2) / rate.numerator
        }
        var lines = ["ffconcat version 1.0"]
        var start = 0
        for probe in probes {
            let end = start + probe.frameCount
            // Durations are differences of rounded start times, so rounding never accumulates.
            let duration = microseconds(atFrame: end) - microseconds(atFrame: start)
            let quoted = probe.file.standardizedFileURL.path.replacingOccurrences(of: "'", with: #"'\''"#)
            lines += ["file '\(quoted)'", "duration \(duration / 1_000_000).\(String(format: "%06d", duration % 1_000_000))"]
            start = end
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension VideoProbe {
    /// `h264 (High)`.
    fileprivate var codecName: String { profile.map { "\(codec) (\($0))" } ?? codec }
}
