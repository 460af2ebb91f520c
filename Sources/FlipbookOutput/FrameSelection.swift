import Foundation

/// Which frames of a render to produce, parsed from `--frames`: `120-239`, `300-`,
/// `0,30,60`, `last`, or a comma-separated mix.
public struct FrameSelection: Sendable, Equatable {
    public let text: String

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses the text; ranges are checked against a frame count later, in `indices`.
    public init(_ text: String) throws {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        for item in items {
            let part = item.trimmingCharacters(in: .whitespaces)
            guard part == "last" || Self.bounds(of: part) != nil else {
                throw ParseError(description: "'\(part)' in --frames is not a frame number, range (120-239, 300-) or 'last'")
            }
        }
        self.text = text
    }

    /// The selected frame numbers of a render with `frameCount` frames, sorted, unique.
    /// - Throws: when a frame lies outside `0..<frameCount`.
    public func indices(frameCount: Int) throws -> [Int] {
        var selected = Set<Int>()
        for item in text.split(separator: ",") {
            let part = item.trimmingCharacters(in: .whitespaces)
            let (lower, upper) = part == "last" ? (frameCount - 1, frameCount - 1) : Self.bounds(of: part)!
            let last = upper ?? frameCount - 1
            guard lower <= last, lower < frameCount, last < frameCount else {
                throw ParseError(description: "frames '\(part)' are outside the render's 0-\(frameCount - 1)")
            }
            selected.formUnion(lower...last)
        }
        return selected.sorted()
    }

    /// `N` → (N, N); `A-B` → (A, B); `A-` → (A, nil).
    private static func bounds(of part: String) -> (Int, Int?)? {
        let pieces = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let lower = Int(pieces[0]), lower >= 0 else { return nil }
        guard pieces.count == 2 else { return (lower, lower) }
        if pieces[1].isEmpty { return (lower, nil) }
        guard let upper = Int(pieces[1]), upper >= 0 else { return nil }
        return (lower, upper)
    }
}

