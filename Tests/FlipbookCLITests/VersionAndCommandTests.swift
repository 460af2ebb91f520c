import Foundation
import XCTest

/// `flipbook --version` and a mistyped command.
final class VersionAndCommandTests: CLITestCase {
    func testVersionNamesTheBuildTheRenderingLibrariesAndFFmpeg() throws {
        let result = try flipbook("--version")

        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        XCTAssertTrue(lines[0].hasPrefix("flipbook, build "), lines[0])
        for library in ["cairo ", "pango ", "pixman ", "freetype ", "libpng "] {
            XCTAssertTrue(lines[1].contains(library), "\(library) in \(lines[1])")
        }
        XCTAssertTrue(lines[2].hasPrefix("ffmpeg version "), lines[2])
    }

    func testAMistypedCommandIsAUsageErrorThatSuggestsTheNearestOne() throws {
        let typo = try flipbook("rendr", "scenes/docs/hello.yaml")
        let unknown = try flipbook("paint", "x.yaml")
        let help = try flipbook("help", "render")

        XCTAssertEqual(typo.status, 64)
        XCTAssertEqual(typo.err, "flipbook: error: unknown command 'rendr' (did you mean 'render'?); see 'flipbook --help'\n")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.err, "flipbook: error: unknown command 'paint'; see 'flipbook --help'\n")
        XCTAssertEqual(help.status, 0, "help is a command too")
    }
}
