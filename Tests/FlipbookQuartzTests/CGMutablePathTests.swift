import FlipbookQuartz
import Foundation
import Testing

/// `CGMutablePath` as iOS code builds it: a reference held in a `let`, handed to layers
/// and animations, which keep what it was when given.
@Suite struct CGMutablePathTests {
    private let start = CGPoint(x: 0, y: 0), corner = CGPoint(x: 40, y: 0), end = CGPoint(x: 40, y: 30)

    @Test func letPathBuiltInPlaceIsTheShapeLayersPath() {
        let path = CGMutablePath()
        path.move(to: start)
        path.addLine(to: corner)
        let shape = CAShapeLayer()

        shape.path = path

        #expect(shape.path?.elements == [.moveTo(start), .addLineTo(corner)])
        #expect(shape.path == path)
    }

    @Test func changingThePathAfterAssigningItLeavesTheLayerAsItWas() {
        let path = CGMutablePath()
        path.move(to: start)
        path.addLine(to: corner)
        let shape = CAShapeLayer()
        shape.path = path

        path.addLine(to: end)

        #expect(shape.path?.elements.count == 2)
        #expect(!(shape.path is CGMutablePath))
        #expect(path.elements.count == 3)
    }

    @Test func copyIsImmutableAndMutableCopyIsIndependent() throws {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))

        let frozen = try #require(path.copy())
        let other = try #require(path.mutableCopy())
        other.addLine(to: end)

        #expect(!(frozen is CGMutablePath))
        #expect(frozen == path)
        #expect(other.elements.count == path.elements.count + 1)
    }

    @Test func copyUsingATransformMovesEveryPoint() throws {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        var shift = CGAffineTransform(translationX: 5, y: 7)

        let moved = try #require(path.copy(using: &shift))

        #expect(moved.boundingBox == CGRect(x: 5, y: 7, width: 10, height: 10))
    }

    @Test func bezierPathHandsOutACopyItsLaterChangesDoNotReach() {
        let bezier = UIBezierPath()
        bezier.move(to: start)
        bezier.addLine(to: corner)

        let handedOut = bezier.cgPath
        bezier.addLine(to: end)

        #expect(handedOut.elements.count == 2)
        #expect(bezier.cgPath.elements.count == 3)
    }

    @Test func keyframePathKeepsWhatItWasGiven() {
        let path = CGMutablePath()
        path.move(to: start)
        path.addLine(to: corner)
        let move = CAKeyframeAnimation(keyPath: "position")

        move.path = path
        path.addLine(to: end)

        #expect(move.path?.elements.count == 2)
    }
}
