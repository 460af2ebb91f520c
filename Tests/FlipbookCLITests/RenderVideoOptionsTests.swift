import Foundation
import XCTest

/// `render --preset/--crf`: passed to libx264, checked before anything is rendered, and
/// refused, like the other options of one format, for a format that does not use them.
final class RenderVideoOptionsTests: CLITestCase {
    func testPresetAndCRFReachTheEncoder() throws {
        let scene = try writeScene("red.yaml", """
            flipbook: 1
            canvas: {size: [32, 32], fps: 10, duration: 0.2}
            views: [{frame: [0, 0, 16, 16], backgroundColor: red}]
            """)
        let output = work.appendingPathComponent("out.mp4").path

        let result = try flipbook("render", scene, "--format", "mp4", "-o", output,
                                  "--preset", "ultrafast", "--crf", "30", "--progress", "none")
        let probe = try run("/usr/bin/env", ["ffprobe", "-v", "error", "-show_entries", "stream=codec_name,nb_frames",
                                             "-of", "default=nw=1", output])

        // x264 writes its settings into the stream: ultrafast turns CABAC off, CRF 30 shows as such.
        let settings = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(probe.out.contains("codec_name=h264"), probe.out)
        XCTAssertTrue(probe.out.contains("nb_frames=3"), probe.out)
        XCTAssertTrue(settings.contains("cabac=0"), "ultrafast reached x264")
        XCTAssertTrue(settings.contains("crf=30.0"), "the CRF reached x264")
    }

    func testAnUnknownPresetOrCRFIsRejected() throws {
        let scene = try writeScene("empty.yaml", "flipbook: 1\ncanvas: {size: [8, 8], duration: 0}\n")

        let preset = try flipbook("render", scene, "--format", "mp4", "--preset", "quick")
        let crf = try flipbook("render", scene, "--format", "mp4", "--crf", "60")

        XCTAssertNotEqual(preset.status, 0)
        XCTAssertTrue(preset.err.contains("--preset must be one of ultrafast"), preset.err)
        XCTAssertNotEqual(crf.status, 0)
        XCTAssertTrue(crf.err.contains("--crf must be 0…51"), crf.err)
    }

    func testAnOptionOfOneFormatIsRefusedForAnotherNamingItsFormat() throws {
        let scene = try writeScene("empty.yaml", "flipbook: 1\ncanvas: {size: [8, 8], duration: 0}\n")
        let mp4Only = "is for --format mp4 (libx264), not"
        let pngOnly = "--png-compression is for --format png (frames, or one with --still), not"
        // The options after `render SCENE`, and the error; VP9's crf and ProRes's profile are
        // fixed in ffmpeg's arguments, so webm and mov take neither.
        let cases = [
            ("--format gif --crf 20", "--crf \(mp4Only) gif"), ("--format png --preset slow", "--preset \(mp4Only) png"),
            ("--still 0 --crf 0", "--crf \(mp4Only) png"), ("--format webm --crf 0", "--crf \(mp4Only) webm"),
            ("--format mov --preset fast", "--preset \(mp4Only) mov"), ("--format none --crf 18", "--crf \(mp4Only) none"),
            ("--format mp4 --png-compression 9", "\(pngOnly) mp4"), ("--format gif --compression 0", "\(pngOnly) gif"),
            ("--format mp4 --every-nth-frame 2", "--every-nth-frame is for --format gif, not mp4"),
            // Out of range too: which format it is for comes first.
            ("--format mp4 --png-compression 10", "\(pngOnly) mp4"), ("--format gif --crf 99", "--crf \(mp4Only) gif"),
        ]

        let results = try cases.map { options, _ in
            try flipbook(inWork: ["render", scene, "--progress", "none"] + options.split(separator: " ").map(String.init))
        }

        for ((arguments, message), result) in zip(cases, results) {
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("error: \(message)\n"), "\(arguments): \(result.err)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "nothing rendered")
    }
}
