@testable import FlipbookScene
import Foundation
import Testing
import Yams

/// The read itself checks again what `readableFile` checked by path, on the descriptor it
/// reads: a file swapped, after that check, for a FIFO, a symlink or a bigger file is
/// refused, and a FIFO is never waited on.
@MainActor
@Suite struct FileContentsTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-contents-\(UUID().uuidString)").path
    let node = SceneNode(node: Node("x.png"), file: "test.yaml", name: "'contents'")

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func remove() { try? FileManager.default.removeItem(atPath: folder) }

    private func read(_ path: String, limit: Int = 1000) throws -> FileContents {
        try node.contents(ofFile: path, named: "x.png", limit: limit, limitName: "image-file-bytes", what: "the image")
    }

    @Test func aFolderAboveSwappedForASymlinkAfterTheCheckIsRefused() throws {
        defer { remove() }
        let inside = folder + "/images", outside = folder + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: outside + "/x.png"))
        // The checked path is images/x.png; images is now a symlink to elsewhere.
        try FileManager.default.createSymbolicLink(atPath: inside, withDestinationPath: outside)

        let found = #expect(throws: SceneError.self) { try read(inside + "/x.png") }
        let direct = try read(outside + "/x.png")

        #expect(found?.message.contains("which changed into \(outside)/x.png while it was read") == true,
                "\(String(describing: found))")
        #expect(direct.bytes == [1, 2, 3], "the same file by its own path is read")
    }

    @Test func aFileGrownPastTheLimitIsReadNoFurtherThanIt() throws {
        defer { remove() }
        let path = folder + "/x.png"
        try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: path))

        let found = #expect(throws: SceneError.self) { try read(path, limit: 1000) }
        let whole = try read(path, limit: 100_000)

        #expect(found?.message == "'contents' reads 'x.png' (\(path)) of more than 1000 bytes, the limit; "
                + "pass --limit image-file-bytes=N to raise it")
        #expect(whole.bytes.count == 100_000)
    }

    @Test func aFIFOSwappedInIsRefusedWithoutWaiting() throws {
        defer { remove() }
        let path = folder + "/x.png"
        try #require(mkfifo(path, 0o600) == 0)
        let unblocker = FIFOUnblocker(path: path, after: 3)
        defer { unblocker.stop() }
        let start = Date()

        let found = #expect(throws: SceneError.self) { try read(path) }

        #expect(Date().timeIntervalSince(start) < 2)
        #expect(found?.message == "'contents' reads 'x.png' (\(path)), which is a FIFO, not a regular file")
    }

    @Test func aSymlinkSwappedInIsNotFollowed() throws {
        defer { remove() }
        let path = folder + "/x.png"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/target.png"))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder + "/target.png")

        let found = #expect(throws: SceneError.self) { try read(path) }

        #expect(found?.message.hasPrefix("cannot read the image 'x.png' (\(path)): cannot open:") == true,
                "\(found.map { "\($0)" } ?? "no error")")
    }
}
