import Foundation
import XCTest

/// Reading videos back with ffprobe and ffmpeg, to check what `flipbook render` wrote.
extension CLITestCase {
    /// ffprobe's `-show_entries` values for `video` as KEY=VALUE lines.
    func probe(_ video: String, _ entries: String, counting: Bool = false) throws -> String {
        let result = try run("/usr/bin/env", ["ffprobe", "-v", "error"] + (counting ? ["-count_frames"] : [])
            + ["-show_entries", entries, "-of", "default=noprint_wrappers=1", video])
        XCTAssertEqual(result.status, 0, result.err)
        return result.out
    }

    /// Frame `index` of `video` as straight-alpha RGBA bytes, decoded by ffmpeg (with
    /// `decoder` when given: libvpx-vp9 is the decoder that reads VP9's alpha).
    func decodeFrame(_ video: String, index: Int, decoder: String? = nil) throws -> [UInt8] {
        let raw = work.appendingPathComponent("frame-\(index).rgba").path
        let result = try run("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + (decoder.map { ["-c:v", $0] } ?? [])
            + ["-i", video, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", raw])
        XCTAssertEqual(result.status, 0, result.err)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    }
}
