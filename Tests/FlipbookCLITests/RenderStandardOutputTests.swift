import Foundation
import XCTest

/// `render -o -`: a still's PNG or a video written to standard output for a pipe (an MP4
/// or MOV fragmented, as a pipe cannot be sought in); PNG frames, which are files in a
/// folder, and a terminal are refused with a message.
final class RenderStandardOutputTests: CLITestCase {
    /// The bytes the last command wrote to standard output (`run` keeps them in this file).
    var standardOutput: Data {
        get throws { try Data(contentsOf: work.appendingPathComponent("stdout")) }
    }

    func testAStillGoesToStandardOutputAsTheBytesOfTheFile() throws {
        let scene = try writeSlidingBox("slide.yaml", size: (40, 30), fps: 10, seconds: 1, box: 10, end: (30, 20))
        let file = work.appendingPathComponent("still.png").path
        XCTAssertEqual(try flipbook("render", scene, "--still", "4", "-o", file).status, 0)

        let result = try flipbook("render", scene, "--still", "4", "-o", "-")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try standardOutput, try Data(contentsOf: URL(fileURLWithPath: file)))
    }

    func testEachVideoFormatStreamsToStandardOutputWithAllItsFrames() throws {
        let scene = try writeSlidingBox("slide.yaml", size: (40, 30), fps: 10, seconds: 1, box: 10, end: (30, 20))
        for format in ["mp4", "mov", "webm", "gif"] {
            let result = try flipbook("render", scene, "--format", format, "-o", "-")

            XCTAssertEqual(result.status, 0, "\(format): \(result.err)")
            let video = work.appendingPathComponent("piped.\(format)")
            try standardOutput.write(to: video)
            XCTAssertEqual(try probe(video.path, "stream=nb_read_frames", counting: true), "nb_read_frames=11\n", format)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/slide.\(format)").path))
        }
        // Fragmented: the movie box comes first, with no index of samples at the end.
        let mp4 = try Data(contentsOf: work.appendingPathComponent("piped.mp4"))
        XCTAssertNotNil(mp4.range(of: Data("moof".utf8)), "an MP4 on a pipe is fragmented")
    }

    func testPNGFramesAndATerminalAreRefused() throws {
        let scene = try writeSlidingBox("slide.yaml", size: (40, 30), fps: 10, seconds: 1, box: 10, end: (30, 20))
        let binary = try XCTUnwrap(Self.binary)

        let frames = try flipbook("render", scene, "-o", "-")
        // `script` gives the command a terminal for its standard output.
        let terminal = try run("/usr/bin/script", ["-qec", "\(binary) render \(scene) --format mp4 -o -", "/dev/null"])

        XCTAssertEqual(frames.status, 64)
        XCTAssertTrue(frames.err.contains("-o -: PNG frames are files in a folder; -o - takes one PNG (--still N) or a video"),
                      frames.err)
        XCTAssertEqual(terminal.status, 64, terminal.out)
        XCTAssertTrue(terminal.out.contains("-o - writes binary data, and standard output is a terminal"), terminal.out)
    }
}
