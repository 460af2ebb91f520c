import Foundation
import XCTest
import FlipbookRender

/// `render --quality low|medium|high|production`: the scale that makes the canvas's shorter
/// side 480, 720, 1080 or 1440 pixels (low and medium never above the scene's own scale),
/// the fps capped at 15, 30, 60, 60, and the CRF 28, 23, 18, 15 (like Manim's -ql, -qm,
/// -qh, -qp); options given beside it win.
final class RenderQualityTests: CLITestCase {
    /// A 120×90 canvas drawn at `scale` pixels per point.
    private func scaledCanvas(_ scale: Double) throws -> String {
        try writeScene("scale-\(scale).yaml", """
            flipbook: 1
            canvas: {size: [120, 90], scale: \(scale), fps: 60, duration: 1}
            views: [{frame: [0, 0, 10, 10], backgroundColor: red}]
            """)
    }

    func testEachPresetSetsTheShorterSideInPixels() throws {
        let scene = try scaledCanvas(10)
        for (quality, size) in [("low", (640, 480)), ("medium", (960, 720)), ("high", (1440, 1080)), ("production", (1920, 1440))] {
            let file = work.appendingPathComponent("\(quality).png").path

            let result = try flipbook("render", scene, "--quality", quality, "--still", "0", "-o", file)

            XCTAssertEqual(result.status, 0, result.err)
            let bitmap = try PNGCodec.read(path: file)
            XCTAssertEqual([bitmap.width, bitmap.height], [size.0, size.1], quality)
        }
    }

    func testLowAndMediumNeverEnlargeACanvasSmallerThanTheirSizeAndHighDoes() throws {
        let scene = try scaledCanvas(2)
        for (quality, size) in [("low", (240, 180)), ("medium", (240, 180)), ("high", (1440, 1080))] {
            let file = work.appendingPathComponent("\(quality).png").path

            let result = try flipbook("render", scene, "--quality", quality, "--still", "0", "-o", file)

            XCTAssertEqual(result.status, 0, result.err)
            let bitmap = try PNGCodec.read(path: file)
            XCTAssertEqual([bitmap.width, bitmap.height], [size.0, size.1], quality)
        }
    }

    func testLowCapsTheFrameRateAndSetsTheCRFAndScaleGivenBesideItWins() throws {
        let scene = try scaledCanvas(10)
        let video = work.appendingPathComponent("low.mp4").path
        let folder = work.appendingPathComponent("frames").path

        let low = try flipbook("render", scene, "--quality", "low", "--format", "mp4", "-o", video)
        let scaled = try flipbook("render", scene, "--quality", "low", "--scale", "1", "-o", folder)

        XCTAssertEqual(low.status, 0, low.err)
        XCTAssertEqual(try probe(video, "stream=width,height,r_frame_rate"), "width=640\nheight=480\nr_frame_rate=15/1\n")
        // libx264 writes its settings into the stream.
        XCTAssertNotNil(try Data(contentsOf: URL(fileURLWithPath: video)).range(of: Data(" crf=28.0 ".utf8)))
        XCTAssertEqual(scaled.status, 0, scaled.err)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(frames.count, 16, "1 s at 15 fps")
        XCTAssertEqual(try PNGCodec.read(path: folder + "/frame_00000.png").width, 120)
    }

    func testAnUnknownPresetIsAUsageError() throws {
        let scene = try writeSlidingBox("slide.yaml", size: (120, 90), fps: 60, seconds: 1, box: 10, end: (30, 20))

        let result = try flipbook("render", scene, "--quality", "ultra")

        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.err.contains("'ultra'"), result.err)
    }
}
