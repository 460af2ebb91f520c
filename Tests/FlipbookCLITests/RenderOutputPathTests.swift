import FlipbookRender
import Foundation
import XCTest

/// `render -o PATH` against `--format` and `--still`: without `--format` the extension picks
/// the format (as ffmpeg does by the output's name); a path that contradicts the format is
/// refused before anything renders, naming both, and nothing is written.
final class RenderOutputPathTests: CLITestCase {
    /// A 12-pixel red box sliding right over a white 24×12 canvas at 10 fps for 0.3 s.
    private func slidingBox() throws -> String {
        try writeSlidingBox("slide.yaml", size: (24, 12), fps: 10, seconds: 0.3, box: 12, end: (18, 6))
    }

    /// The files and folders under `out/` in the scratch folder, by relative path.
    private func written() -> [String] {
        let out = work.appendingPathComponent("out").path
        return ((FileManager.default.enumerator(atPath: out)?.allObjects as? [String]) ?? []).sorted()
    }

    func testWithoutFormatTheExtensionPicksTheVideoAndAPathWithoutOneIsAFolderOfFrames() throws {
        let scene = try slidingBox()

        let results = try ["out/v.mp4", "out/v.MOV", "out/v.webm", "out/v.gif", "out/frames"].map {
            try flipbook(inWork: "render", scene, "-o", $0, "--progress", "none")
        }

        for result in results { XCTAssertEqual(result.status, 0, result.err) }
        XCTAssertEqual(results.map(\.out), ["out/v.mp4\n", "out/v.MOV\n", "out/v.webm\n", "out/v.gif\n", "out/frames\n"])
        let path = work.appendingPathComponent("out").path + "/"
        XCTAssertEqual(try probe(path + "v.mp4", "stream=codec_name"), "codec_name=h264\n")
        XCTAssertEqual(try probe(path + "v.MOV", "stream=codec_name"), "codec_name=prores\n")
        XCTAssertEqual(try probe(path + "v.webm", "stream=codec_name"), "codec_name=vp9\n")
        XCTAssertEqual(try probe(path + "v.gif", "stream=codec_name"), "codec_name=gif\n")
        XCTAssertEqual(try PNGCodec.read(path: path + "frames/frame_00003.png").width, 24)
    }

