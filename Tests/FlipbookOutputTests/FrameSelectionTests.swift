import FlipbookOutput
import XCTest

final class FrameSelectionTests: XCTestCase {
    func testRangesListsOpenRangesAndLast() throws {
        let count = 400

        XCTAssertEqual(try FrameSelection("120-123").indices(frameCount: count), [120, 121, 122, 123])
        XCTAssertEqual(try FrameSelection("397-").indices(frameCount: count), [397, 398, 399])
        XCTAssertEqual(try FrameSelection("60,0,30,30").indices(frameCount: count), [0, 30, 60])
        XCTAssertEqual(try FrameSelection("last").indices(frameCount: count), [399])
        XCTAssertEqual(try FrameSelection("0, 2-3, last").indices(frameCount: count), [0, 2, 3, 399])
    }

    func testMalformedSelectionIsRejected() {
        for text in ["", "a", "3-x", "-5", "1--2", "1,,2"] {
            XCTAssertThrowsError(try FrameSelection(text), text)
        }
    }

    func testFramesPastTheEndAreRejectedNamingTheLastFrame() throws {
        func message(_ text: String) -> String? {
            do {
                _ = try FrameSelection(text).indices(frameCount: 10)
                return nil
            } catch {
                return "\(error)"
            }
        }

        XCTAssertEqual(message("0-10"), "frames 0-10 run past the last frame, 9")
        XCTAssertEqual(message("10"), "frame 10 is past the last frame, 9")
        XCTAssertEqual(message("12-"), "frame 12 is past the last frame, 9")
        XCTAssertEqual(message("5-2"), "'5-2' in --frames runs backwards; write 2-5")
        XCTAssertNil(message("0-9"))
        XCTAssertEqual(try FrameSelection("0-9").indices(frameCount: 10).count, 10)
    }
}
