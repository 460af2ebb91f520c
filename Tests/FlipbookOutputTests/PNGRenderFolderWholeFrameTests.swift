@testable import FlipbookOutput
import FlipbookRender
import Foundation
import Testing

/// `--resume` keeps a frame only when it is a whole PNG: its signature first, its IEND
/// chunk last.
@Suite struct PNGRenderFolderWholeFrameTests {
    @Test func aWholeFrameIsKeptATruncatedOneIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("frame_00000.png"), cut = folder.appendingPathComponent("frame_00001.png")
        let tiny = folder.appendingPathComponent("frame_00002.png")
        let bytes = try PNGCodec.encode(Bitmap(width: 64, height: 64, filledWith: RGBA8(10, 200, 30)), compressionLevel: 1)
        try Data(bytes).write(to: whole)
        try Data(bytes.dropLast()).write(to: cut)
        try Data(bytes.prefix(8)).write(to: tiny)

        #expect(PNGRenderFolder.isWholePNG(whole))
        #expect(!PNGRenderFolder.isWholePNG(cut), "a frame cut short lacks its IEND")
        #expect(!PNGRenderFolder.isWholePNG(tiny))
        #expect(!PNGRenderFolder.isWholePNG(folder.appendingPathComponent("missing.png")))
    }
}
