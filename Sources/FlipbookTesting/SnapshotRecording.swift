import FlipbookGolden
import FlipbookRender
import Foundation

/// How a snapshot is compared with its golden, recorded, and where the files go.
enum SnapshotRecording {
    /// The mode to use: the one asked for, else `GOLDEN_RECORD`'s; never anything but
    /// `never` when `CI` is set (to anything but `false` or `0`), so CI only compares.
    static func mode(asked: GoldenRecordMode?, environment: [String: String]) throws -> GoldenRecordMode {
        if isCI(environment) { return .never }
        return try asked ?? GoldenRecordMode.fromEnvironment(environment)
    }

    /// Whether `CI` says the tests run in CI.
    static func isCI(_ environment: [String: String]) -> Bool {
        !["", "false", "0"].contains((environment["CI"] ?? "").lowercased())
    }

    /// `__Snapshots__/<TestFile>/` beside the test file.
    static func goldenFolder(site: AssertionSite) -> URL {
        URL(fileURLWithPath: site.filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__").appendingPathComponent(site.testFileName)
    }

    /// Where failed snapshots leave their images, beside the report page of the test file:
    /// `<artifacts>/<TestFile>/`.
    static func artifactFolder(site: AssertionSite) -> URL {
        artifactRoot(site: site).appendingPathComponent(site.testFileName)
    }

    /// `$SNAPSHOT_ARTIFACTS`, else `.build/flipbook-snapshots` of the package the test file
    /// is in (the nearest folder up with a `Package.swift`), else `flipbook-snapshots` in
    /// the temporary folder: failed snapshots' images and the report pages.
    static func artifactRoot(site: AssertionSite) -> URL {
        if let folder = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        var folder = URL(fileURLWithPath: site.filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/flipbook-snapshots")
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-snapshots")
    }

    /// Compares `frame` with the PNG at `golden` and records as `mode` says; a failure
    /// writes `<artifacts>.expected.png`, `.actual.png` and `.diff.png`. A golden that
    /// cannot be read fails as one that differs does (only `.actual.png` is written), and
    /// the modes that record failed snapshots record over it, as `flipbook check` does.
    static func check(_ frame: Bitmap, against golden: URL, tolerance: GoldenTolerance, mode: GoldenRecordMode,
                      artifacts: URL) throws -> SnapshotCheck.Outcome {
        let exists = FileManager.default.fileExists(atPath: golden.path)
        if mode == .all || (!exists && mode.recordsMissing) {
            return try record(frame, at: golden)
        }
        guard exists else { return .missing }
        let file = { (kind: String) in artifacts.appendingPathExtension(kind).appendingPathExtension("png") }
        let expected: Bitmap
        switch GoldenFile(contentsOf: golden) {
        case .image(let image, _):
            expected = image
        case .unreadable(let reason):
            if mode.recordsFailures { return try record(frame, at: golden) }
            try write(frame, to: file("actual"), compressionLevel: 1)
            return .unreadable(reason: reason, actual: file("actual"))
        }
        let result = compare(expected: expected, actual: frame, tolerance: tolerance)
        if result.passed(within: tolerance) { return .passed }
        if mode.recordsFailures { return try record(frame, at: golden) }
        let files = ["expected", "actual", "diff"].map(file)
        try write(expected, to: files[0], compressionLevel: 1)
        try write(frame, to: files[1], compressionLevel: 1)
        try write(diffImage(expected: expected, actual: frame, perChannel: tolerance.perChannel), to: files[2],
                  compressionLevel: 1)
        return .failed(result, expected: files[0], actual: files[1], diff: files[2])
    }

    /// Writes `frame` as the golden at `golden`, most compressed, as goldens are.
    private static func record(_ frame: Bitmap, at golden: URL) throws -> SnapshotCheck.Outcome {
        try write(frame, to: golden, compressionLevel: 9)
        return .recorded
    }

    private static func write(_ bitmap: Bitmap, to url: URL, compressionLevel: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(bitmap, to: url.path, compressionLevel: compressionLevel)
    }
}