    func testAnExtensionThatContradictsTheFormatIsRefusedBeforeRenderingNamingBoth() throws {
        let scene = try slidingBox()
        let cases: [([String], String)] = [
            (["--format", "mp4", "-o", "out/s.gif"], "-o out/s.gif names a GIF, but --format is mp4: name an .mp4 file, or leave out --format to write a GIF"),
            (["--format", "webm", "-o", "out/s.mp4"], "-o out/s.mp4 names an MP4, but --format is webm: name a .webm file, or leave out --format to write an MP4"),
            (["--format", "mp4", "-o", "out/s.mkv"], "-o out/s.mkv names a .mkv file, but --format is mp4: name an .mp4 file"),
            (["--format", "gif", "-o", "out/s"], "-o out/s has no extension, but --format is gif: name a .gif file"),
            (["--format", "png", "-o", "out/s.mov"], "-o out/s.mov names a MOV, but --format png writes a folder of PNG frames: name a folder (no extension), or leave out --format to write a MOV"),
            (["-o", "out/s.png"], "-o out/s.png names one PNG file: add --still N for one frame, or name a folder (no extension) for PNG frames"),
            (["-o", "out/s.mkv"], "-o out/s.mkv: .mkv is a kind of file Flipbook does not write: name an .mp4, .mov, .webm or .gif file, or a folder for PNG frames (--format png for a folder with that name)"),
            (["-o", "out/s.JPG"], "-o out/s.JPG: .JPG is a kind of file Flipbook does not write: name an .mp4, .mov, .webm or .gif file, or a folder for PNG frames (--format png for a folder with that name)"),
        ]
        for (arguments, message) in cases {
            let result = try flipbook(inWork: ["render", scene] + arguments)

            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("flipbook: error: \(message)\n"), result.err)
            XCTAssertEqual(written(), [], "nothing written for \(arguments)")
        }
    }

    /// (An existing folder named like a video or a PNG is refused by the sink, as
    /// OutputPathSafetyTests shows.)
    func testAFolderForAVideoOrAStillAndAnythingButAPNGForAStillAreRefused() throws {
        let scene = try slidingBox()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("out/taken"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["--format", "gif", "-o", "out/gdir/"], "-o out/gdir/ names a folder, but --format gif writes one file: name a .gif file"),
            (["--format", "mp4", "-o", "out/taken"], "-o out/taken has no extension, but --format is mp4: name an .mp4 file"),
            (["--format", "mp4", "-o", "out/v.mp4/"], "-o out/v.mp4/ names a folder, but --format mp4 writes one file: name an .mp4 file"),
            (["--still", "1", "-o", "out/x.png/"], "-o out/x.png/ names a folder, but --still writes one PNG file: name a .png file"),
            (["--still", "1", "-o", "out/stilldir/"], "-o out/stilldir/ names a folder, but --still writes one PNG file: name a .png file"),
            (["--still", "1", "-o", "out/taken"], "-o out/taken has no extension, but --still writes one PNG file: name a .png file"),
            (["--still", "1", "-o", "out/x.jpg"], "-o out/x.jpg names a .jpg file, but --still writes one PNG file: name a .png file"),
            (["--still", "1", "-o", "out/x.gif"], "-o out/x.gif names a GIF, but --still writes one PNG file: name a .png file"),
            (["--still", "1", "-o", "out/x"], "-o out/x has no extension, but --still writes one PNG file: name a .png file"),
        ]
        for (arguments, message) in cases {
            let result = try flipbook(inWork: ["render", scene] + arguments)

            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertTrue(result.err.hasPrefix("flipbook: error: \(message)\n"), result.err)
            XCTAssertEqual(written(), ["taken"], "nothing written for \(arguments)")
        }
    }

    func testTheUsagesThatAgreeKeepWorking() throws {
        let scene = try slidingBox()

        let still = try flipbook(inWork: "render", scene, "--still", "last", "-o", "out/Last.PNG")
        let stillAsPNG = try flipbook(inWork: "render", scene, "--format", "png", "--still", "0", "-o", "out/first.png")
        let dotted = try flipbook(inWork: "render", scene, "--format", "png", "-o", "out/run.2", "--progress", "none")
        let dottedAlone = try flipbook(inWork: "render", scene, "-o", "out/run.v3", "--progress", "none")
        let slashed = try flipbook(inWork: "render", scene, "-o", "out/frames.mp4/", "--progress", "none")
        let video = try flipbook(inWork: "render", scene, "--format", "gif", "-o", "out/loop.gif", "--every-nth-frame", "1")
        let nth = try flipbook(inWork: "render", scene, "-o", "out/nth.gif", "--every-nth-frame", "1", "--progress", "none")
        let m4v = try flipbook(inWork: "render", scene, "--format", "mp4", "-o", "out/clip.m4v", "--progress", "none")

        for result in [still, stillAsPNG, dotted, dottedAlone, slashed, video, nth, m4v] {
            XCTAssertEqual(result.status, 0, result.err)
        }
        XCTAssertEqual(try PNGCodec.read(path: work.appendingPathComponent("out/Last.PNG").path).width, 24)
        XCTAssertEqual(try PNGCodec.read(path: work.appendingPathComponent("out/first.png").path).width, 24)
        XCTAssertTrue(written().contains("run.2/frame_00003.png"), "\(written())")
        XCTAssertTrue(written().contains("run.v3/frame_00003.png"), "a folder with a dot in its name, as before: \(written())")
        XCTAssertTrue(written().contains("frames.mp4/frame_00003.png"), "a path ending in / is a folder: \(written())")
        XCTAssertEqual(try probe(work.appendingPathComponent("out/clip.m4v").path, "stream=codec_name"), "codec_name=h264\n")
        XCTAssertEqual(try probe(work.appendingPathComponent("out/nth.gif").path, "stream=codec_name"), "codec_name=gif\n")
    }
}
