import Foundation
import XCTest
import FlipbookRender
import FlipbookGolden

extension XCTestCase {
    /// A fresh directory, removed when the test ends.
    func makeTemporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("FlipbookGoldenTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// Goldens recorded for two scenes, "fade" (frames 0 and 30) and "slide" (frame 0), all
/// `golden`, in a fresh directory: the starting point of tests that check against them.
class RecordedGoldensTestCase: XCTestCase {
    let golden = Bitmap(width: 16, height: 16, filledWith: RGBA8(40, 80, 120))
    var goldens: URL!
    var reports: URL!

    override func setUpWithError() throws {
        let root = try makeTemporaryDirectory()
        goldens = root.appendingPathComponent("golden")
        reports = root.appendingPathComponent("golden-report")
        _ = try checker().check(scene: "fade", frames: [(0, golden), (30, golden)])
        _ = try checker().check(scene: "slide", frames: [(0, golden)])
    }

    func checker(_ tolerance: GoldenTolerance = GoldenTolerance()) -> GoldenChecker {
        GoldenChecker(goldenDirectory: goldens, reportDirectory: reports, mode: .missing, tolerance: tolerance)
    }
}

extension Bitmap {
    /// A copy with the straight colour of the pixel at `x`, `y` replaced.
    func setting(_ x: Int, _ y: Int, to colour: RGBA8) -> Bitmap {
        var copy = self
        let p = colour.premultiplied
        let i = (y * width + x) * 4
        copy.pixels.replaceSubrange(i..<(i + 4), with: [p.b, p.g, p.r, p.a])
        return copy
    }

    /// A copy with the first `count` pixels (in row order) replaced by `colour`.
    func setting(first count: Int, to colour: RGBA8) -> Bitmap {
        (0..<count).reduce(self) { bitmap, n in bitmap.setting(n % width, n / width, to: colour) }
    }
}

/// Names of the files directly inside `directory`, sorted; empty when it does not exist.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}
