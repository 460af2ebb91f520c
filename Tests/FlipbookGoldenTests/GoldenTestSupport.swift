import Foundation
import XCTest
import FlipbookRender

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
