import Foundation
import XCTest

/// `-o` replaces only an earlier output of the same kind: a video or a still never replaces
/// a folder, PNG frames never replace a file, and a path that cannot be written says why.
final class OutputPathSafetyTests: CLITestCase {
    /// A 16×16 canvas at 10 fps for 0.2 s (3 frames).
    private func tinyScene() throws -> String {
        try writeScene("tiny.yaml", """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: 0.2}
            views: [{frame: [0, 0, 8, 8], backgroundColor: red}]
            """)
    }

    /// A folder `name` in the scratch folder holding two files; returns its path.
    private func folderWithFiles(_ name: String) throws -> URL {
        let folder = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("and me".utf8).write(to: folder.appendingPathComponent("inner/more.txt"))
        return folder
    }

    private func assertUntouched(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8), "keep me",
                       file: file, line: line)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("inner/more.txt"), encoding: .utf8), "and me",
                       file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["inner", "notes.txt"],
                       file: file, line: line)
    }

    func testAVideoRenderRefusesToReplaceAFolder() throws {
        let scene = try tinyScene()
        let victim = try folderWithFiles("victim.mp4")

        let result = try flipbook("render", scene, "--format", "mp4", "-o", victim.path, "--progress", "none")

        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "flipbook: error: \(victim.path) is a folder; a video render writes a file there "
                       + "and will not replace a folder — choose another path\n")
        try assertUntouched(victim)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("victim.partial.mp4").path))
    }

    func testAJoinRefusesToReplaceAFolder() throws {
        let scene = try tinyScene()
        let segment = work.appendingPathComponent("tiny.mp4").path
        let victim = try folderWithFiles("joined.mp4")
        let render = try flipbook("render", scene, "--format", "mp4", "-o", segment, "--progress", "none")

        let result = try flipbook("join", segment, "-o", victim.path)

        XCTAssertEqual(render.status, 0, render.err)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "flipbook: error: \(victim.path) is a folder; a join writes a file there "
                       + "and will not replace a folder — choose another path\n")
        try assertUntouched(victim)
    }

    func testAStillRefusesToReplaceAFolder() throws {
        let scene = try tinyScene()
        let victim = try folderWithFiles("still.png")

        let result = try flipbook("render", scene, "--still", "0", "-o", victim.path, "--progress", "none")

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: \(victim.path) is a folder; a still render writes a file there"),
                      result.err)
        try assertUntouched(victim)
    }

    func testAPNGRenderRefusesToReplaceAFile() throws {
        let scene = try tinyScene()
        let victim = work.appendingPathComponent("frames")
        try Data("not frames".utf8).write(to: victim)

        let result = try flipbook("render", scene, "-o", victim.path, "--progress", "none")

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: \(victim.path) is a file; a PNG render writes a folder of frames there "
                                           + "and will not replace a file — choose another path"), result.err)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "not frames")
    }

    func testAVideoRenderReplacesAnEarlierFile() throws {
        let scene = try tinyScene()
        let video = work.appendingPathComponent("again.mp4")
        try Data("an earlier file".utf8).write(to: video)

        let result = try flipbook("render", scene, "--format", "mp4", "-o", video.path, "--progress", "none")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(try probe(video.path, "stream=codec_name").contains("codec_name=h264"))
    }

    func testAnOutputUnderAFileFailsWithThePathAndTheCause() throws {
        // Root may write anywhere, but not into a file as if it were a folder.
        let scene = try tinyScene()
        let blocker = work.appendingPathComponent("somefile")
        try Data("a file".utf8).write(to: blocker)

        let video = try flipbook("render", scene, "--format", "mp4", "-o", blocker.path + "/x.mp4", "--progress", "none")
        let frames = try flipbook("render", scene, "-o", blocker.path + "/frames", "--progress", "none")
        let segment = work.appendingPathComponent("segment.mp4").path
        let render = try flipbook("render", scene, "--format", "mp4", "-o", segment, "--progress", "none")
        let join = try flipbook("join", segment, "-o", blocker.path + "/deeper/joined.mp4")

        XCTAssertEqual(video.status, 1)
        XCTAssertEqual(video.err, "flipbook: error: cannot create the folder \(blocker.path): \(blocker.path) is a file, "
                       + "not a folder — choose another path\n")
        XCTAssertEqual(frames.status, 1)
        XCTAssertEqual(frames.err, "flipbook: error: cannot create the folder \(blocker.path)/frames: \(blocker.path) is a file, "
                       + "not a folder — choose another path\n")
        XCTAssertEqual(render.status, 0, render.err)
        XCTAssertEqual(join.status, 1)
        XCTAssertEqual(join.err, "flipbook: error: cannot create the folder \(blocker.path)/deeper: \(blocker.path) is a file, "
                       + "not a folder — choose another path\n")
        XCTAssertEqual(try String(contentsOf: blocker, encoding: .utf8), "a file")
    }
}
