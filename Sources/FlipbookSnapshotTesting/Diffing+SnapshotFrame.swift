import FlipbookGolden
import FlipbookRender
import Foundation
import SnapshotTesting
#if canImport(Testing)
import Testing
#endif

extension Diffing where Value == SnapshotFrame {
    /// Compares frames with Flipbook's tolerant comparison (swift-snapshot-testing's image
    /// diffing needs UIKit or AppKit): a frame passes when at most `tolerance.allowedPixels`
    /// pixels differ from the reference by more than `tolerance.perChannel` in a straight
    /// RGBA component.
    ///
    /// A failure says how many pixels differ, the largest difference and the tolerance,
    /// and writes the diff image (the reference in light gray, differing pixels red) to
    /// `site.diffImageURL()`, whose path it gives. swift-snapshot-testing attaches
    /// the reference, the frame and the diff in Xcode only; on Linux a Swift Testing test
    /// gets the diff as an attachment too (saved with `swift test --attachments-path`).
    static func frame(tolerance: GoldenTolerance, site: SnapshotSite) -> Diffing {
        .diff(toData: \.pngData, fromData: SnapshotFrame.init(pngData:)) { reference, frame in
            switch (reference, frame) {
            case (.unavailable(let why), _):
                return ("cannot compare: \(why)", [])
            case (_, .unavailable(let why)):
                return ("no frame to compare: \(why)", [])
            case (.image(let expected), .image(let actual)):
                let result = compare(expected: expected, actual: actual, tolerance: tolerance)
                if result.passed(within: tolerance) { return nil }
                let diff = diffImage(expected: expected, actual: actual, perChannel: tolerance.perChannel)
                let diffPNG = SnapshotFrame.image(diff).pngData
                let message = describe(result, tolerance: tolerance) + "; " + write(diffPNG, to: site.diffImageURL(), site: site)
                return (message, [
                    .data(reference.pngData, name: "reference.png"),
                    .data(frame.pngData, name: "failure.png"),
                    .data(diffPNG, name: "difference.png"),
                ])
            }
        }
    }

    /// What differs, in counts: `12 pixels differ by more than 2 per channel (largest
    /// difference 87; 0 allowed)`, or both sizes.
    static func describe(_ result: FlipbookGolden.ComparisonResult, tolerance: GoldenTolerance) -> String {
        if result.sizeMismatch {
            return "the frame is \(result.actualSize) pixels, the reference \(result.expectedSize)"
        }
        let pixels = result.pixelsDiffering(byMoreThan: tolerance.perChannel)
        return "\(pixels) pixel\(pixels == 1 ? "" : "s") differ by more than \(tolerance.perChannel) per channel "
            + "(largest difference \(result.maxChannelDifference); \(tolerance.allowedPixels) allowed)"
    }

    /// Writes the diff image to `url` and says where, or why it could not.
    private static func write(_ png: Data, to url: URL, site: SnapshotSite) -> String {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: url)
        } catch {
            return "the diff image could not be written to \(url.path): \(error)"
        }
        #if os(Linux) && canImport(Testing)
        if Test.current != nil {
            let a = site.assertion
            Attachment.record([UInt8](png), named: url.lastPathComponent,
                              sourceLocation: SourceLocation(fileID: a.fileID, filePath: a.filePath, line: a.line, column: a.column))
        }
        #endif
        return "diff image (differing pixels in red): \(url.path)"
    }
}
