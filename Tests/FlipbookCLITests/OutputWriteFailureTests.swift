import Foundation
import XCTest

/// A write that fails part-way (here a file-size limit, which stops root too) gives the
/// path and the cause, a failing exit, and nothing that looks complete.
final class OutputWriteFailureTests: CLITestCase {
    /// A 200×200 scene of 11 frames whose PNGs are a few kilobytes each.
    private func scene() throws -> String {
        try writeScene("noisy.yaml", """
            flipbook: 1
            canvas: {size: [200, 200], fps: 10, duration: 1}
            views: [{id: box, frame: [0, 0, 120, 120], backgroundColor: red, layer: {cornerRadius: 37}}]
            timeline:
              - {at: 0, do: [{animate: {duration: 1, do: [{set: {target: box, center: [130, 130], alpha: 0.3}}]}}]}
            """)
    }

    /// Runs `flipbook arguments…` under `ulimit -f blocks` (512-byte blocks).
    private func flipbookWithFileSizeLimit(_ blocks: Int, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let binary = Self.binary else {
            throw XCTSkip("flipbook is not built beside the tests (run swift build --build-tests)")
        }
        let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try run("/bin/sh", ["-c", "ulimit -f \(blocks) && exec " + quoted.joined(separator: " ")])
    }

    func testAPNGWriteThatFailsNamesTheFileAndTheCauseAndTheSetStaysIncomplete() throws {
        let folder = work.appendingPathComponent("frames")

        let result = try flipbookWithFileSizeLimit(1, ["render", try scene(), "-o", folder.path, "--progress", "none", "--jobs", "1"])

        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: cannot write \(folder.path)/frame_"), result.err)
        XCTAssertTrue(result.err.hasSuffix(".png: File too large\n"), result.err)
        XCTAssertFalse(result.err.contains("NSCocoaErrorDomain"), result.err)
        let manifest = try String(contentsOf: folder.appendingPathComponent("flipbook-render.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""complete" : false"#), manifest)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(names.contains { $0.hasSuffix(".partial") }, "\(names)")
    }

    func testAVideoWriteThatFailsLeavesNoVideo() throws {
        let folder = work.appendingPathComponent("videos")
        let video = folder.appendingPathComponent("x.mp4")

        let result = try flipbookWithFileSizeLimit(2, ["render", try scene(), "--format", "mp4", "-o", video.path,
                                                       "--progress", "none", "--crf", "0"])

        XCTAssertEqual(result.status, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("flipbook: error: ffmpeg "), result.err)
        XCTAssertTrue(result.err.contains("writing \(video.path)"), result.err)
        XCTAssertTrue(result.err.contains("no video was written"), result.err)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(names.contains("x.mp4"), "\(names)")
        XCTAssertFalse(names.contains { $0.contains("partial") }, "\(names)")
    }
}
