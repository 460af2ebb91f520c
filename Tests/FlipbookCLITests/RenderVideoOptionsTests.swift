import Foundation
import XCTest

/// `render --preset/--crf`: passed to libx264, checked before anything is rendered.
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
}
