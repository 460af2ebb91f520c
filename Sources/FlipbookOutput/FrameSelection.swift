import Foundation

/// Which frames of a render to produce, parsed from `--frames`: `120-239`, `300-`,
/// `0,30,60`, `last`, or a comma-separated mix.
public struct FrameSelection: Sendable, Equatable {
    private enum Part: Sendable, Equatable {
        /// Frames `lower` through `upper`; `nil` = to the end.
        case range(lower: Int, upper: Int?)
        case last
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A frame of the selection past the render's last: `frame 70 is past the last frame, 60`.
    public struct PastTheEnd: Error, CustomStringConvertible {
        /// The frame named past the end: `N`, the last of `A-B`, the first of `A-`.
        public let frame: Int
        /// The render's last frame.
        public let lastFrame: Int
        /// `frame 70 is` or `frames 55-70 run`.
        let named: String
        /// How the frames are counted, when not at the scene's own rate (a GIF's), appended
        /// to the message.
        public var numbering: String?

        public var description: String {
            "\(named) past the last frame, \(lastFrame)" + (numbering.map { ", " + $0 } ?? "")
        }
    }

    private let parts: [Part]

    /// Parses the text; ranges are checked against a frame count later, in `indices`.
    public init(_ text: String) throws {
        parts = try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let part = item.trimmingCharacters(in: .whitespaces)
            guard let parsed = Self.part(part) else {
                throw ParseError(description: "'\(part)' in --frames is not a frame number, range (120-239, 300-) or 'last'")
            }
            if case .range(let lower, let upper?) = parsed, upper < lower {
                throw ParseError(description: "'\(part)' in --frames runs backwards; write \(upper)-\(lower)")
            }
            return parsed
        }
    }

    /// Every frame of a render.
    public static let all = FrameSelection(parts: [.range(lower: 0, upper: nil)])

    private init(parts: [Part]) { self.parts = parts }

    /// The selected frame numbers of a render with `frameCount` frames, sorted, unique.
    /// - Throws: `PastTheEnd` when a frame lies past `frameCount - 1`.
    public func indices(frameCount: Int) throws -> [Int] {
        var selected = Set<Int>()
        for part in parts {
            let (lower, upper): (Int, Int)
            switch part {
            case .last: (lower, upper) = (frameCount - 1, frameCount - 1)
            case .range(let from, let to): (lower, upper) = (from, to ?? max(from, frameCount - 1))
            }
            guard upper < frameCount else {
                let named = lower == upper ? "frame \(lower) is" : "frames \(lower)-\(upper) run"
                throw PastTheEnd(frame: upper, lastFrame: frameCount - 1, named: named, numbering: nil)
            }
            selected.formUnion(lower...upper)
        }
        return selected.sorted()
    }

    /// `N`, `A-B`, `A-` or `last`.
    private static func part(_ text: String) -> Part? {
        if text == "last" { return .last }
        let pieces = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let lower = Int(pieces[0]), lower >= 0 else { return nil }
        guard pieces.count == 2 else { return .range(lower: lower, upper: lower) }
        if pieces[1].isEmpty { return .range(lower: lower, upper: nil) }
        guard let upper = Int(pieces[1]), upper >= 0 else { return nil }
        return .range(lower: lower, upper: upper)
    }
}

extension FrameSelection {
    /// Ascending frame numbers as runs of consecutive ones: [0, 1, 2, 5] is 0...2 and 5...5.
    public static func runs(of frames: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for frame in frames {
            if let last = runs.last, last.upperBound + 1 == frame {
                runs[runs.count - 1] = last.lowerBound...frame
            } else {
                runs.append(frame...frame)
            }
        }
        return runs
    }
}
