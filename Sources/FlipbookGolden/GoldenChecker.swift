import Foundation
import FlipbookRender

/// Checks rendered frames against golden PNGs, recording new ones as the mode says.
///
/// Goldens live at `<goldenDirectory>/<scene>/frame_NNNNN.png`. A failed frame leaves
/// `frame_NNNNN.expected.png`, `.actual.png` and `.diff.png` in
/// `<reportDirectory>/<scene>/`, where `GoldenReport`'s page shows them.
public struct GoldenChecker: Sendable {
    public var goldenDirectory: URL
    public var reportDirectory: URL
    public var mode: GoldenRecordMode
    public var tolerance: GoldenTolerance

    /// Goldens are committed, so they are written at the highest compression level;
    /// failure images are throwaway, so they are written fast.
    static let goldenCompressionLevel = 9
    static let failureCompressionLevel = 1

    public init(goldenDirectory: URL, reportDirectory: URL, mode: GoldenRecordMode,
                tolerance: GoldenTolerance = GoldenTolerance()) {
        self.goldenDirectory = goldenDirectory
        self.reportDirectory = reportDirectory
        self.mode = mode
        self.tolerance = tolerance
    }

    /// `<goldenDirectory>/<scene>/frame_NNNNN.png`.
    public func goldenURL(scene: String, frame index: Int) -> URL {
        goldenDirectory.appendingPathComponent(scene).appendingPathComponent(Self.fileName(frame: index) + ".png")
    }

    /// Checks `frames` of `scene` against their goldens.
    ///
    /// First removes an earlier run's failure images of this scene. A frame
    /// is compared exactly, then within the tolerance; a golden that cannot be read (not
    /// a PNG, cut short, a Git LFS pointer) fails its frame alone, as a frame that differs
    /// does. In `.missing` mode a frame without a golden is recorded, in `.all` mode every
    /// frame is, in `.failed` mode a failing frame is, in `.changed` mode a missing or
    /// failing one. Recording writes `ENVIRONMENT.json` when it is absent or the mode is
    /// `.all`. Anything recorded, failed or missing makes the report not pass.
    /// - Throws: `GoldenError` for an invalid scene name or frame index and for files
    ///   that cannot be written or removed; `PNGError` for a frame that cannot be encoded
    ///   or written.
    public func check(scene: String, frames: [(index: Int, bitmap: Bitmap)]) throws -> GoldenSceneReport {
        try Self.validate(scene: scene, frameIndices: frames.map(\.index))
        try removePreviousFailures(scene: scene)

        var reports: [GoldenFrameReport] = []
        for frame in frames.sorted(by: { $0.index < $1.index }) {
            let outcome = try check(scene: scene, index: frame.index, actual: frame.bitmap)
            reports.append(GoldenFrameReport(index: frame.index, outcome: outcome))
        }

        let environmentMismatch = try describeEnvironmentMismatch(for: reports)
        try recordEnvironmentIfNeeded(for: reports)
        return GoldenSceneReport(scene: scene, frames: reports, tolerance: tolerance,
                                 environmentMismatch: environmentMismatch)
    }

    private func check(scene: String, index: Int, actual: Bitmap) throws -> GoldenFrameOutcome {
        let golden = goldenURL(scene: scene, frame: index)
        if mode == .all {
            return try record(actual, at: golden, reason: .all)
        }
        guard FileManager.default.fileExists(atPath: golden.path) else {
            return mode.recordsMissing ? try record(actual, at: golden, reason: .missing) : .missing(golden)
        }

        let expected: Bitmap, goldenBytes: [UInt8]
        switch GoldenFile(contentsOf: golden) {
        case .image(let image, let bytes):
            (expected, goldenBytes) = (image, bytes)
        case .unreadable(let reason):
            if mode.recordsFailures {
                return try record(actual, at: golden, reason: .unreadable)
            }
            return try writeActualImage(scene: scene, index: index, golden: golden, actual: actual, reason: reason)
        }
        let result = compare(expected: expected, actual: actual, tolerance: tolerance)
        if result.identical { return .matched }
        if result.passed(within: tolerance) { return .matchedWithinTolerance(result) }
        if mode.recordsFailures {
            return try record(actual, at: golden, reason: .failed)
        }
        return try writeFailureImages(scene: scene, index: index, golden: golden, goldenBytes: goldenBytes,
                                      expected: expected, actual: actual, result: result)
    }

    private func record(_ bitmap: Bitmap, at url: URL, reason: GoldenFrameOutcome.RecordReason) throws
        -> GoldenFrameOutcome {
        try createDirectory(url.deletingLastPathComponent())
        try PNGCodec.write(bitmap, to: url.path, compressionLevel: Self.goldenCompressionLevel)
        return .recorded(url, reason: reason)
    }

