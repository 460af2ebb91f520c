import FlipbookOutput
import Testing

/// `--shard K/N`: the shards of a render split its frames into contiguous, near-equal ranges.
@Suite struct FrameShardTests {
    @Test(arguments: [1, 2, 3, 7, 30, 31, 61, 100, 241, 1000, 9999])
    func theShardsOfARenderPartitionItsFramesInOrder(frameCount: Int) throws {
        for count in 1...40 {
            let shards = try (0..<count).map { try FrameShard(index: $0, count: count).frames(of: frameCount) }

            #expect(shards.flatMap { Array($0) } == Array(0..<frameCount), "\(frameCount) frames in \(count) shards")
            #expect(shards.first?.lowerBound == 0)
            #expect(shards.last?.upperBound == frameCount)
            #expect(zip(shards, shards.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            let sizes = shards.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "sizes \(sizes) are not near-equal")
        }
    }

    @Test func aShardOfAnEvenSplitHasItsShareOfFrames() throws {
        let shard = try FrameShard("2/4")

        let frames = shard.frames(of: 400)

        #expect(shard.index == 2)
        #expect(shard.count == 4)
        #expect(frames == 200..<300)
        #expect(shard.description == "2/4")
    }

    @Test func moreShardsThanFramesLeavesSomeShardsEmpty() throws {
        let shards = try (0..<5).map { try FrameShard(index: $0, count: 5).frames(of: 3) }

        #expect(shards.filter(\.isEmpty).count == 2)
        #expect(shards.flatMap { Array($0) } == [0, 1, 2])
    }

    @Test func hugeShardNumbersGiveARangeInsteadOfOverflowing() throws {
        let last = try FrameShard(index: Int.max - 1, count: Int.max)

        #expect(last.frames(of: 51) == 50..<51)
        #expect(try FrameShard(index: 0, count: Int.max).frames(of: 51).isEmpty)
    }

    @Test(arguments: ["4/4", "5/4", "-1/4", "1/0", "0/-2", "a/b", "1", "1/2/3", "", "/4", "1/"])
    func aMalformedShardIsRejected(text: String) {
        #expect(throws: FrameShard.ParseError.self) { try FrameShard(text) }
    }
}
