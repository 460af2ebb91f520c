import Foundation
import XCTest
@testable import FlipbookQuartz

final class CGAffineTransformTests: XCTestCase {
    func testRotationQuarterTurnMapsFrameCornerAboutCentre_G4() {
        let frame = CGRect(x: 50, y: 50, width: 200, height: 100)
        let corner = CGPoint(x: frame.minX - frame.midX, y: frame.minY - frame.midY)

        let rotation = CGAffineTransform(rotationAngle: .pi / 2)
        let mapped = corner.applying(rotation)

        XCTAssertEqual(corner, CGPoint(x: -100, y: -50))
        assertEntries(rotation, [0, 1, -1, 0, 0, 0])
        assertPoint(mapped, CGPoint(x: 50, y: -100))
    }

    func testShearMovesPointsAboveAxisRightAndBelowLeft_G4() {
        let shear = CGAffineTransformMake(1, 0, -1, 1, 0, 0)
        let above = CGPoint(x: 0, y: -10)
        let below = CGPoint(x: 0, y: 10)

        let mappedAbove = above.applying(shear)
        let mappedBelow = below.applying(shear)

        XCTAssertEqual(mappedAbove, CGPoint(x: 10, y: -10))
        XCTAssertEqual(mappedBelow, CGPoint(x: -10, y: 10))
    }

    func testConcatenatingAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let translation = CGAffineTransform(translationX: 10, y: 0)
        let point = CGPoint(x: 1, y: 1)

        let scaleThenTranslate = point.applying(scale.concatenating(translation))
        let translateThenScale = point.applying(CGAffineTransformConcat(translation, scale))

        XCTAssertEqual(scaleThenTranslate, CGPoint(x: 12, y: 2))
        XCTAssertEqual(translateThenScale, CGPoint(x: 22, y: 2))
    }

    func testConcatenatingGeneralMatricesMatchesApplyingInTurn() {
        let first = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let second = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        let point = CGPoint(x: 1, y: 1)

        let product = first.concatenating(second)

        XCTAssertEqual(point.applying(first), CGPoint(x: 9, y: 12))
        XCTAssertEqual(point.applying(product), CGPoint(x: 182, y: 204))
        XCTAssertEqual(product, CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
    }

    func testTranslatedByTranslatesBeforeExistingTransform() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)

        let transform = scale.translatedBy(x: 10, y: 10)

        XCTAssertEqual(CGPoint.zero.applying(transform), CGPoint(x: 20, y: 30))
    }

    func testScaledByAndRotatedByApplyBeforeExistingTransform() {
        let translation = CGAffineTransform(translationX: 100, y: 0)

        let scaled = translation.scaledBy(x: 2, y: 2)
        let rotated = translation.rotated(by: .pi / 2)

        XCTAssertEqual(CGPoint(x: 10, y: 0).applying(scaled), CGPoint(x: 120, y: 0))
        assertPoint(CGPoint(x: 10, y: 0).applying(rotated), CGPoint(x: 100, y: 10))
    }

    func testInvertedUndoesComposedTransform() {
        let transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -7)
        let point = CGPoint(x: 13, y: -4)

        let inverse = CGAffineTransformInvert(transform)

        assertEntries(transform.concatenating(inverse), [1, 0, 0, 1, 0, 0])
        assertPoint(point.applying(transform).applying(inverse), point)
    }

    func testInvertedReturnsSingularTransformUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)

        let inverse = singular.inverted()

        XCTAssertEqual(inverse, singular)
    }

    func testIsIdentityOnlyForTheIdentityMatrix() {
        let zeroTranslation = CGAffineTransformMakeTranslation(0, 0)
        let translation = CGAffineTransformMakeTranslation(1, 0)

        let results = [CGAffineTransformIsIdentity(zeroTranslation), translation.isIdentity]

        XCTAssertEqual(results, [true, false])
    }

    func testMakeFunctionsMatchInitializers() {
        let angle: CGFloat = 0.3

        let made = [CGAffineTransformMakeScale(2, 3), CGAffineTransformMakeRotation(angle)]

        XCTAssertEqual(made, [CGAffineTransform(scaleX: 2, y: 3), CGAffineTransform(rotationAngle: angle)])
    }

    func testRectApplyingRotationGivesBoundingBoxOfCorners() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let rotation = CGAffineTransform(rotationAngle: .pi / 4)

        let box = rect.applying(rotation)

        let half = 2.0.squareRoot() / 2
        XCTAssertEqual(box.minX, -100 * half, accuracy: 1e-9)
        XCTAssertEqual(box.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(box.width, 300 * half, accuracy: 1e-9)
        XCTAssertEqual(box.height, 300 * half, accuracy: 1e-9)
    }

    func testRectApplyingFlipGivesStandardizedRect() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)

        let flipped = rect.applying(CGAffineTransform(scaleX: -1, y: 1))

        XCTAssertEqual(flipped, CGRect(x: -40, y: 20, width: 30, height: 40))
    }

    func testSizeApplyingIgnoresTranslation() {
        let size = CGSize(width: 10, height: 20)
        let transform = CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 100, y: 100)

        let mapped = size.applying(transform)

        XCTAssertEqual(mapped.width, -20, accuracy: 1e-9)
        XCTAssertEqual(mapped.height, 10, accuracy: 1e-9)
    }

    private func assertEntries(
        _ t: CGAffineTransform, _ expected: [CGFloat], file: StaticString = #filePath, line: UInt = #line
    ) {
        for (actual, wanted) in zip([t.a, t.b, t.c, t.d, t.tx, t.ty], expected) {
            XCTAssertEqual(actual, wanted, accuracy: 1e-9, "\(t)", file: file, line: line)
        }
    }

    private func assertPoint(_ p: CGPoint, _ q: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
    }
}
