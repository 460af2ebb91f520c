import XCTest
import FlipbookGolden

final class GoldenRecordModeTests: XCTestCase {
    func testDefaultsToRecordingMissingGoldensLocally() throws {
        let environment = ["HOME": "/root"]

        let mode = try GoldenRecordMode.fromEnvironment(environment)

        XCTAssertEqual(mode, .missing)
    }

    func testDefaultsToNeverRecordingOnCI() throws {
        let environment = ["CI": "true"]

        let mode = try GoldenRecordMode.fromEnvironment(environment)

        XCTAssertEqual(mode, .never)
    }

    func testEmptyCIVariableCountsAsLocal() throws {
        let environment = ["CI": ""]

        let mode = try GoldenRecordMode.fromEnvironment(environment)

        XCTAssertEqual(mode, .missing)
    }

    func testCIFalseOrZeroCountsAsLocal() throws {
        for value in ["false", "FALSE", "0"] {
            XCTAssertEqual(try GoldenRecordMode.fromEnvironment(["CI": value]), .missing, "CI=\(value)")
        }
    }

    func testGoldenRecordOverridesTheCIDefault() throws {
        let environment = ["CI": "1", "GOLDEN_RECORD": "failed"]

        let mode = try GoldenRecordMode.fromEnvironment(environment)

        XCTAssertEqual(mode, .failed)
    }

    func testEveryModeIsReadByItsName() throws {
        let modes = try ["missing", "all", "failed", "changed", "never"].map {
            try GoldenRecordMode.fromEnvironment(["GOLDEN_RECORD": $0])
        }

        XCTAssertEqual(modes, [.missing, .all, .failed, .changed, .never])
    }

    func testUnknownValueIsAnErrorNamingTheValidOnes() {
        let environment = ["GOLDEN_RECORD": "sometimes"]

        XCTAssertThrowsError(try GoldenRecordMode.fromEnvironment(environment)) { error in
            XCTAssertEqual("\(error)",
                           "error: GOLDEN_RECORD=sometimes is not a record mode; use one of missing, all, failed, changed, never")
        }
    }
}
