import FlipbookRender
import Foundation
import XCTest

/// A PNG render's folder and its `flipbook-render.json`: no stale frames from an earlier
/// render, no frames of unknown origin removed without `--force`, ranges of one render
/// side by side (docs/rendering-at-scale.md "Stopped renders and what they leave").
final class PNGRenderFolderTests: CLITestCase {
    /// A 16×16 scene lasting `duration` seconds at 10 fps.
    private func scene(_ name: String, duration: Double) throws -> String {
        try writeScene(name, """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: \(duration)}
            views: [{id: box, frame: [0, 0, 8, 8], backgroundColor: red}]
            timeline:
              - {at: 0, do: [{animate: {duration: \(duration), do: [{set: {target: box, center: [12, 12]}}]}}]}
            """)
    }

    private func frames(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("frame_") }.sorted()
    }

    private func names(_ range: Range<Int>) -> [String] { range.map { String(format: "frame_%05d.png", $0) } }

    private func manifest(_ folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("flipbook-render.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testTheManifestSaysCompleteOnlyOnceEveryFrameOfTheRenderIsInTheFolder() throws {
        let scene = try scene("ranges.yaml", duration: 1)
        let folder = work.appendingPathComponent("ranges")

        let firstPart = try flipbook("render", scene, "--frames", "0-4", "-o", folder.path, "--progress", "none")
        let afterFirst = try manifest(folder)["complete"] as? Bool
        let rest = try flipbook("render", scene, "--frames", "5-", "-o", folder.path, "--progress", "none")
        let afterRest = try manifest(folder)["complete"] as? Bool

        XCTAssertEqual(firstPart.status, 0, firstPart.err)
        XCTAssertEqual(rest.status, 0, rest.err)
        XCTAssertEqual(afterFirst, false, "frames 0–4 of 11 are not the whole render")
        XCTAssertEqual(afterRest, true, "with the rest, all 11 frames are there")
        XCTAssertEqual(frames(in: folder), names(0..<11))
    }

    func testAShorterRenderLeavesNoStaleFramesOfAnEarlierLongerOne() throws {
        let long = try scene("long.yaml", duration: 2), short = try scene("short.yaml", duration: 0.5)
        let folder = work.appendingPathComponent("out")

        let first = try flipbook("render", long, "-o", folder.path, "--progress", "none")
        let second = try flipbook("render", short, "-o", folder.path, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(frames(in: folder), names(0..<6))
        let written = try manifest(folder)
        XCTAssertEqual(written["complete"] as? Bool, true)
        XCTAssertEqual(written["frameCount"] as? Int, 6)
        XCTAssertEqual(written["scene"] as? String, short)
    }

    func testFramesNoManifestAccountsForAreRemovedOnlyWithForce() throws {
        let short = try scene("short.yaml", duration: 0.5)
        let folder = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("someone's frame".utf8).write(to: folder.appendingPathComponent("frame_00040.png"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let refused = try flipbook("render", short, "-o", folder.path, "--progress", "none")
        let untouched = frames(in: folder)
        let forced = try flipbook("render", short, "-o", folder.path, "--progress", "none", "--force")

        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.err, "flipbook: error: \(folder.path) holds 1 frame (frame_00040.png) this render does not write, "
                       + "and no flipbook-render.json says which render made them; choose another folder, or add --force to remove them\n")
        XCTAssertEqual(untouched, ["frame_00040.png"])
        XCTAssertEqual(forced.status, 0, forced.err)
        XCTAssertEqual(frames(in: folder), names(0..<6))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path), "only frames go")
    }

    func testRangesOfOneRenderShareAFolder() throws {
        let long = try scene("long.yaml", duration: 2)
        let folder = work.appendingPathComponent("out")

        let first = try flipbook("render", long, "--frames", "0-9", "-o", folder.path, "--progress", "none")
        let second = try flipbook("render", long, "--frames", "10-", "-o", folder.path, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(frames(in: folder), names(0..<21))
    }

    func testResumeRefusesFramesOfAnotherSceneText() throws {
        let long = try scene("long.yaml", duration: 2)
        let folder = work.appendingPathComponent("out")
        let first = try flipbook("render", long, "--frames", "0-4", "-o", folder.path, "--progress", "none")
        _ = try scene("long.yaml", duration: 1.5)

        let resumed = try flipbook("render", long, "--resume", "-o", folder.path, "--progress", "none")
        let fresh = try flipbook("render", work.appendingPathComponent("nothing-here").path, "--resume", "--format", "mp4")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(resumed.status, 1)
        XCTAssertEqual(resumed.err, "flipbook: error: cannot resume in \(folder.path): its frames come from another version of "
                       + "the scene or of the files it reads (flipbook-render.json); render without --resume to replace them\n")
        XCTAssertEqual(frames(in: folder), names(0..<5))
        XCTAssertEqual(fresh.status, 64)
        XCTAssertTrue(fresh.err.contains("--force and --resume are for PNG frames in a folder"), fresh.err)
    }

    /// A scene showing `image.png` (a copy of the repository's `source`) as a layer's
    /// contents for 2 s at 10 fps.
    private func sceneShowingAnImage(_ source: String) throws -> String {
        let image = work.appendingPathComponent("image.png")
        try? FileManager.default.removeItem(at: image)
        try FileManager.default.copyItem(at: root.appendingPathComponent("scenes/content/images/\(source)"), to: image)
        return try writeScene("picture.yaml", """
            flipbook: 1
            canvas: {size: [16, 16], fps: 10, duration: 2}
            layers: [{id: picture, frame: [0, 0, 16, 16], contents: image.png}]
            """)
    }

    func testResumeRefusingOtherSettingsNamesThem() throws {
        let long = try scene("long.yaml", duration: 2)
        let folder = work.appendingPathComponent("out")
        let first = try flipbook("render", long, "--frames", "0-4", "-o", folder.path, "--progress", "none")

        let resumed = try flipbook("render", long, "--resume", "--scale", "2", "-o", folder.path, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(resumed.status, 1)
        XCTAssertTrue(resumed.err.contains("its frames come from other settings (size "), resumed.err)
        XCTAssertTrue(resumed.err.contains(", scale 1.0, not 2.0)"), resumed.err)
    }

    func testResumeRefusesFramesMadeFromAnotherVersionOfAnImageTheSceneReads() throws {
        let scene = try sceneShowingAnImage("quad-4x4.png")
        let folder = work.appendingPathComponent("out")
        let first = try flipbook("render", scene, "--frames", "0-4", "-o", folder.path, "--progress", "none")
        let firstFrame = try Data(contentsOf: folder.appendingPathComponent("frame_00000.png"))
        let firstHash = try manifest(folder)["sceneHash"] as? String
        _ = try sceneShowingAnImage("wide-8x4.png")  // the scene's text is the same

        let resumed = try flipbook("render", scene, "--resume", "-o", folder.path, "--progress", "none")
        let framesAfterRefusal = frames(in: folder)
        let rendered = try flipbook("render", scene, "-o", folder.path, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(resumed.status, 1)
        XCTAssertEqual(resumed.err, "flipbook: error: cannot resume in \(folder.path): its frames come from another version of "
                       + "the scene or of the files it reads (flipbook-render.json); render without --resume to replace them\n")
        XCTAssertEqual(framesAfterRefusal, names(0..<5), "nothing kept or removed by the refused resume")
        XCTAssertEqual(rendered.status, 0, rendered.err)
        XCTAssertEqual(frames(in: folder), names(0..<21))
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("frame_00000.png")), firstFrame,
                          "frame 0 drawn again from the new image")
        XCTAssertNotEqual(try manifest(folder)["sceneHash"] as? String, firstHash)
    }

    func testTheManifestNamesTheBuildAndResumeRefusesFramesOfAnotherBuild() throws {
        let scene = try scene("long.yaml", duration: 2)
        let folder = work.appendingPathComponent("out")
        let first = try flipbook("render", scene, "--frames", "0-4", "-o", folder.path, "--progress", "none")
        let build = try XCTUnwrap(try manifest(folder)["build"] as? String)
        // The manifest another build (another build id, the same libraries) would have written.
        let file = folder.appendingPathComponent("flipbook-render.json")
        let id = try XCTUnwrap(build.firstMatch(of: #/build ([0-9a-f]+);/#)?.1)
        try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "build \(id);", with: "build \(String(repeating: "0", count: id.count));")
            .write(to: file, atomically: true, encoding: .utf8)

        let resumed = try flipbook("render", scene, "--resume", "-o", folder.path, "--progress", "none")

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertNotNil(build.wholeMatch(of: #/build [0-9a-f]{32,}; cairo [0-9.]+, freetype .*/#), build)
        XCTAssertEqual(resumed.status, 1)
        XCTAssertEqual(resumed.err, "flipbook: error: cannot resume in \(folder.path): its frames come from another build of "
                       + "Flipbook or its rendering libraries (flipbook-render.json); render without --resume to replace them\n")
        XCTAssertEqual(frames(in: folder), names(0..<5))
    }

    func testResumeTakesAnotherPNGCompressionAsTheFramesDecodeToTheSamePixels() throws {
        let scene = try scene("long.yaml", duration: 2)
        let folder = work.appendingPathComponent("out"), reference = work.appendingPathComponent("reference")
        let first = try flipbook("render", scene, "--frames", "0-4", "--png-compression", "9", "-o", folder.path, "--progress", "none")
        let kept = try Data(contentsOf: folder.appendingPathComponent("frame_00000.png"))

        let resumed = try flipbook("render", scene, "--resume", "--png-compression", "0", "-o", folder.path, "--progress", "none")
        let written = try manifest(folder)
        let frameZero = try Data(contentsOf: folder.appendingPathComponent("frame_00000.png"))
        let whole = try flipbook("render", scene, "--png-compression", "9", "-o", reference.path, "--progress", "none")
        let again = try flipbook("render", scene, "--png-compression", "0", "-o", folder.path, "--progress", "none")

        XCTAssertEqual([first.status, whole.status, again.status], [0, 0, 0], first.err + whole.err + again.err)
        XCTAssertEqual(resumed.status, 0, resumed.err)
        XCTAssertEqual(resumed.err, "flipbook: \(folder.path): 5 of 21 frames already rendered; rendering the other 16\n")
        XCTAssertEqual(written["pngCompression"] as? Int, 0)
        XCTAssertEqual(written["pngCompressionLevels"] as? [Int], [0, 9], "the frames kept are at level 9")
        XCTAssertEqual(written["complete"] as? Bool, true)
        XCTAssertEqual(frameZero, kept, "the frames already there stay as they were")
        XCTAssertEqual(try manifest(folder)["pngCompressionLevels"] as? [Int], [0], "every frame rewritten at level 0")
        XCTAssertEqual(frames(in: folder), names(0..<21))
        for name in names(0..<21) {
            XCTAssertEqual(try PNGCodec.read(path: folder.appendingPathComponent(name).path),
                           try PNGCodec.read(path: reference.appendingPathComponent(name).path), name)
        }
    }
}
