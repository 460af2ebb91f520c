import XCTest
import FlipbookRender
import FlipbookGolden

final class ImageComparisonTests: XCTestCase {
    let gray = Bitmap(width: 8, height: 4, filledWith: RGBA8(100, 100, 100))

    func testEqualBytesAreIdentical() {
        let result = compare(expected: gray, actual: gray, tolerance: GoldenTolerance())

        XCTAssertTrue(result.identical)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.maxChannelDifference, 0)
        XCTAssertFalse(result.sizeMismatch)
        XCTAssertTrue(result.passed(within: GoldenTolerance(perChannel: 0, allowedPixels: 0)))
    }

    func testDifferenceAtThePerChannelLimitPassesButIsNotIdentical() {
        let actual = gray.setting(3, 1, to: RGBA8(102, 100, 99))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 2))

        XCTAssertFalse(result.identical)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.maxChannelDifference, 2)
        XCTAssertTrue(result.passed(within: GoldenTolerance(perChannel: 2)))
    }

    func testDifferenceOneAboveThePerChannelLimitFails() {
        let actual = gray.setting(3, 1, to: RGBA8(100, 103, 100))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 2))

        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(result.maxChannelDifference, 3)
        XCTAssertFalse(result.passed(within: GoldenTolerance(perChannel: 2)))
    }

    func testAlphaDifferenceCountsLikeAColourDifference() {
        let actual = gray.setting(0, 0, to: RGBA8(100, 100, 100, 250))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 2))

        XCTAssertEqual(result.differingPixels, 1)
        XCTAssertEqual(result.maxChannelDifference, 5)
    }

    func testExactlyTheAllowedNumberOfDifferingPixelsPasses() {
        let actual = gray.setting(first: 5, to: RGBA8(0, 0, 0))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 2, allowedPixels: 5))

        XCTAssertEqual(result.differingPixels, 5)
        XCTAssertTrue(result.passed(within: GoldenTolerance(perChannel: 2, allowedPixels: 5)))
    }

    func testOneMoreThanTheAllowedNumberOfDifferingPixelsFails() {
        let actual = gray.setting(first: 6, to: RGBA8(0, 0, 0))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 2, allowedPixels: 5))

        XCTAssertEqual(result.differingPixels, 6)
        XCTAssertFalse(result.passed(within: GoldenTolerance(perChannel: 2, allowedPixels: 5)))
    }

    func testPassedIsExactForAToleranceOtherThanTheComparedOne() {
        let actual = gray.setting(first: 3, to: RGBA8(110, 100, 100)).setting(7, 3, to: RGBA8(100, 100, 130))

        let result = compare(expected: gray, actual: actual, tolerance: GoldenTolerance(perChannel: 0))

        XCTAssertEqual(result.differingPixels, 4)
        XCTAssertEqual(result.pixelsDiffering(byMoreThan: 10), 1)
        XCTAssertTrue(result.passed(within: GoldenTolerance(perChannel: 10, allowedPixels: 1)))
        XCTAssertFalse(result.passed(within: GoldenTolerance(perChannel: 9, allowedPixels: 1)))
    }

    func testDifferentSizesFailWhateverTheTolerance() {
        let wider = Bitmap(width: 9, height: 4, filledWith: RGBA8(100, 100, 100))

        let result = compare(expected: gray, actual: wider, tolerance: GoldenTolerance(perChannel: 255, allowedPixels: 1000))

        XCTAssertTrue(result.sizeMismatch)
        XCTAssertFalse(result.identical)
        XCTAssertEqual(result.expectedSize, ComparisonResult.Size(width: 8, height: 4))
        XCTAssertEqual(result.actualSize, ComparisonResult.Size(width: 9, height: 4))
        XCTAssertFalse(result.passed(within: GoldenTolerance(perChannel: 255, allowedPixels: 1000)))
    }

    func testPixelsAreComparedAsStraightColours() {
        // Premultiplied, these differ by 1 in red; straight, by 255 / 2 ≈ 128.
        let expected = Bitmap(width: 1, height: 1, pixels: [0, 0, 1, 2])
        let actual = Bitmap(width: 1, height: 1, pixels: [0, 0, 2, 2])

        let result = compare(expected: expected, actual: actual, tolerance: GoldenTolerance())

        XCTAssertEqual(result.maxChannelDifference, 127)
    }
}
