import Foundation
import XCTest
@testable import FlipbookQuartz

final class CGPathTests: XCTestCase {
    func testMutablePathBuiltAsCoreGraphicsCodeDoesIsAPath() {
        let path = CGMutablePath()

        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 5))
        let shape: CGPath = path

        XCTAssertEqual(shape.elements, [.moveTo(CGPoint(x: 0, y: 0)), .addLineTo(CGPoint(x: 10, y: 5))])
    }

    func testEllipseBoundingBoxesAreItsRect() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)

        let path = CGPath(ellipseIn: rect)

        assertRect(path.boundingBox, rect)
        assertRect(path.boundingBoxOfPath, rect)
    }

    func testEllipseStartsAtRightMiddleAndTurnsTowardsLargerY() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)

        let elements = CGPath(ellipseIn: rect).elements

        XCTAssertEqual(elements.count, 6)
        XCTAssertEqual(elements.first, .moveTo(CGPoint(x: 100, y: 25)))
        guard case .addCurveTo(let end, let control1, _) = elements[1] else { return XCTFail("\(elements)") }
        XCTAssertEqual(end, CGPoint(x: 50, y: 50))
        XCTAssertEqual(control1.y, 25 + 25 * 0.5522847498, accuracy: 1e-9)
        XCTAssertEqual(elements.last, .closeSubpath)
    }

    func testRoundedRectStartsAfterTopLeftCornerAndStaysInsideRect() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)

        let path = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 20)

        XCTAssertEqual(path.elements.count, 10)
        XCTAssertEqual(path.elements.first, .moveTo(CGPoint(x: 10, y: 0)))
        XCTAssertEqual(path.elements[1], .addLineTo(CGPoint(x: 90, y: 0)))
        assertRect(path.boundingBox, rect)
        assertRect(path.boundingBoxOfPath, rect)
    }

    func testRoundedRectClampsCornersToHalfTheSide() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)

        let path = CGPath(roundedRect: rect, cornerWidth: 80, cornerHeight: 80)

        XCTAssertEqual(path.elements.first, .moveTo(CGPoint(x: 50, y: 0)))
        XCTAssertFalse(path.elements.contains { if case .addLineTo = $0 { true } else { false } })
        assertRect(path.boundingBoxOfPath, rect)
    }

    func testArcTightBoxUsesCurveExtremaWhileBoundingBoxIncludesControlPoints() {
        let path = CGMutablePath()

        path.addArc(center: .zero, radius: 100, startAngle: .pi / 4, endAngle: 3 * .pi / 4, clockwise: false)

        let half = 2.0.squareRoot() / 2
        assertRect(path.boundingBoxOfPath, CGRect(x: -100 * half, y: 100 * half, width: 200 * half, height: 100 - 100 * half))
        let handle = 4.0 / 3 * tan(CGFloat.pi / 8) * 100
        XCTAssertEqual(path.boundingBox.maxY, 100 * half + handle * half, accuracy: 1e-9)
        XCTAssertEqual(path.boundingBox.maxY, 109.763, accuracy: 1e-3)
    }

    func testArcClockwiseSweepsTowardsDecreasingAngles() {
        let path = CGMutablePath()

        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)

        XCTAssertEqual(path.elements.count, 4)
        assertPoint(path.currentPoint, CGPoint(x: 0, y: 10))
        assertRect(path.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20))
    }

    func testFullTurnArcIsFourQuarterCurves() {
        let path = CGMutablePath()

        path.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: 2 * .pi, clockwise: false)

        XCTAssertEqual(path.elements.count, 5)
        assertRect(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 100))
        assertPoint(path.currentPoint, CGPoint(x: 100, y: 50))
    }

    func testWholeTurnsTheOtherWayAreAWholeCircleAsOnIOS() {
        let bezier = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: 2 * .pi,
                                  clockwise: false)
        let reversed = CGMutablePath()

        reversed.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: 2 * .pi, endAngle: 0, clockwise: false)

        for path in [bezier.cgPath, reversed] {
            XCTAssertEqual(path.elements.count, 5, "a move and four quarter curves")
            assertRect(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 100))
        }
    }

    func testAnArcWhoseEndIsItsStartIsNothing() {
        let path = CGMutablePath()

        path.addArc(center: .zero, radius: 10, startAngle: 1, endAngle: 1, clockwise: true)

        XCTAssertEqual(path.elements.count, 1, "only the move to the start")
    }

    func testArcAfterExistingPointStartsWithLine() {
        let path = CGMutablePath()
        path.move(to: .zero)

        path.addArc(center: CGPoint(x: 50, y: 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)

        XCTAssertEqual(path.elements[1], .addLineTo(CGPoint(x: 60, y: 0)))
    }

    func testQuadCurveTightBoxStopsAtCurveExtremum() {
        let path = CGMutablePath()
        path.move(to: .zero)

        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))

        assertRect(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50))
        assertRect(path.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    func testSegmentWithoutCurrentPointIsIgnored() {
        let path = CGMutablePath()

        path.addLine(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: .zero, control1: .zero, control2: .zero)

        XCTAssertTrue(path.isEmpty)
        XCTAssertTrue(path.boundingBox.isNull)
        XCTAssertTrue(path.boundingBoxOfPath.isNull)
    }

    func testCurrentPointReturnsToSubpathStartAfterClose() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 1, y: 2), CGPoint(x: 5, y: 2), CGPoint(x: 5, y: 7)])

        path.closeSubpath()

        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 2))
    }

    func testRectPathRunsFromOriginAlongTopEdge() {
        let rect = CGRect(x: 10, y: 20, width: -5, height: 40)

        let path = CGPath(rect: rect)

        XCTAssertEqual(path.elements, [
            .moveTo(CGPoint(x: 5, y: 20)), .addLineTo(CGPoint(x: 10, y: 20)),
            .addLineTo(CGPoint(x: 10, y: 60)), .addLineTo(CGPoint(x: 5, y: 60)), .closeSubpath,
        ])
    }

    func testApplyingMapsEveryPointIncludingControls() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))

        var transform = CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 1)
        let moved = path.copy(using: &transform)!

        assertRect(moved.boundingBox, CGRect(x: 5, y: 0, width: 20, height: 10))
        XCTAssertEqual(moved.elements.count, path.elements.count)
    }

    func testRectTransformParameterMapsCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)

        let path = CGPath(rect: rect, transform: CGAffineTransform(rotationAngle: .pi / 2))

        assertRect(path.boundingBox, CGRect(x: -20, y: 0, width: 20, height: 10))
    }

    func testBezierPathClockwiseTurnsTowardsIncreasingAngles() {
        let center = CGPoint.zero

        let path = UIBezierPath(arcCenter: center, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)

        XCTAssertEqual(path.cgPath.elements.count, 2)
        assertRect(path.cgPath.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testBezierPathRoundedRectClampsRadiusAndKeepsBounds() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)

        let path = UIBezierPath(roundedRect: rect, cornerRadius: 30)

        XCTAssertEqual(path.cgPath.elements.first, .moveTo(CGPoint(x: 20, y: 0)))
        assertRect(path.bounds, rect)
        XCTAssertEqual(path.lineWidth, 1)
    }

    func testBezierPathBuildsCloseAndApplies() {
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 5, y: 15), controlPoint2: CGPoint(x: 5, y: 15))
        path.close()

        path.apply(CGAffineTransform(translationX: 100, y: 0))

        assertRect(path.bounds, CGRect(x: 100, y: 0, width: 20, height: 15))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 100, y: 0))
        XCTAssertEqual(path.cgPath.elements.last, .closeSubpath)
    }

    func testBezierPathOvalMatchesCGPathEllipse() {
        let rect = CGRect(x: 0, y: 0, width: 30, height: 20)

        let oval = UIBezierPath(ovalIn: rect)

        XCTAssertEqual(oval.cgPath, CGPath(ellipseIn: rect))
        XCTAssertEqual(UIBezierPath(rect: rect).cgPath, CGPath(rect: rect))
    }

    private func assertRect(_ r: CGRect, _ s: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        for (actual, wanted) in zip([r.minX, r.minY, r.width, r.height], [s.minX, s.minY, s.width, s.height]) {
            XCTAssertEqual(actual, wanted, accuracy: 1e-9, "\(r) vs \(s)", file: file, line: line)
        }
    }

    private func assertPoint(_ p: CGPoint, _ q: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
    }
}
