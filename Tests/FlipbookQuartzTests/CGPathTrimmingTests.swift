import FlipbookQuartz
import Foundation
import Testing

/// Trimming paths by arc length for strokeStart/strokeEnd, and interpolating paths (G7).
@Suite struct CGPathTrimmingTests {
    @Test func trimmingACurveEndsAtTheSamplersPointOfThatLength_G7() throws {
        let path = try CGPath(svgPathData: "M0 0 C0 100 100 100 100 0")
        let sampler = PathSampler(path: path)

        let pieces = path.trimmed(from: 0.2, to: 0.7)

        #expect(pieces.count == 1)
        let trimmed = PathSampler(path: pieces[0].path)
        let start = sampler.point(atDistanceFraction: 0.2).point, end = sampler.point(atDistanceFraction: 0.7).point
        #expect(hypot(trimmed.startPoint.x - start.x, trimmed.startPoint.y - start.y) < 1e-6)
        let last = trimmed.point(atKeyframeFraction: 1).point
        #expect(hypot(last.x - end.x, last.y - end.y) < 1e-6)
        #expect(abs(trimmed.length - 0.5 * sampler.length) < 1e-6 * sampler.length)
        #expect(abs(pieces[0].distanceIntoSubpath - 0.2 * sampler.length) < 1e-9)
    }

    @Test func wholeRangeKeepsThePathAndItsCloses_G7() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))

        #expect(square.trimmed(from: 0, to: 1).map(\.path) == [square])
        #expect(square.trimmed(from: 0.5, to: 0.5).isEmpty)
    }

    @Test func trimmingAcrossSubpathsGivesAPiecePerSubpath_G7() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        path.addLines(between: [CGPoint(x: 0, y: 5), CGPoint(x: 10, y: 5)])

        let pieces = path.trimmed(from: 0.25, to: 0.75)

        #expect(pieces.map(\.path.points) == [[CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 0)],
                                              [CGPoint(x: 0, y: 5), CGPoint(x: 5, y: 5)]])
        #expect(pieces.map(\.distanceIntoSubpath) == [5, 0])
    }

    @Test func pathsOfOneStructureInterpolatePointByPoint_G7() throws {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = CGPath(rect: CGRect(x: 20, y: 0, width: 30, height: 10))

        let half = try #require(a.interpolated(to: b, fraction: 0.5))

        #expect(half == CGPath(rect: CGRect(x: 10, y: 0, width: 20, height: 10)))
        #expect(a.interpolated(to: CGPath(ellipseIn: .zero), fraction: 0.5) == nil)
    }
}

/// Cubic keyframes over lists of different lengths fall back to interpolating each pair (G7, CA4).
@MainActor
@Suite struct ListKeyframeTests {
    @Test func cubicKeyframesOverListsOfDifferentLengthsDoNotMixComponents_G7_CA4() {
        let stage = Stage()
        let layer = CAGradientLayer()
        stage.root.addSublayer(layer)
        stage.turn {}
        let animation = CAKeyframeAnimation(keyPath: "locations")
        animation.values = [[0.0, 0.5, 1.0], [0.2, 0.8], [0.0, 1.0]]
        animation.calculationMode = .cubic
        animation.duration = 1

        stage.turn { layer.add(animation, forKey: "locations") }
        stage.advance(to: 0.1)

        #expect(stage.presented(layer, "locations") == .numbers([0, 0.5, 1]))
    }
}
