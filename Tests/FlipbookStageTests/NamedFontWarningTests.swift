import FlipbookStage
import FlipbookUIKit
import Foundation
import XCTest

/// A font made in Swift code by name (`UIFont(name:size:)`) in a family that is not
/// installed draws in fontconfig's substitute, as a scene's does; a scene warns at its line,
/// and Swift code gets one line on standard error per family, naming the family drawn in.
/// XCTest, not Swift Testing: the test takes over file descriptor 2, so it must not run
/// beside others. Test methods run on the main thread, so they take the main actor with
/// `MainActor.assumeIsolated`.
final class NamedFontWarningTests: XCTestCase {
    func testAMissingFamilyIsNamedOnceAndInstalledOnesNotAtAll() throws {
        MainActor.assumeIsolated { _ = Stage(canvas: Canvas(size: CGSize(width: 10, height: 10), fps: 1)) }
        let missing = "Flipbook Test Family \(UUID().uuidString.prefix(8))"

        let err = try standardError {
            XCTAssertNotNil(UIFont(name: missing, size: 17))
            XCTAssertNotNil(UIFont(name: missing + "-Bold", size: 12), "the same family, in bold")
            XCTAssertNotNil(UIFont(name: "DejaVu Sans", size: 17))
            XCTAssertNotNil(UIFont(name: "DejaVuSans-Bold", size: 17), "a PostScript-style name fontconfig finds")
        }

        let lines = err.split(separator: "\n").filter { $0.contains("Flipbook Test Family") || $0.contains("DejaVu") }
        XCTAssertEqual(lines.count, 1, err)
        XCTAssertTrue(lines.first?.hasPrefix("flipbook: warning: font family '\(missing)' is not installed: text draws in ")
                      ?? false, err)
        XCTAssertTrue(lines.first?.hasSuffix(", fontconfig's substitute (UIFont(name: \"\(missing)\", size:))") ?? false, err)
    }

    /// What `body` writes to file descriptor 2.
    private func standardError(_ body: () -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("named-font-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let saved = dup(2)
        dup2(handle.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        try handle.close()
        return try String(contentsOf: file, encoding: .utf8)
    }
}
