import FlipbookOutput
import Testing

/// The part of a render one command produces, and the name its video segment gets.
@Suite struct RenderPartTests {
    @Test func aShardRendersItsRangeIntoAFileNamedAfterIt() throws {
        let part = try RenderPart(shard: FrameShard("1/4"), frameCount: 10)

        #expect(part.frames == [2, 3, 4])
        #expect(part.label == "shard-1-of-4")
        #expect(part.defaultFile(scene: "intro", extension: "mp4") == "out/intro.shard-1-of-4.mp4")
    }

    @Test func aRangeOfFramesIsNamedByItsFirstAndLastFrame() throws {
        let closed = try RenderPart(selection: FrameSelection("120-239"), frameCount: 400)
        let open = try RenderPart(selection: FrameSelection("300-"), frameCount: 400)

        #expect(closed.frames == Array(120...239))
        #expect(closed.defaultFile(scene: "intro", extension: "webm") == "out/intro.frames-120-239.webm")
        #expect(open.frames == Array(300...399))
        #expect(open.label == "frames-300-399")
    }

    @Test func theWholeRenderAndScatteredFramesKeepTheSceneName() throws {
        let whole = RenderPart.whole(frameCount: 5)
        let everyFrame = try RenderPart(selection: FrameSelection("0-4"), frameCount: 5)
        let scattered = try RenderPart(selection: FrameSelection("0,2,4"), frameCount: 5)

        #expect(whole.frames == [0, 1, 2, 3, 4])
        #expect(whole.defaultFile(scene: "intro", extension: "mp4") == "out/intro.mp4")
        #expect(everyFrame == whole)
        #expect(scattered.frames == [0, 2, 4])
        #expect(scattered.label == nil)
    }

    @Test func aShardWithoutFramesIsAnError() throws {
        #expect(throws: RenderPart.EmptyShard.self) { try RenderPart(shard: FrameShard("0/4"), frameCount: 3) }
        #expect(try RenderPart(shard: FrameShard("3/4"), frameCount: 3).frames == [2])
    }
}
