import Foundation
import XCTest
@testable import FlipbookQuartz

/// CA4: where `CAKeyframeAnimation.path` puts a layer, with and without pacing.
final class PathSamplerTests: XCTestCase {
    /// Two lines: 100 to the right, then 300 down.
    private let elbow = PathSampler(path: buildPath { $0.addLines(between: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 300)]) })

    func testNonPacedSamplingGivesEachSegmentAnEqualShareOfTime_CA4() {
        let sampler = elbow

        let (joint, quarter) = (sampler.point(atKeyframeFraction: 0.5), sampler.point(atKeyframeFraction: 0.75))

        XCTAssertEqual(sampler.keyframeCount, 3)
        assertPoint(joint.point, CGPoint(x: 100, y: 0))
        assertPoint(quarter.point, CGPoint(x: 100, y: 150))
    }

    func testPacedSamplingMovesAtUniformSpeed_CA4() {
        let sampler = elbow

        let (joint, later) = (sampler.point(atDistanceFraction: 0.25), sampler.point(atDistanceFraction: 0.625))

        XCTAssertEqual(sampler.length, 400, accuracy: 1e-12)
        assertPoint(joint.point, CGPoint(x: 100, y: 0))
        assertPoint(later.point, CGPoint(x: 100, y: 150))
    }

    func testPacedSamplingUndoesACurvesUnevenParameter_CA4() {
        // A straight cubic whose parameter crowds towards its end.
        let sampler = PathSampler(path: buildPath {
            $0.move(to: .zero)
            $0.addCurve(to: CGPoint(x: 300, y: 0), control1: CGPoint(x: 200, y: 0), control2: CGPoint(x: 250, y: 0))
        })

        let xs = stride(from: 0.0, through: 1, by: 0.125).map { sampler.point(atDistanceFraction: $0).point.x }

        XCTAssertEqual(sampler.length, 300, accuracy: 1e-6)
        for (x, u) in zip(xs, stride(from: 0.0, through: 1, by: 0.125)) {
            XCTAssertEqual(x, 300 * u, accuracy: 1e-6, "u = \(u)")
        }
        XCTAssertGreaterThan(sampler.point(atKeyframeFraction: 0.5).point.x, 160)
    }

    func testCubicSegmentFollowsItsOwnBezierParameter_CA4() {
        let (p0, c1, c2, p3) = (CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 80), CGPoint(x: 90, y: 100), CGPoint(x: 120, y: 20))
        let sampler = PathSampler(path: buildPath { $0.move(to: p0); $0.addCurve(to: p3, control1: c1, control2: c2) })

        let middle = sampler.point(atSegment: 0, fraction: 0.5)

        assertPoint(middle.point, CGPoint(x: (p0.x + 3 * c1.x + 3 * c2.x + p3.x) / 8, y: (p0.y + 3 * c1.y + 3 * c2.y + p3.y) / 8))
        // B'(½) = ¾ (p3 + c2 − c1 − p0).
        XCTAssertEqual(middle.angle, atan2(Double(p3.y + c2.y - c1.y - p0.y), Double(p3.x + c2.x - c1.x - p0.x)), accuracy: 1e-12)
    }

    func testPacedSamplingAroundACircleStepsThroughUniformAngles_CA4() {
        let center = CGPoint(x: 100, y: 100)
        let sampler = PathSampler(path: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200)))

        let samples = (0..<32).map { sampler.point(atDistanceFraction: Double($0) / 32) }

        XCTAssertEqual(sampler.length, 200 * .pi, accuracy: 200 * .pi * 1e-3)
        for (k, sample) in samples.enumerated() {
            let (dx, dy) = (Double(sample.point.x - center.x), Double(sample.point.y - center.y))
            let expected = 2 * Double.pi * Double(k) / 32
            XCTAssertEqual(hypot(dx, dy) / 100, 1, accuracy: 1e-3, "k = \(k)")
            XCTAssertEqual(remainder(atan2(dy, dx) - expected, 2 * .pi), 0, accuracy: 1e-3, "k = \(k)")
            // Turning towards +y, the heading is a quarter turn ahead of the position, give
            // or take the 1.1e-3 rad by which a quarter-circle cubic's tangent strays.
            XCTAssertEqual(remainder(sample.angle - expected - .pi / 2, 2 * .pi), 0, accuracy: 1.2e-3, "k = \(k)")
        }
    }

    func testHeadingOfALineIsZeroMovingRightAndHalfPiMovingDown_CA4() {
        let sampler = elbow

        let (right, down) = (sampler.point(atKeyframeFraction: 0.25).angle, sampler.point(atKeyframeFraction: 0.75).angle)

        XCTAssertEqual(right, 0, accuracy: 1e-12)
        XCTAssertEqual(down, .pi / 2, accuracy: 1e-12)
    }

    func testHeadingWhereACurveStartsOnItsControlPointLooksJustInside_CA4() {
        let sampler = PathSampler(path: buildPath {
            $0.move(to: .zero)
            $0.addCurve(to: CGPoint(x: 100, y: 100), control1: .zero, control2: CGPoint(x: 100, y: 0))
        })

        let start = sampler.point(atSegment: 0, fraction: 0)

        XCTAssertEqual(start.angle, 0, accuracy: 1e-2)
    }

    func testCloseSubpathIsALineBackToTheStartWithItsOwnKeyframe_CA4() {
        let sampler = PathSampler(path: CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100)))

        let closing = sampler.point(atKeyframeFraction: 7 / 8)

        XCTAssertEqual(sampler.segments.count, 4)
        XCTAssertEqual(sampler.keyframeCount, 5)
        assertPoint(closing.point, CGPoint(x: 0, y: 50))
        XCTAssertEqual(closing.angle, -.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(sampler.length, 400, accuracy: 1e-12)
    }

    func testMoveAfterDrawingIsAJumpWithAKeyframeButNoLength_CA4() {
        let sampler = PathSampler(path: buildPath {
            $0.addLines(between: [.zero, CGPoint(x: 100, y: 0)])
            $0.addLines(between: [CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 100)])
        })

        let (duringJump, paced) = (sampler.point(atKeyframeFraction: 0.5), sampler.point(atDistanceFraction: 0.75))

        XCTAssertEqual(sampler.keyframeCount, 4)
        XCTAssertEqual(sampler.segments[1].shape, .jump)
        XCTAssertEqual(sampler.length, 200, accuracy: 1e-12)
        assertPoint(duringJump.point, CGPoint(x: 0, y: 100))
        XCTAssertEqual(duringJump.angle, 0, accuracy: 1e-12, "a jump faces where the path goes next")
        assertPoint(paced.point, CGPoint(x: 50, y: 100))
    }

    func testPathWithOnlyAMoveStaysAtItsPointAndAnEmptyPathAtZero_CA4() {
        let single = PathSampler(path: buildPath { $0.move(to: CGPoint(x: 7, y: 9)) })
        let empty = PathSampler(path: CGMutablePath())

        let samples = [single, empty].flatMap { sampler in
            [sampler.point(atKeyframeFraction: 0.5), sampler.point(atDistanceFraction: 0.5),
             sampler.point(atSegment: 3, fraction: .nan)]
        }

        XCTAssertEqual(single.keyframeCount, 1)
        XCTAssertEqual(empty.keyframeCount, 0)
        for (index, sample) in samples.enumerated() {
            assertPoint(sample.point, index < 3 ? CGPoint(x: 7, y: 9) : .zero)
            XCTAssertEqual(sample.angle, 0)
        }
    }

    private func assertPoint(_ p: CGPoint, _ q: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
    }
}

/// A path built by `build`, for samplers made from a few calls.
private func buildPath(_ build: (CGMutablePath) -> Void) -> CGPath {
    let path = CGMutablePath()
    build(path)
    return path
}
