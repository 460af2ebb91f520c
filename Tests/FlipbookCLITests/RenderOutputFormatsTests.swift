import FlipbookRender
import Foundation
import XCTest

/// `render --format gif|webm|mov`, `--every-nth-frame`, `--still` and `--png-compression`.
final class RenderOutputFormatsTests: CLITestCase {
    /// A 12-pixel red box sliding right at 48 px/s over a white 60×12 canvas at 30 fps for 1 s.
    private func slidingBox() throws -> String {
        try writeSlidingBox("slide.yaml", size: (60, 12), fps: 30, seconds: 1, box: 12, end: (54, 6))
    }

    /// A 32×16 canvas with a clear background, its left half an opaque red box.
    private func halfClear(background: String = "clear") throws -> String {
        try writeScene("half-\(background).yaml", """
            flipbook: 1
            canvas: {size: [32, 16], fps: 10, duration: 0.2, background: \(background)}
            views: [{frame: [0, 0, 16, 16], backgroundColor: red}]
            """)
    }

    /// The largest per-channel difference between RGBA bytes and a bitmap's straight colours.
    private func largestDifference(_ rgba: [UInt8], _ bitmap: Bitmap) -> Int {
        var largest = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let i = (y * bitmap.width + x) * 4
                largest = max(largest, RGBA8(rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]).maxChannelDifference(to: bitmap[x, y]))
            }
        }
        return largest
    }

    /// The alpha of pixel (x, y) in RGBA bytes of a frame `width` pixels wide.
    private func alpha(_ rgba: [UInt8], x: Int, y: Int, width: Int) -> UInt8 { rgba[(y * width + x) * 4 + 3] }

    func testAGIFPlaysAtTheLargestRateThatDivides100WithFramesAtThoseTimes() throws {
        let scene = try slidingBox()
        let gif = work.appendingPathComponent("slide.gif").path, still = work.appendingPathComponent("t0.4.png").path

        let result = try flipbook("render", scene, "--format", "gif", "-o", gif, "--progress", "none")
        // Frame 12 of the scene's own 30 fps is t = 0.4 s, which is frame 10 of the 25 fps GIF.
        let png = try flipbook("render", scene, "--still", "12", "-o", still, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(png.status, 0, png.err)
        XCTAssertEqual(try probe(gif, "stream=codec_name,nb_read_frames,time_base", counting: true),
                       "codec_name=gif\ntime_base=1/100\nnb_read_frames=26\n")
        XCTAssertEqual(Set(try probe(gif, "packet=duration").split(separator: "\n")), ["duration=4"], "every delay is 4/100 s")
        let decoded = try decodeFrame(gif, index: 10)
        XCTAssertLessThanOrEqual(largestDifference(decoded, try PNGCodec.read(path: still)), 48, "GIF frame 10 shows t = 0.4 s")
    }

    func testEveryNthFrameKeepsFramesOfTheScenesOwnRate() throws {
        let scene = try slidingBox()
        let gif = work.appendingPathComponent("slide.gif").path, still = work.appendingPathComponent("t0.5.png").path

        let result = try flipbook("render", scene, "--format", "gif", "--every-nth-frame", "3", "-o", gif, "--progress", "none")
        let png = try flipbook("render", scene, "--still", "15", "-o", still, "--progress", "none")
        let uneven = try flipbook("render", scene, "--format", "gif", "--every-nth-frame", "2", "-o", gif)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(png.status, 0, png.err)
        XCTAssertTrue(try probe(gif, "stream=nb_read_frames", counting: true).contains("nb_read_frames=11"))
        XCTAssertEqual(Set(try probe(gif, "packet=duration").split(separator: "\n")), ["duration=10"], "10 fps")
        XCTAssertLessThanOrEqual(largestDifference(try decodeFrame(gif, index: 5), try PNGCodec.read(path: still)), 48,
                                 "GIF frame 5 is scene frame 15")
        XCTAssertEqual(uneven.status, 1)
        XCTAssertTrue(uneven.err.hasPrefix("flipbook: error: --every-nth-frame 2 gives 15 fps from the scene's 30 fps"), uneven.err)
    }

    func testFramesPastTheEndNameTheLastFrameAndAGIFSaysItCountsItsOwnFrames() throws {
        let scene = try slidingBox()  // 31 frames at 30 fps; as a GIF, 26 at 25 fps
        let last = "flipbook: error: frame 30 is past the last frame, 25, "

        let open = try flipbook(inWork: "render", scene, "--frames", "40-", "--progress", "none")
        let gif = try flipbook(inWork: "render", scene, "--format", "gif", "--frames", "30", "--progress", "none")
        let gifRange = try flipbook(inWork: "render", scene, "--format", "gif", "--frames", "0,28-29", "--progress", "none")
        let everyThird = try flipbook(inWork: "render", scene, "--format", "gif", "--every-nth-frame", "3", "--frames", "33")

        XCTAssertEqual(open.err, "flipbook: error: frame 40 is past the last frame, 30\n")
        XCTAssertEqual(gif.err, last + "counting the GIF's frames at 25 fps (the scene's 30 fps lowered to a rate that "
                       + "divides 100): frame N of the scene is GIF frame N × 25 / 30, so scene frame 30 is GIF frame 25\n")
        XCTAssertTrue(gifRange.err.hasPrefix("flipbook: error: frames 28-29 run past the last frame, 25, counting the GIF's frames"),
                      gifRange.err)
        XCTAssertTrue(gifRange.err.hasSuffix("so scene frame 29 is GIF frame 24 (the nearest)\n"), gifRange.err)
        XCTAssertEqual(everyThird.err, "flipbook: error: frame 33 is past the last frame, 30\n", "the scene's own frames")
        XCTAssertEqual([open.status, gif.status, gifRange.status, everyThird.status], [1, 1, 1, 1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "nothing rendered")
    }

    func testWebMIsVP9KeepingAlphaForAClearBackground() throws {
        let clear = work.appendingPathComponent("clear.webm").path, opaque = work.appendingPathComponent("opaque.webm").path

        let result = try flipbook("render", try halfClear(), "--format", "webm", "-o", clear, "--progress", "none")
        let white = try flipbook("render", try halfClear(background: "white"), "--format", "webm", "-o", opaque, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(white.status, 0, white.err)
        let stream = try probe(clear, "stream=codec_name,pix_fmt:stream_tags=alpha_mode", counting: false)
        XCTAssertTrue(stream.contains("codec_name=vp9"), stream)
        XCTAssertTrue(stream.contains("TAG:alpha_mode=1"), "VP9 carries alpha as a side stream: \(stream)")
        let frame = try decodeFrame(clear, index: 1, decoder: "libvpx-vp9")
        XCTAssertGreaterThanOrEqual(alpha(frame, x: 4, y: 8, width: 32), 250, "the box is opaque")
        XCTAssertGreaterThan(frame[(8 * 32 + 4) * 4], 150, "and red")
        XCTAssertLessThanOrEqual(alpha(frame, x: 28, y: 8, width: 32), 5, "the background is transparent")
        XCTAssertFalse(try probe(opaque, "stream_tags=alpha_mode").contains("alpha_mode"), "an opaque scene has no alpha")
        XCTAssertEqual(alpha(try decodeFrame(opaque, index: 1, decoder: "libvpx-vp9"), x: 28, y: 8, width: 32), 255)
    }

    func testMOVIsProRes4444KeepingAlphaForAClearBackground() throws {
        let mov = work.appendingPathComponent("clear.mov").path

        let result = try flipbook("render", try halfClear(), "--format", "mov", "-o", mov, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        let stream = try probe(mov, "stream=codec_name,profile,pix_fmt,nb_read_frames", counting: true)
        XCTAssertTrue(stream.contains("codec_name=prores\nprofile=4444\n"), stream)
        XCTAssertTrue(stream.contains("pix_fmt=yuva444p"), "4:4:4 with alpha: \(stream)")
        XCTAssertTrue(stream.contains("nb_read_frames=3"), stream)
        let frame = try decodeFrame(mov, index: 1)
        XCTAssertGreaterThanOrEqual(alpha(frame, x: 4, y: 8, width: 32), 250)
        XCTAssertLessThanOrEqual(alpha(frame, x: 28, y: 8, width: 32), 5)
    }

    func testAnMP4OfAClearBackgroundWarnsThatItLosesAlpha() throws {
        let clear = try flipbook("render", try halfClear(), "--format", "mp4", "-o", work.appendingPathComponent("c.mp4").path,
                                 "--progress", "none")
        let opaque = try flipbook("render", try halfClear(background: "white"), "--format", "mp4",
                                  "-o", work.appendingPathComponent("o.mp4").path, "--progress", "none")

        XCTAssertEqual(clear.status, 0)
        XCTAssertTrue(clear.err.contains("flipbook: warning: an mp4 (H.264, yuv420p) has no alpha"), clear.err)
        XCTAssertEqual(opaque.err, "")
    }

    func testAGIFOfAClearBackgroundWarnsOnceThatItLosesPartialTransparency() throws {
        let translucent = try writeScene("translucent.yaml", """
            flipbook: 1
            canvas: {size: [32, 16], fps: 10, duration: 0.2, background: clear}
            views: [{frame: [0, 0, 16, 16], backgroundColor: red, alpha: 0.6}, {frame: [16, 0, 16, 16], backgroundColor: red, alpha: 0.3}]
            """)
        let gif = work.appendingPathComponent("t.gif").path

        let clear = try flipbook("render", translucent, "--format", "gif", "-o", gif, "--progress", "none")
        let opaque = try flipbook("render", try halfClear(background: "white"), "--format", "gif",
                                  "-o", work.appendingPathComponent("o.gif").path, "--progress", "none")

        XCTAssertEqual(clear.status, 0, clear.err)
        let warning = "flipbook: warning: a gif has 1-bit transparency: each pixel is opaque or clear, so partial transparency"
        XCTAssertEqual(clear.err.components(separatedBy: warning).count, 2, "once: \(clear.err)")
        XCTAssertTrue(clear.err.contains("translucent views come out solid or vanish"), clear.err)
        let frame = try decodeFrame(gif, index: 1)
        XCTAssertEqual(alpha(frame, x: 4, y: 8, width: 32), 255, "what the warning says: alpha 0.6 comes out solid")
        XCTAssertEqual(alpha(frame, x: 20, y: 8, width: 32), 0, "and 0.3 vanishes")
        XCTAssertEqual(opaque.err, "")
    }

    func testAnMP4OfAnOddSizedCanvasGrowsByACopyOfItsEdgeTheSameWithAnyJobs() throws {
        // White, its bottom-right quarter blue up to both odd edges.
        let scene = try writeScene("odd.yaml", """
            flipbook: 1
            canvas: {size: [75, 67], fps: 10, duration: 0.2, background: white}
            views: [{frame: [38, 34, 37, 33], backgroundColor: blue}]
            """)
        let one = work.appendingPathComponent("one.mp4").path, two = work.appendingPathComponent("two.mp4").path

        let first = try flipbook("render", scene, "-o", one, "--jobs", "1", "--progress", "none")
        let second = try flipbook("render", scene, "-o", two, "--jobs", "2", "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(try probe(one, "stream=width,height"), "width=76\nheight=68\n", "yuv420p needs even sides")
        let frame = try decodeFrame(one, index: 1)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(frame[(y * 76 + x) * 4..<(y * 76 + x) * 4 + 3]) }
        func isWhite(_ rgb: [UInt8]) -> Bool { rgb.allSatisfy { $0 >= 240 } }
        func isBlue(_ rgb: [UInt8]) -> Bool { rgb[0] <= 20 && rgb[1] <= 20 && rgb[2] >= 230 }
        for (x, y) in [(75, 10), (74, 10), (10, 67), (10, 66)] {
            XCTAssertTrue(isWhite(pixel(x, y)), "(\(x), \(y)) is \(pixel(x, y)): the white edge, copied, not black")
        }
        for (x, y) in [(75, 60), (74, 60), (60, 67), (60, 66), (75, 67)] {
            XCTAssertTrue(isBlue(pixel(x, y)), "(\(x), \(y)) is \(pixel(x, y)): the blue edge, copied")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: one)), try Data(contentsOf: URL(fileURLWithPath: two)),
                       "the same bytes with one job or two")
    }

    func testRenderingAVideoTwiceWritesTheSameBytes() throws {
        let scene = try halfClear()
        let outputs = ["a.webm", "b.webm", "a.mov", "b.mov"].map { work.appendingPathComponent($0).path }

        for path in outputs {
            let format = String(path.split(separator: ".").last!)
            let result = try flipbook("render", scene, "--format", format, "-o", path, "--progress", "none")
            XCTAssertEqual(result.status, 0, result.err)
        }

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: outputs[0])), try Data(contentsOf: URL(fileURLWithPath: outputs[1])))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: outputs[2])), try Data(contentsOf: URL(fileURLWithPath: outputs[3])))
    }

    func testAStillIsOneFrameOfTheRenderNamedAfterTheSceneByDefault() throws {
        let name = "still-\(UUID().uuidString.prefix(8))"
        let scene = try writeScene("\(name).yaml", try String(contentsOfFile: try slidingBox(), encoding: .utf8))
        let frames = work.appendingPathComponent("frames").path
        let expected = root.appendingPathComponent("out/\(name)-00007.png"), last = root.appendingPathComponent("out/\(name)-last.png")
        defer { [expected, last].forEach { try? FileManager.default.removeItem(at: $0) } }

        let still = try flipbook("render", scene, "--still", "7", "--progress", "none")
        let final = try flipbook("render", scene, "--still", "last", "--progress", "none")
        let sequence = try flipbook("render", scene, "--frames", "7,30", "-o", frames, "--progress", "none")

        XCTAssertEqual(still.status, 0, still.err)
        XCTAssertEqual(still.out, "out/\(name)-00007.png\n")
        XCTAssertEqual(final.out, "out/\(name)-last.png\n")
        XCTAssertEqual(sequence.status, 0, sequence.err)
        XCTAssertEqual(try Data(contentsOf: expected), try Data(contentsOf: URL(fileURLWithPath: "\(frames)/frame_00007.png")))
        XCTAssertEqual(try Data(contentsOf: last), try Data(contentsOf: URL(fileURLWithPath: "\(frames)/frame_00030.png")))
    }

    func testAStillTakesOneFrameAsAPNG() throws {
        let scene = try halfClear()

        let range = try flipbook("render", scene, "--still", "0-3")
        let withFrames = try flipbook("render", scene, "--still", "1", "--frames", "0")
        let video = try flipbook("render", scene, "--still", "1", "--format", "mp4")
        let beyond = try flipbook("render", scene, "--still", "9", "-o", work.appendingPathComponent("x.png").path)

        XCTAssertTrue(range.err.contains("--still takes a frame number or 'last', got '0-3'"), range.err)
        XCTAssertTrue(withFrames.err.contains("--still renders one frame; leave out --frames"), withFrames.err)
        XCTAssertTrue(video.err.contains("--still writes a PNG; leave out --format"), video.err)
        XCTAssertEqual(beyond.status, 1)
        XCTAssertTrue(beyond.err.contains("frame 9 is past the last frame, 2\n"), beyond.err)
        XCTAssertTrue([range, withFrames, video].allSatisfy { $0.status != 0 })
    }

    func testPNGCompressionIsNamedAsTheIssueSaysWithCompressionKeptAsAnAlias() throws {
        let scene = try slidingBox()
        let paths = ["new.png", "old.png", "max.png"].map { work.appendingPathComponent($0).path }

        let new = try flipbook("render", scene, "--still", "3", "--png-compression", "0", "-o", paths[0], "--progress", "none")
        let old = try flipbook("render", scene, "--still", "3", "--compression", "0", "-o", paths[1], "--progress", "none")
        let max = try flipbook("render", scene, "--still", "3", "--png-compression", "9", "-o", paths[2], "--progress", "none")
        let bad = try flipbook("render", scene, "--png-compression", "10")

        XCTAssertEqual([new.status, old.status, max.status], [0, 0, 0], new.err + old.err + max.err)
        let sizes = try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)).count }
        XCTAssertEqual(sizes[0], sizes[1], "the two names set the same level")
        XCTAssertLessThan(sizes[2], sizes[0], "level 9 compresses, level 0 stores")
        XCTAssertEqual(try PNGCodec.read(path: paths[0]), try PNGCodec.read(path: paths[2]), "the pixels do not depend on it")
        XCTAssertTrue(bad.err.contains("--png-compression must be 0…9"), bad.err)
    }
}
