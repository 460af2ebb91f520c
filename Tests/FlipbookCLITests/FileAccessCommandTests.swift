import Foundation
import XCTest

/// `--allow-read` and `--limit` on the commands that load scenes: a scene reads files only
/// in its own folder unless a folder is allowed.
final class FileAccessCommandTests: CLITestCase {
    /// work/scene/scene.yaml reading ../outside.png (a real image of the repository, copied).
    private func sceneReadingOutside() throws -> (scene: String, outside: String) {
        let folder = work.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outside = work.appendingPathComponent("outside.png")
        try FileManager.default.copyItem(at: root.appendingPathComponent("scenes/content/images/quad-4x4.png"), to: outside)
        let scene = folder.appendingPathComponent("scene.yaml")
        try """
            flipbook: 1
            canvas: {size: [10, 10]}
            layers: [{id: dot, frame: [0, 0, 4, 4], contents: ../outside.png}]
            """.write(to: scene, atomically: true, encoding: .utf8)
        return (scene.path, outside.path)
    }

    private var realWork: String {
        let real = realpath(work.path, nil)!
        defer { free(real) }
        return String(cString: real)
    }

    func testValidateRefusesAReadOutsideTheScenesFolderAtTheValue() throws {
        let (scene, _) = try sceneReadingOutside()

        let result = try flipbook("validate", scene)

        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.err, "\(scene):3:51: error: 'contents' reads '../outside.png' (\(realWork)/outside.png), "
                       + "outside the scene's folder \(realWork)/scene; pass --allow-read DIR to allow another folder\n")
    }

    func testAllowReadLetsValidateProbeAndCheckReadThatFolder() throws {
        let (scene, _) = try sceneReadingOutside()

        let validate = try flipbook("validate", scene, "--allow-read", work.path)
        let probe = try flipbook("probe", scene, "--at", "0", "--allow-read", work.path)
        let check = try flipbook("check", scene, "--allow-read", work.path, "--allow-empty",
                                 "--report-directory", work.appendingPathComponent("report").path)

        XCTAssertEqual(validate.status, 0, validate.err)
        XCTAssertEqual(probe.status, 0, probe.err)
        XCTAssertFalse(check.err.contains("outside the scene's folder"), check.err)
        XCTAssertEqual(check.status, 0, check.err)
    }

    func testAMissingAllowedFolderOrAnUnknownLimitIsAUsageError() throws {
        let (scene, _) = try sceneReadingOutside()

        let missing = try flipbook("validate", scene, "--allow-read", work.appendingPathComponent("nope").path)
        let unknown = try flipbook("validate", scene, "--limit", "layerz=5")

        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.err.contains("no such folder"), missing.err)
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.err.contains("--limit takes NAME=VALUE"), unknown.err)
    }

    func testLimitLowersTheImageFileSize() throws {
        let (scene, _) = try sceneReadingOutside()

        let result = try flipbook("validate", scene, "--allow-read", work.path, "--limit", "image-file-bytes=10")

        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("more than the limit of 10 bytes; pass --limit image-file-bytes=N to raise it"),
                      result.err)
    }
}
