/// One of `count` contiguous, near-equal parts of a render, parsed from `--shard K/N`:
/// how a long render is split across machines (K is 0-based, like Kubernetes'
/// `JOB_COMPLETION_INDEX`).
///
/// The shards of a render partition its frames in order: shard 0 starts at frame 0, each
/// next shard starts where the one before ended, the last ends at the last frame, and
/// their sizes differ by at most one frame.
public struct FrameShard: Sendable, Equatable, CustomStringConvertible {
    /// K: which part, `0..<count`.
    public let index: Int
    /// N: how many parts the render is split into, at least 1.
    public let count: Int

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Throws: `ParseError` unless `count >= 1` and `0 <= index < count`.
    public init(index: Int, count: Int) throws {
        guard count >= 1 else { throw ParseError(description: "a render splits into at least 1 shard, not \(count)") }
        guard (0..<count).contains(index) else {
            throw ParseError(description: "shard \(index) of \(count) does not exist: shards are numbered 0 to \(count - 1)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, as `--shard` takes it.
    public init(_ text: String) throws {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, let index = Int(pieces[0]), let count = Int(pieces[1]) else {
            throw ParseError(description: "'\(text)' is not K/N (the K-th of N shards, counting from 0, as in 0/4)")
        }
        try self.init(index: index, count: count)
    }

    /// The frames of this shard in a render of `frameCount` frames: from
    /// ⌊K·frameCount/N⌋ up to ⌊(K+1)·frameCount/N⌋. Empty when there are more shards than frames.
    public func frames(of frameCount: Int) -> Range<Int> {
        // Full-width products: K·frameCount overflows for absurd K and N given on the command line.
        func boundary(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: frameCount)).quotient }
        return boundary(index)..<boundary(index + 1)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}
