import Foundation
import XCTest
import FlipbookRender
import FlipbookGolden

/// Finding golden PNGs that no scene compares against.
final class UnusedGoldensTests: XCTestCase {
    var goldens: URL!

    override func setUpWithError() throws {
        goldens = try makeTemporaryDirectory().appendingPathComponent("golden")
        for path in ["fade/frame_00000.png", "fade/frame_00030.png", "fade/frame_00090.png", "fade/old/frame_00001.png",
                     "renamed/frame_00000.png", "broken/frame_00000.png", "stray.png"] {
            try write(path)
        }
        try Data("{}".utf8).write(to: goldens.appendingPathComponent("ENVIRONMENT.json"))
        try Data("notes".utf8).write(to: goldens.appendingPathComponent("fade/README.txt"))
    }

    func write(_ path: String) throws {
        let url = goldens.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGCodec.write(Bitmap(width: 1, height: 1, filledWith: RGBA8(0, 0, 0)), to: url.path)
    }

    func relative(_ urls: [URL]) -> [String] {
        urls.map { String($0.path.dropFirst(goldens.path.count + 1)) }
    }

    func testPNGsOfACheckedSceneThatAreNotAmongItsGoldenFramesAreUnused() {
        let unused = UnusedGoldens.find(in: goldens, goldenFrames: ["fade": [0, 30]], allScenes: false)

        XCTAssertEqual(relative(unused.files), ["fade/frame_00090.png", "fade/old/frame_00001.png"])
        XCTAssertEqual(unused.folders, [])
        XCTAssertFalse(unused.foldersLookedFor)
    }

    func testOverEveryScenePNGFoldersWithNoSceneAreUnusedExceptThoseOfScenesThatCouldNotBeChecked() {
        let unused = UnusedGoldens.find(in: goldens, goldenFrames: ["fade": [0, 30, 90]], unchecked: ["broken"],
                                        allScenes: true)

        XCTAssertEqual(relative(unused.files), ["fade/old/frame_00001.png"])
        XCTAssertEqual(unused.folders.map(\.path), [goldens.path, goldens.appendingPathComponent("renamed").path])
        XCTAssertEqual(unused.summaryLines.last, goldens.path + "/fade/old/frame_00001.png: unused")
    }

    func testNothingIsUnusedWhenEveryPNGIsAGoldenFrame() throws {
        for path in ["fade/old/frame_00001.png", "renamed", "broken", "stray.png"] {
            try FileManager.default.removeItem(at: goldens.appendingPathComponent(path))
        }

        let unused = UnusedGoldens.find(in: goldens, goldenFrames: ["fade": [0, 30, 90]], allScenes: true)

        XCTAssertTrue(unused.isEmpty)
        XCTAssertEqual(unused.summaryLines, [])
    }

    func testAMissingGoldenDirectoryHasNoUnusedGoldens() {
        let unused = UnusedGoldens.find(in: goldens.appendingPathComponent("nowhere"), goldenFrames: [:], allScenes: true)

        XCTAssertTrue(unused.isEmpty)
    }
}
