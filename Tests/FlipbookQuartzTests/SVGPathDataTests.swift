import Foundation
import XCTest
@testable import FlipbookQuartz

final class SVGPathDataTests: XCTestCase {
    func testAbsoluteCommandsGiveTheElementsBuiltByHand() throws {
        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 10, y: 20))
        expected.addLine(to: CGPoint(x: 30, y: 40))
        expected.addQuadCurve(to: CGPoint(x: 70, y: 80), control: CGPoint(x: 50, y: 60))
        expected.addCurve(to: CGPoint(x: 5, y: 6), control1: CGPoint(x: 1, y: 2), control2: CGPoint(x: 3, y: 4))
        expected.closeSubpath()

        let path = try CGPath(svgPathData: "M10 20 L30 40 Q50 60 70 80 C1 2 3 4 5 6 Z")

        XCTAssertEqual(path.elements, expected.elements)
    }

    func testRelativeCommandsGiveTheSameElementsAsAbsoluteOnes() throws {
        let absolute = try CGPath(svgPathData: "M10 20 L30 40 Q50 60 70 80 C71 82 73 84 75 86 Z M5 5 L6 6")

        let relative = try CGPath(svgPathData: "m10 20 l20 20 q20 20 40 40 c1 2 3 4 5 6 z m-5 -15 l1 1")

        XCTAssertEqual(relative.elements, absolute.elements)
    }

    func testHorizontalAndVerticalLinesKeepTheOtherCoordinate() throws {
        let svg = "M10 20 H50 V60 h-10 v-5"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(path.elements, [
            .moveTo(CGPoint(x: 10, y: 20)), .addLineTo(CGPoint(x: 50, y: 20)), .addLineTo(CGPoint(x: 50, y: 60)),
            .addLineTo(CGPoint(x: 40, y: 60)), .addLineTo(CGPoint(x: 40, y: 55)),
        ])
    }

    func testSmoothCubicReflectsThePreviousSecondControlPoint() throws {
        let svg = "M0 0 C10 0 20 10 30 10 S50 20 60 0 s10 10 20 0 M0 0 S10 10 20 0"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(Array(path.elements[2...3]), [
            .addCurveTo(CGPoint(x: 60, y: 0), control1: CGPoint(x: 40, y: 10), control2: CGPoint(x: 50, y: 20)),
            .addCurveTo(CGPoint(x: 80, y: 0), control1: CGPoint(x: 70, y: -20), control2: CGPoint(x: 70, y: 10)),
        ])
        // Without a cubic before it, S's first control point is the current point.
        XCTAssertEqual(path.elements[5], .addCurveTo(CGPoint(x: 20, y: 0), control1: .zero, control2: CGPoint(x: 10, y: 10)))
    }

    func testSmoothQuadReflectsThePreviousControlPointThroughRepeats() throws {
        let svg = "M0 0 Q10 10 20 0 T40 0 t20 0 L70 0 T80 0"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(Array(path.elements[2...]), [
            .addQuadCurveTo(CGPoint(x: 40, y: 0), control: CGPoint(x: 30, y: -10)),
            .addQuadCurveTo(CGPoint(x: 60, y: 0), control: CGPoint(x: 50, y: 10)),
            .addLineTo(CGPoint(x: 70, y: 0)),
            .addQuadCurveTo(CGPoint(x: 80, y: 0), control: CGPoint(x: 70, y: 0)),
        ])
    }

    func testNumbersAfterAMoveAreLinesOfTheSameRelativity() throws {
        let absolute = try CGPath(svgPathData: "M0 0 10 0 10 10")

        let relative = try CGPath(svgPathData: "m1 1 2 2 3 3")

        XCTAssertEqual(absolute.elements, [
            .moveTo(.zero), .addLineTo(CGPoint(x: 10, y: 0)), .addLineTo(CGPoint(x: 10, y: 10)),
        ])
        XCTAssertEqual(relative.elements, [
            .moveTo(CGPoint(x: 1, y: 1)), .addLineTo(CGPoint(x: 3, y: 3)), .addLineTo(CGPoint(x: 6, y: 6)),
        ])
    }

    func testCommandsRepeatWithoutTheirLetter() throws {
        let svg = "M0 0 C1 1 2 2 3 3 4 4 5 5 6 6 h1 2"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(Array(path.elements[1...]), [
            .addCurveTo(CGPoint(x: 3, y: 3), control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: 2, y: 2)),
            .addCurveTo(CGPoint(x: 6, y: 6), control1: CGPoint(x: 4, y: 4), control2: CGPoint(x: 5, y: 5)),
            .addLineTo(CGPoint(x: 7, y: 6)), .addLineTo(CGPoint(x: 9, y: 6)),
        ])
    }

    func testCompactNumbersSplitAtSignsSecondPointsAndCommas() throws {
        let svg = "M.5.5-1e-3-.5L1E2,+3\n, \t4.e1 0"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(path.elements, [
            .moveTo(CGPoint(x: 0.5, y: 0.5)), .addLineTo(CGPoint(x: -0.001, y: -0.5)),
            .addLineTo(CGPoint(x: 100, y: 3)), .addLineTo(CGPoint(x: 40, y: 0)),
        ])
    }

    func testRelativeCommandAfterCloseStartsFromTheSubpathStart() throws {
        let svg = "M10 10 l10 0 z l0 5"

        let path = try CGPath(svgPathData: svg)

        XCTAssertEqual(path.elements.last, .addLineTo(CGPoint(x: 10, y: 15)))
    }

    func testArcBecomesCubicsOnItsCircleTurningTheWaySweepSays() throws {
        let center = CGPoint(x: 50, y: 0)

        let positive = try CGPath(svgPathData: "M0 0 A50 50 0 0 1 100 0")
        let negative = try CGPath(svgPathData: "M0 0 a1 1 0 0 0 100 0")

        for path in [positive, negative] {
            XCTAssertEqual(path.elements.count, 3)
            XCTAssertEqual(path.currentPoint, CGPoint(x: 100, y: 0))
            let sampler = PathSampler(path: path)
            for u in stride(from: 0.0, through: 1, by: 0.05) {
                let p = sampler.point(atKeyframeFraction: u).point
                XCTAssertEqual(hypot(p.x - center.x, p.y - center.y), 50, accuracy: 0.02, "\(p)")
            }
        }
        // Sweep 1 turns towards increasing angles: through -y from the left end.
        XCTAssertEqual(positive.boundingBoxOfPath.minY, -50, accuracy: 1e-9)
        // Radii too small to reach the end grow to a half circle; sweep 0 goes through +y.
        XCTAssertEqual(negative.boundingBoxOfPath.maxY, 50, accuracy: 1e-9)
    }

    func testArcFlagsMayTouchTheirNeighboursAndZeroRadiusDrawsALine() throws {
        let compact = try CGPath(svgPathData: "M0 0 a5 5 0 1010 0")
        let flat = try CGPath(svgPathData: "M0 0 A0 5 0 0 1 10 0")

        XCTAssertEqual(compact.currentPoint, CGPoint(x: 10, y: 0))
        XCTAssertEqual(compact.boundingBoxOfPath.maxY, 5, accuracy: 1e-9)
        XCTAssertEqual(flat.elements, [.moveTo(.zero), .addLineTo(CGPoint(x: 10, y: 0))])
    }

    func testEmptyDataGivesAnEmptyPath() throws {
        let data = " \n\t"

        let path = try CGPath(svgPathData: data)

        XCTAssertTrue(path.isEmpty)
    }

    func testBadDataThrowsWhereAndWhatWasExpected() {
        let arcArguments = "(rx ry x-axis-rotation large-arc-flag sweep-flag x y)"
        let cases: [(data: String, offset: Int, message: String)] = [
            ("L 10 10", 0, "path data must start with a move (M or m)"),
            ("  10 10", 2, "path data must start with a move (M or m)"),
            ("M 10 10 X 5", 8, "unknown command 'X'"),
            ("M 10 10 L", 9, "expected a number after 'L'"),
            ("M,1 1", 1, "expected a number after 'M'"),
            ("M 10 10 L 5", 11, "expected y, a number, for 'L' (x y)"),
            ("M 1e 2", 4, "expected digits in the exponent of a number"),
            ("M 10 10,", 8, "expected a number after ','"),
            ("M 10 10 # 1", 8, "expected a command letter, found '#'"),
            ("M0 0 Z 5", 7, "expected a command letter, found '5'"),
            ("M0 0\r\né", 5, "expected a command letter, found 'é'"),
            ("M1e999 0", 1, "number is out of range"),
            ("M0 0 A 5 5 0 2 0 10 10", 13, "expected large-arc-flag, 0 or 1, for 'A' \(arcArguments)"),
        ]

        for (data, offset, message) in cases {
            XCTAssertThrowsError(try CGPath(svgPathData: data), data) { error in
                XCTAssertEqual(error as? SVGPathDataError, SVGPathDataError(offset: offset, message: message), data)
            }
        }
    }

    func testArcRadiiWhoseSquaresLeaveDoubleRangeDrawALineNotATrap() throws {
        let tiny = try CGPath(svgPathData: "M0 0 A 1e-300 1e-300 0 1 1 10 10")
        let huge = try CGPath(svgPathData: "M0 0 A 1e300 1e300 0 1 1 10 10")

        XCTAssertEqual(tiny.elements, [.moveTo(CGPoint(x: 0, y: 0)), .addLineTo(CGPoint(x: 10, y: 10))])
        guard case .addCurveTo(let end, _, _)? = huge.elements.last else { return XCTFail("\(huge.elements)") }
        XCTAssertEqual(end, CGPoint(x: 10, y: 10), "a huge circle's arc, ending where asked")
    }
}
