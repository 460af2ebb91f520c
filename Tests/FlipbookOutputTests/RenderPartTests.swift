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

    @Test func theWholeRenderKeepsTheSceneName() throws {
        let whole = RenderPart.whole(frameCount: 5)
        let everyFrame = try RenderPart(selection: FrameSelection("0-4"), frameCount: 5)
        let everyFrameListed = try RenderPart(selection: FrameSelection("0,1,2-4"), frameCount: 5)

        #expect(whole.frames == [0, 1, 2, 3, 4])
        #expect(whole.defaultFile(scene: "intro", extension: "mp4") == "out/intro.mp4")
        #expect(everyFrame == whole)
        #expect(everyFrameListed == whole)
    }

    @Test func aListOfFramesIsNamedByItsRuns() throws {
        let scattered = try RenderPart(selection: FrameSelection("4,0,2"), frameCount: 5)
        let runs = try RenderPart(selection: FrameSelection("20-29,0-9,last,5"), frameCount: 100)

        #expect(scattered.frames == [0, 2, 4])
        #expect(scattered.defaultFile(scene: "intro", extension: "gif") == "out/intro.frames-0,2,4.gif")
        #expect(runs.label == "frames-0-9,20-29,99")
    }

    @Test func aLongListIsNamedByItsFirstRunsTheirCountAndAHash() throws {
        let evens = try RenderPart(selection: FrameSelection(stride(from: 0, to: 1000, by: 2).map(String.init).joined(separator: ",")),
                                   frameCount: 1000)
        let evensButOne = try RenderPart(selection: FrameSelection(stride(from: 0, to: 998, by: 2).map(String.init)
                                                                    .joined(separator: ",") + ",999"), frameCount: 1000)

        let label = try #require(evens.label)
        #expect(label.hasPrefix("frames-0,2,4,6,8,10,12,14,16,18,and-490-more-"))
        #expect(label.count <= 64)
        #expect(evensButOne.label != label)
    }

    @Test func aShardWithoutFramesIsAnError() throws {
        #expect(throws: RenderPart.EmptyShard.self) { try RenderPart(shard: FrameShard("0/4"), frameCount: 3) }
        #expect(try RenderPart(shard: FrameShard("3/4"), frameCount: 3).frames == [2])
    }
}
