import XCTest
import FlipbookRender

final class RenderEnvironmentTests: XCTestCase {
    func testLibraryVersionsNameTheFiveRenderingLibrariesWithDottedNumbers() throws {
        let versions = RenderEnvironment.libraryVersions()

        XCTAssertEqual(Set(versions.keys), ["cairo", "pixman", "pango", "freetype", "libpng"])
        for (library, version) in versions {
            XCTAssertNotNil(version.wholeMatch(of: /\d+\.\d+\.\d+/), "\(library) \(version)")
        }
    }
}