    /// Writes the expected image (`goldenBytes`, the golden file as read), the actual
    /// one and their diff.
    private func writeFailureImages(scene: String, index: Int, golden: URL, goldenBytes: [UInt8], expected: Bitmap,
                                    actual: Bitmap, result: ComparisonResult) throws -> GoldenFrameOutcome {
        let directory = reportDirectory.appendingPathComponent(scene)
        let name = Self.fileName(frame: index)
        let expectedURL = directory.appendingPathComponent(name + ".expected.png")
        let actualURL = directory.appendingPathComponent(name + ".actual.png")
        let diffURL = directory.appendingPathComponent(name + ".diff.png")
        try createDirectory(directory)

        do {
            try Data(goldenBytes).write(to: expectedURL, options: .atomic)
        } catch {
            throw GoldenError("cannot write the copy of the golden \(golden.path): \(error.localizedDescription)",
                              path: expectedURL.path)
        }
        try PNGCodec.write(actual, to: actualURL.path, compressionLevel: Self.failureCompressionLevel)
        let diff = diffImage(expected: expected, actual: actual, perChannel: tolerance.perChannel)
        try PNGCodec.write(diff, to: diffURL.path, compressionLevel: Self.failureCompressionLevel)
        return .failed(result, expected: expectedURL, actual: actualURL, diff: diffURL)
    }

    /// Writes the frame rendered now, for review, beside where a failed frame's images go.
    private func writeActualImage(scene: String, index: Int, golden: URL, actual: Bitmap,
                                  reason: String) throws -> GoldenFrameOutcome {
        let directory = reportDirectory.appendingPathComponent(scene)
        let actualURL = directory.appendingPathComponent(Self.fileName(frame: index) + ".actual.png")
        try createDirectory(directory)
        try PNGCodec.write(actual, to: actualURL.path, compressionLevel: Self.failureCompressionLevel)
        return .unreadable(golden: golden, reason: reason, actual: actualURL)
    }

    /// The recorded-versus-current library note, when a frame differed from its golden.
    private func describeEnvironmentMismatch(for reports: [GoldenFrameReport]) throws -> String? {
        let differed = reports.contains {
            switch $0.outcome {
            case .failed, .matchedWithinTolerance: true
            case .matched, .recorded, .missing, .unreadable: false
            }
        }
        guard differed, let recorded = try GoldenEnvironment.read(from: goldenDirectory) else { return nil }
        return GoldenEnvironment.mismatchDescription(recorded: recorded, current: RenderEnvironment.libraryVersions())
    }

    private func recordEnvironmentIfNeeded(for reports: [GoldenFrameReport]) throws {
        guard reports.contains(where: \.outcome.isRecorded) else { return }
        let exists = FileManager.default.fileExists(atPath: GoldenEnvironment.fileURL(in: goldenDirectory).path)
        if !exists || mode == .all {
            try GoldenEnvironment.write(RenderEnvironment.libraryVersions(), to: goldenDirectory)
        }
    }
}

// MARK: - Names and files

extension GoldenChecker {
    /// `frame_00030`: the index zero-padded to five digits.
    static func fileName(frame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// Rejects scene names that would escape the golden directory and repeated or
    /// negative frame indices.
    static func validate(scene: String, frameIndices: [Int]) throws {
        let components = scene.split(separator: "/", omittingEmptySubsequences: false)
        if scene.isEmpty || scene.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw GoldenError("scene name '\(scene)' is not a relative path such as 'fade' or 'behaviours/fade'")
        }
        if let negative = frameIndices.first(where: { $0 < 0 }) {
            throw GoldenError("scene '\(scene)': frame \(negative) is negative; frames count from 0")
        }
        var seen = Set<Int>()
        if let repeated = frameIndices.first(where: { !seen.insert($0).inserted }) {
            throw GoldenError("scene '\(scene)': frame \(repeated) is given more than once")
        }
    }

    private func createDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw GoldenError("cannot create directory: \(error.localizedDescription)", path: url.path)
        }
    }

    /// Deletes the images an earlier check of `scene` left in the report directory, and
    /// only those: the directory may be shared with other scenes or other files.
    private func removePreviousFailures(scene: String) throws {
        let suffixes = [".expected.png", ".actual.png", ".diff.png"]
        try Self.removeFiles(in: reportDirectory.appendingPathComponent(scene), what: "failure image") { name in
            name.hasPrefix("frame_") && suffixes.contains(where: name.hasSuffix)
        }
    }

    /// Deletes the files of `directory` whose names `matching` accepts, and only those;
    /// nothing when the folder does not exist.
    /// - Throws: `GoldenError` naming the file (a previous run's `what`) that could not go.
    static func removeFiles(in directory: URL, what: String, matching: (String) -> Bool) throws {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where matching(name) {
            let url = directory.appendingPathComponent(name)
            do {
                try manager.removeItem(at: url)
            } catch {
                throw GoldenError("cannot remove the previous run's \(what): \(error.localizedDescription)", path: url.path)
            }
        }
    }
}
