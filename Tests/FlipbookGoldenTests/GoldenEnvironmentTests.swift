import Foundation
import XCTest
import FlipbookGolden

final class GoldenEnvironmentTests: XCTestCase {
    let recorded = ["cairo": "1.16.0", "pango": "1.50.12", "pixman": "0.42.2"]

    func testMismatchNamesTheOneLibraryThatDiffers() {
        var current = recorded
        current["cairo"] = "1.18.0"

        let description = GoldenEnvironment.mismatchDescription(recorded: recorded, current: current)

        XCTAssertEqual(description,
                       "goldens were recorded with cairo 1.16.0, this machine has 1.18.0 — pixel differences may come from that")
    }

    func testMismatchNamesEachDifferingLibraryOnBothSides() {
        var current = recorded
        current["cairo"] = "1.18.0"
        current["pango"] = "1.52.1"

        let description = GoldenEnvironment.mismatchDescription(recorded: recorded, current: current)

        XCTAssertEqual(description, "goldens were recorded with cairo 1.16.0 and pango 1.50.12, "
                       + "this machine has cairo 1.18.0 and pango 1.52.1 — pixel differences may come from that")
    }

    func testLibraryAbsentFromTheRecordIsAMismatch() {
        var current = recorded
        current["freetype"] = "2.12.1"

        let description = GoldenEnvironment.mismatchDescription(recorded: recorded, current: current)

        XCTAssertEqual(description, "goldens were recorded with freetype (none), this machine has 2.12.1"
                       + " — pixel differences may come from that")
    }

    func testSameVersionsAreNoMismatch() {
        let current = recorded

        let description = GoldenEnvironment.mismatchDescription(recorded: recorded, current: current)

        XCTAssertNil(description)
    }

    func testWrittenVersionsArePrettySortedJSONThatReadsBack() throws {
        let directory = try makeTemporaryDirectory().appendingPathComponent("golden")

        try GoldenEnvironment.write(recorded, to: directory)

        let text = try String(contentsOf: directory.appendingPathComponent("ENVIRONMENT.json"), encoding: .utf8)
        XCTAssertEqual(text, """
            {
              "cairo" : "1.16.0",
              "pango" : "1.50.12",
              "pixman" : "0.42.2"
            }

            """)
        XCTAssertEqual(try GoldenEnvironment.read(from: directory), recorded)
    }

    func testReadingADirectoryWithoutARecordGivesNil() throws {
        let directory = try makeTemporaryDirectory()

        let versions = try GoldenEnvironment.read(from: directory)

        XCTAssertNil(versions)
    }

    func testMalformedRecordIsAnErrorNamingTheFile() throws {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("ENVIRONMENT.json")
        try Data("[1, 2]".utf8).write(to: file)

        XCTAssertThrowsError(try GoldenEnvironment.read(from: directory)) { error in
            XCTAssertEqual((error as? GoldenError)?.path, file.path)
        }
    }
}
