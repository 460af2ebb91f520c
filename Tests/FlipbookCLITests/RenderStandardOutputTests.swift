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

    /// A turning gradient that no encoder shrinks much: its video (about 110 KB) is larger
    /// than a pipe holds.
    private func turningGradient() throws -> String {
        try writeScene("gradient.yaml", """
            flipbook: 1
            canvas: {size: [320, 240], fps: 30, duration: 2}
            layers:
              - {id: g, class: CAGradientLayer, frame: [0, 0, 320, 240], colors: [red, blue, green, yellow],
                 startPoint: [0, 0], endPoint: [1, 1]}
            timeline:
              - at: 0
                do: [{animate: {duration: 2, do: [{set: {target: g, transform: [{rotate: 180}]}}]}}]
            """)
    }

    /// Runs `flipbook render SCENE ARGUMENTS -o -` in bash with its standard output piped or
    /// redirected as `then` says (`| head -c 1000 > /dev/null`); the status is flipbook's.
    private func renderToStandardOutput(_ scene: String, _ arguments: [String], then: String) throws
        -> (status: Int32, out: String, err: String) {
        let binary = try XCTUnwrap(Self.binary)
        return try run("/bin/bash", ["-c", #""$0" render "$1" "${@:2}" -o - --progress none \#(then); exit ${PIPESTATUS[0]}"#,
                                     binary, scene] + arguments)
    }

    func testAReaderThatClosesThePipeEarlyEndsTheRenderQuietlyAsCatWould() throws {
        let scene = try turningGradient()
        let temporaryLogs = { try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("flipbook-ffmpeg-") } }
        let logsBefore = Set(try temporaryLogs())

        let mp4 = try renderToStandardOutput(scene, ["--format", "mp4", "--crf", "0"], then: "| head -c 1000 > /dev/null")
        let mov = try renderToStandardOutput(scene, ["--format", "mov"], then: "| head -c 1000 > /dev/null")

        XCTAssertEqual(mp4.status, 128 + SIGPIPE, "killed by SIGPIPE, as cat is: \(mp4.err)")
        XCTAssertEqual(mp4.err, "", "a reader that has read enough is no failure")
        XCTAssertEqual(mov.status, 128 + SIGPIPE, mov.err)
        XCTAssertEqual(mov.err, "")
        XCTAssertEqual(Set(try temporaryLogs()), logsBefore, "no ffmpeg log left behind")
    }

    func testFFmpegFailingToWriteStandardOutputKeepsTheLogItNames() throws {
        let scene = try turningGradient()

        let result = try renderToStandardOutput(scene, ["--format", "mp4"], then: "> /dev/full")

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("writing standard output: "), result.err)
        XCTAssertTrue(result.err.contains("No space left on device"), result.err)
        let named = try XCTUnwrap(result.err.firstRange(of: #/\(ffmpeg's whole log: (/[^)]+\.log)\)/#), result.err)
        let log = String(result.err[named].dropFirst("(ffmpeg's whole log: ".count).dropLast())
        defer { try? FileManager.default.removeItem(atPath: log) }
        XCTAssertTrue(try String(contentsOfFile: log, encoding: .utf8).contains("No space left on device"), "the log named is there")
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
