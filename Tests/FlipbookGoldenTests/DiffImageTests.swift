import XCTest
import FlipbookRender
import FlipbookGolden

final class DiffImageTests: XCTestCase {
    let expected = Bitmap(width: 4, height: 3, filledWith: RGBA8(0, 0, 0))

    func testDifferingPixelsArePureRedAndTheRestFadedGray() {
        let actual = expected.setting(1, 2, to: RGBA8(200, 0, 0))

        let diff = diffImage(expected: expected, actual: actual, perChannel: 2)

        XCTAssertEqual(diff[1, 2], RGBA8(255, 0, 0))
        XCTAssertEqual(diff[0, 0], RGBA8(191, 191, 191), "black at 25 % over white")
        let redPixels = (0..<3).flatMap { y in (0..<4).map { x in diff[x, y] } }.filter { $0 == RGBA8(255, 0, 0) }
        XCTAssertEqual(redPixels.count, 1)
    }

    func testDifferencesWithinPerChannelAreNotMarked() {
        let actual = expected.setting(1, 2, to: RGBA8(2, 0, 0))

        let diff = diffImage(expected: expected, actual: actual, perChannel: 2)

        XCTAssertEqual(diff[1, 2], RGBA8(191, 191, 191))
    }

    func testTransparentExpectedPixelsFadeToWhite() {
        let clear = Bitmap(width: 1, height: 1, filledWith: RGBA8(0, 0, 0, 0))

        let diff = diffImage(expected: clear, actual: clear, perChannel: 2)

        XCTAssertEqual(diff[0, 0], RGBA8(255, 255, 255))
    }

    func testSizeMismatchCoversBothAndMarksPixelsOnlyOneHasRed() {
        let taller = Bitmap(width: 3, height: 4, filledWith: RGBA8(0, 0, 0))

        let diff = diffImage(expected: expected, actual: taller, perChannel: 2)

        XCTAssertEqual(diff.width, 4)
        XCTAssertEqual(diff.height, 4)
        XCTAssertEqual(diff[0, 0], RGBA8(191, 191, 191))
        XCTAssertEqual(diff[3, 0], RGBA8(255, 0, 0), "only the expected frame has column 3")
        XCTAssertEqual(diff[0, 3], RGBA8(255, 0, 0), "only the actual frame has row 3")
    }
}
