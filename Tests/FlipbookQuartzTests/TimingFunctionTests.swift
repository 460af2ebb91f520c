import FlipbookQuartz
import XCTest

/// T1: the named curves against an exact Bézier solve (FACTS §1 table), to 1e-5.
final class TimingFunctionTests: XCTestCase {
    private let xs = [0.1, 0.25, 0.5, 0.75, 0.9]

    private func check(_ function: TimingFunction, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(xs, expected) {
            XCTAssertEqual(function.value(at: x), y, accuracy: 1e-5, "y(\(x))", file: file, line: line)
        }
    }

    func testEaseInMatchesTheFactsTable_T1() {
        check(.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428])
    }

    func testEaseOutMatchesTheFactsTable_T1() {
        check(.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973])
    }

    func testEaseInEaseOutMatchesTheFactsTable_T1() {
        check(.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278])
    }

    func testDefaultMatchesTheFactsTable_T1() {
        check(.default, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316])
    }

    func testEndsAreExactAndLinearIsIdentity_T1() {
        for function in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, TimingFunction(0.9, -0.5, 0.1, 1.5)] {
            XCTAssertEqual(function.value(at: 0), 0, accuracy: 1e-9)
            XCTAssertEqual(function.value(at: 1), 1, accuracy: 1e-9)
        }
        XCTAssertEqual(TimingFunction.linear.value(at: 0.37), 0.37)
    }

    func testCustomControlPointsCanOvershoot_T1() {
        let back = TimingFunction(0.5, -0.5, 0.5, 1.5)

        XCTAssertLessThan(back.value(at: 0.1), 0)
        XCTAssertGreaterThan(back.value(at: 0.9), 1)
        XCTAssertEqual(back.value(at: 0.5), 0.5, accuracy: 1e-9)
    }

    func testOutsideZeroToOneExtrapolatesAlongTheEndTangents_T1() {
        // easeIn's second control point is its end point, so its end tangent points at
        // the first control point (0.42, 0): slope 1 / 0.58.
        XCTAssertEqual(TimingFunction.easeIn.value(at: 1.5), 1 + 0.5 / 0.58, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.easeOut.value(at: 1.5), 1, accuracy: 1e-12)
        XCTAssertEqual(TimingFunction.default.value(at: -0.5), -0.5 * 0.1 / 0.25, accuracy: 1e-12)
    }

    func testCAMediaTimingFunctionNamesAndControlPoints_T1() {
        let named = CAMediaTimingFunction(name: .easeInEaseOut)
        var point: [Float] = [0, 0]

        named.getControlPoint(at: 1, values: &point)

        XCTAssertEqual(point, [0.42, 0])
        let custom = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)
        XCTAssertEqual(custom.function.value(at: 0.3), named.function.value(at: 0.3), accuracy: 1e-6)
        XCTAssertEqual(CAMediaTimingFunction(name: .default).function, .default)
    }
}
