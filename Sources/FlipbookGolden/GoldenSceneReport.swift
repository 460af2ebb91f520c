import Foundation

/// What happened to one frame in a golden check.
public enum GoldenFrameOutcome: Sendable, Equatable, Codable {
    /// Why a frame's golden was (re)written.
    public enum RecordReason: String, Sendable, Codable {
        /// There was no golden (`GOLDEN_RECORD=missing`).
        case missing
        /// Every golden is re-recorded (`GOLDEN_RECORD=all`).
        case all
        /// The old golden failed the comparison (`GOLDEN_RECORD=failed` or `changed`).
        case failed
        /// The old golden could not be read as a PNG (`GOLDEN_RECORD=failed` or `changed`).
        case unreadable
    }

    /// The frame has exactly the golden's bytes.
    case matched
    /// The frame differs from the golden but within the tolerance.
    case matchedWithinTolerance(ComparisonResult)
    /// The frame differs beyond the tolerance; the three images were written for review.
    case failed(ComparisonResult, expected: URL, actual: URL, diff: URL)
    /// The golden file exists but cannot be read as a PNG — `reason` says why: the
    /// reading error, libpng's message, or that it is a Git LFS pointer not pulled — and
    /// the mode does not record over it; the frame rendered now was written to `actual`
    /// for review. Does not pass.
    case unreadable(golden: URL, reason: String, actual: URL)
    /// The frame was written as the new golden at this URL. Does not pass.
    case recorded(URL, reason: RecordReason)
    /// There is no golden at this URL and the mode does not record it. Does not pass.
    case missing(URL)

    /// Whether the frame passes: only a match, exact or within tolerance, does.
    public var passed: Bool {
        switch self {
        case .matched, .matchedWithinTolerance: true
        case .failed, .unreadable, .recorded, .missing: false
        }
    }

    /// Whether the frame failed its check: it differs from its golden, or its golden
    /// cannot be read. (Recorded and missing frames do not pass either, but were not
    /// compared.)
    public var isFailure: Bool {
        switch self {
        case .failed, .unreadable: true
        case .matched, .matchedWithinTolerance, .recorded, .missing: false
        }
    }

    /// Whether the check wrote the frame's golden.
    public var isRecorded: Bool {
        if case .recorded = self { true } else { false }
    }
}

/// One frame's outcome.
public struct GoldenFrameReport: Sendable, Equatable, Codable {
    public var index: Int
    public var outcome: GoldenFrameOutcome
    /// Thumbnails of the actual frames around a failed one, itself among them, in frame
    /// order; empty for other outcomes and when the run made none.
    public var filmstrip: [GoldenThumbnail] = []

    public init(index: Int, outcome: GoldenFrameOutcome, filmstrip: [GoldenThumbnail] = []) {
        (self.index, self.outcome, self.filmstrip) = (index, outcome, filmstrip)
    }
}

/// A small picture of one actual frame, written into the report directory.
public struct GoldenThumbnail: Sendable, Equatable, Codable {
    public var index: Int
    public var url: URL

    public init(index: Int, url: URL) {
        (self.index, self.url) = (index, url)
    }
}

/// The outcome of checking one scene's frames against their goldens.
public struct GoldenSceneReport: Sendable, Codable {
    public var scene: String
    /// In frame order.
    public var frames: [GoldenFrameReport]
    /// The tolerance the frames were compared with.
    public var tolerance: GoldenTolerance
    /// Which libraries differ from those the goldens were recorded with, when a frame
    /// differed from its golden and `ENVIRONMENT.json` shows a difference.
    public var environmentMismatch: String?
    /// The scene file the frames came from, as the run was given it; the report links it.
    public var file: String?
    /// The scene's frame rate: frame i shows t = i / fps. `nil` when not known.
    public var fps: Double?

