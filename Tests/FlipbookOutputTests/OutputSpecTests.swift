import FlipbookOutput
import Foundation
import Testing

/// What a render writes and where, decided in one place for the CLI and `Recorder`.
@Suite struct OutputSpecTests {
    @Test(arguments: [
        ("clip.mp4", OutputSpec.Format.mp4), ("clip.MOV", .mov), ("clip.webm", .webm), ("loop.gif", .gif), ("frames", .png),
    ])
    func aPathNamesItsFormatByItsExtension(_ path: String, _ format: OutputSpec.Format) throws {
        let spec = try OutputSpec(path: URL(fileURLWithPath: "/tmp/out/" + path))

        #expect(spec.format == format)
        #expect(spec.path == "/tmp/out/" + path)
    }

    @Test func anUnknownExtensionIsRefusedWithTheOnesThatWork() {
        #expect {
            try OutputSpec(path: URL(fileURLWithPath: "/tmp/clip.avi"))
        } throws: { error in
            "\(error)" == "cannot write 'clip.avi': name an .mp4, .webm, .mov or .gif file, or a folder without an extension for PNG frames"
        }
    }

    @Test(arguments: [
        (OutputSpec.Format.png, nil as String?, "out/intro"), (.png, "last", "out/intro-last.png"), (.png, "7", "out/intro-00007.png"),
        (.mp4, nil, "out/intro.mp4"), (.gif, nil, "out/intro.gif"), (.webm, nil, "out/intro.webm"), (.mov, nil, "out/intro.mov"),
    ])
    func theDefaultPathIsUnderOutNamedAfterTheScene(_ format: OutputSpec.Format, _ still: String?, _ expected: String) {
        var spec = OutputSpec(format: format)
        spec.still = still

        #expect(spec.defaultPath(scene: "intro", part: .whole(frameCount: 10)) == expected)
    }

    @Test func aVideoOfAPartOfARenderIsNamedAfterThePart() throws {
        let part = try RenderPart(shard: FrameShard(index: 1, count: 4), frameCount: 100)

        #expect(OutputSpec(format: .mp4).defaultPath(scene: "intro", part: part) == "out/intro.shard-1-of-4.mp4")
        #expect(OutputSpec(format: .none).defaultPath(scene: "intro", part: part) == nil)
    }

    @Test func onlyAGIFHasGIFTiming() throws {
        var gif = OutputSpec(format: .gif)
        gif.everyNthFrame = 2

        #expect(try OutputSpec(format: .mp4).gifTiming(sceneFPS: 60) == nil)
        #expect(try gif.gifTiming(sceneFPS: 100) == GIFTiming(sceneFPS: 100, everyNthFrame: 2))
    }

    @Test func onlyAnMP4OrAGIFOfACanvasThatIsNotOpaqueWarnsOfItsLostAlpha() {
        #expect(OutputSpec(format: .mp4).warning(isOpaque: false)?.contains("no alpha") == true)
        #expect(OutputSpec(format: .gif).warning(isOpaque: false)?.contains("1-bit transparency") == true)
        #expect(OutputSpec(format: .mp4).warning(isOpaque: true) == nil)
        #expect(OutputSpec(format: .gif).warning(isOpaque: true) == nil)
        #expect(OutputSpec(format: .webm).warning(isOpaque: false) == nil)
        #expect(OutputSpec(format: .mov).warning(isOpaque: false) == nil)
    }

    @Test func pngFramesGoToTheFolderAndAStillToItsFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-spec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var still = OutputSpec(format: .png, path: folder.appendingPathComponent("one.png").path)
        still.still = "3"
        let frame = (width: 2, height: 2, fps: 10.0, isOpaque: true)

        let (frames, framesPath) = try OutputSpec(format: .png, path: folder.appendingPathComponent("all").path)
            .makeSink(scene: "s", part: .whole(frameCount: 1), frame: frame)
        let (one, onePath) = try still.makeSink(scene: "s", part: .whole(frameCount: 1), frame: frame)
        try frames.write([1, 2, 3], frame: 4)
        try one.write([5, 6], frame: 3)

        #expect(framesPath == folder.appendingPathComponent("all").path)
        #expect(onePath == folder.appendingPathComponent("one.png").path)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("all/frame_00004.png").path) == Data([1, 2, 3]))
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("one.png").path) == Data([5, 6]))
    }
}
