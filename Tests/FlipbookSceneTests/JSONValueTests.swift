import FlipbookScene
import XCTest

/// The number and key formatting of `probe` and `events` output (docs/golden-testing.md
/// "Numbers instead of pixels").
final class JSONValueTests: XCTestCase {
    func testNumbersAreRoundedAndNeverNegativeZero() {
        XCTAssertEqual(JSONValue.number(1).description, "1.0")
        XCTAssertEqual(JSONValue.number(0.1 + 0.2).description, "0.3")
        XCTAssertEqual(JSONValue.number(-1.2e-16).description, "0.0")
        XCTAssertEqual(JSONValue.number(-0.0).description, "0.0")
        XCTAssertEqual(JSONValue.number(.nan).description, "null")
    }

    func testObjectsKeepTheirKeyOrderAndStringsAreEscaped() {
        let value = JSONValue.object([("t", .number(0.5)), ("event", .string("log")), ("message", .string("a \"b\"\n"))])

        XCTAssertEqual(value.description, #"{"t":0.5,"event":"log","message":"a \"b\"\n"}"#)
    }
}