    public init(scene: String, frames: [GoldenFrameReport], tolerance: GoldenTolerance,
                environmentMismatch: String? = nil, file: String? = nil, fps: Double? = nil) {
        (self.scene, self.frames, self.tolerance) = (scene, frames, tolerance)
        (self.environmentMismatch, self.file, self.fps) = (environmentMismatch, file, fps)
    }

    /// `t = 0.8 s` for frame `index` at `fps`, to the millisecond; `nil` without a frame rate.
    public func timeLabel(ofFrame index: Int) -> String? {
        fps.map { "t = " + shortDecimal(Double(index) / $0) + " s" }
    }

    /// True only when every frame matched. Recording, a failure or a missing golden
    /// all fail the check: a new baseline must be looked at and checked by a re-run.
    public var passed: Bool {
        frames.allSatisfy(\.outcome.passed)
    }

    /// Whether the check wrote a golden of any of the scene's frames.
    public var recordedAny: Bool {
        frames.contains(where: \.outcome.isRecorded)
    }

    /// One line per frame, then notes, for printing:
    /// `fade frame 30: FAILED 1234 pixels differ by more than 2 (allowed 0), max
    /// difference 255; see out/golden-report/fade/frame_00030.diff.png`.
    public var summaryLines: [String] {
        var lines = frames.map(summaryLine)
        if let environmentMismatch {
            lines.append("\(scene): note: \(environmentMismatch)")
        }
        return lines
    }

    /// `fade frame 30: ok, identical`.
    func summaryLine(_ frame: GoldenFrameReport) -> String {
        "\(scene) frame \(frame.index): " + describe(frame.outcome)
    }

    private func describe(_ outcome: GoldenFrameOutcome) -> String {
        switch outcome {
        case .matched:
            "ok, identical"
        case .matchedWithinTolerance(let result):
            "ok within tolerance, " + describeDifference(result, tolerance: tolerance)
        case .failed(let result, _, _, let diff):
            "FAILED " + describeDifference(result, tolerance: tolerance) + "; see \(displayPath(diff))"
        case .unreadable(let golden, let reason, let actual):
            "FAILED the golden \(displayPath(golden)) cannot be read: \(reason); see \(displayPath(actual))"
        case .recorded(let url, let reason):
            "RECORDED new baseline \(displayPath(url)) (\(describe(reason))) — re-run to check"
        case .missing(let url):
            "MISSING golden \(displayPath(url)); record it with GOLDEN_RECORD=missing"
        }
    }

    private func describe(_ reason: GoldenFrameOutcome.RecordReason) -> String {
        switch reason {
        case .missing: "there was none"
        case .all: "GOLDEN_RECORD=all"
        case .failed: "the old one failed"
        case .unreadable: "the old one could not be read"
        }
    }
}

/// `1234 pixels differ by more than 2 (allowed 0), max difference 255`, or the sizes.
func describeDifference(_ result: ComparisonResult, tolerance: GoldenTolerance) -> String {
    if result.sizeMismatch {
        return "size \(result.actualSize) differs from the golden's \(result.expectedSize)"
    }
    let count = result.pixelsDiffering(byMoreThan: tolerance.perChannel)
    let pixels = count == 1 ? "1 pixel differs" : "\(count) pixels differ"
    return "\(pixels) by more than \(tolerance.perChannel) (allowed \(tolerance.allowedPixels)), "
        + "max difference \(result.maxChannelDifference)"
}

/// `value` rounded to three decimals, without trailing zeros: `0.8`, `0.017`, `2`.
func shortDecimal(_ value: Double) -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

/// `url`'s path, relative to the current directory when it lies inside it.
func displayPath(_ url: URL) -> String {
    relativePath(of: url, inside: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        ?? url.standardizedFileURL.path
}

/// `url`'s path relative to `directory`, or nil when it does not lie inside it.
func relativePath(of url: URL, inside directory: URL) -> String? {
    let path = url.standardizedFileURL.path
    let base = directory.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
}
