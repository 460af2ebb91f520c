import ArgumentParser
import FlipbookOutput
import Foundation

struct Join: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Join the video segments of a split render (render --shard K/N) into one video, without re-encoding.",
        discussion: """
            Segments are joined in the order given and must match: codec, size, frame rate \
            and encoder settings, as the shards of one render made with the same options do.

              flipbook join out/intro.shard-0-of-3.mp4 out/intro.shard-1-of-3.mp4 \\
                            out/intro.shard-2-of-3.mp4 -o out/intro.mp4
            """)

    @Argument(help: "The segments (mp4, webm or mov), first to last.")
    var segments: [String]

    @Option(name: .shortAndLong, help: "The joined video; its extension should be the segments'.")
    var output: String

    func perform() throws {
        try SegmentJoiner.join(segments.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: output))
        print(output)
    }
}
