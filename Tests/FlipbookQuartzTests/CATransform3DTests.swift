import Foundation
import XCTest
@testable import FlipbookQuartz

final class CATransform3DTests: XCTestCase {
    func testRotationAboutZMatchesAffineRotation() {
        let angle = CGFloat.pi / 2

        let rotation = CATransform3DMakeRotation(angle, 0, 0, 1)

        XCTAssertEqual(rotation.m11, 0, accuracy: 1e-12)
        XCTAssertEqual(rotation.m12, 1)
        XCTAssertEqual(rotation.m21, -1)
        XCTAssertEqual(rotation.m22, 0, accuracy: 1e-12)
        assertTransform(rotation, CATransform3D(CGAffineTransform(rotationAngle: angle)))
    }

    func testATurnAboutAnAxisKeepsThatAxisExactlyAtAnyAngle() {
        // c + (1 − c) is not always 1 in floating point: cos(1e20) made m33 0.99999…, so a
        // view turned about z alone was refused as not affine.
        let angles = (0..<2_000).map { CGFloat($0) * 0.0173 } + [1e20, -1e20, 1e300, 12_345.678]
        for angle in angles {
            let z = CATransform3DMakeRotation(angle, 0, 0, 1)
            let x = CATransform3DMakeRotation(angle, -2, 0, 0)

            XCTAssertTrue(z.isAffine, "a turn of \(angle) about z is affine")
            XCTAssertEqual(z.affineTransform, CGAffineTransform(rotationAngle: angle), "at \(angle)")
            XCTAssertEqual(x.m11, 1, "a turn of \(angle) about x leaves x as it is")
        }
    }

    func testRotationAboutXTurnsYIntoZ() {
        let rotation = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)

        let mapped = map(rotation, (0, 1, 0))

        assertVector(mapped, (0, 0, 1))
    }

    func testRotationAboutYTurnsXAwayFromViewer() {
        let rotation = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)

        let mapped = map(rotation, (1, 0, 0))

        assertVector(mapped, (0, 0, -1))
    }

    func testRotationNormalizesAxisAndZeroAxisGivesIdentity() {
        let longAxis = CATransform3DMakeRotation(0.5, 0, 0, 10)

        let zeroAxis = CATransform3DMakeRotation(0.5, 0, 0, 0)

        assertTransform(longAxis, CATransform3DMakeRotation(0.5, 0, 0, 1))
        XCTAssertTrue(CATransform3DIsIdentity(zeroAxis))
    }

    func testConcatAppliesFirstArgumentFirst() {
        let scale = CATransform3DMakeScale(2, 2, 1)
        let translation = CATransform3DMakeTranslation(10, 0, 0)

        let scaleThenTranslate = CATransform3DConcat(scale, translation).apply(to: CGPoint(x: 1, y: 1))
        let translateThenScale = translation.concatenating(scale).apply(to: CGPoint(x: 1, y: 1))

        XCTAssertEqual(scaleThenTranslate, CGPoint(x: 12, y: 2))
        XCTAssertEqual(translateThenScale, CGPoint(x: 22, y: 2))
    }

    func testTranslateScaleAndRotateApplyNewOperationBeforeExistingTransform() {
        let base = CATransform3DMakeTranslation(100, 0, 0)

        let translated = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        let scaled = CATransform3DScale(base, 3, 3, 1)
        let rotated = CATransform3DRotate(base, .pi / 2, 0, 0, 1)

        XCTAssertEqual(translated.apply(to: .zero), CGPoint(x: 20, y: 0))
        XCTAssertEqual(scaled.apply(to: CGPoint(x: 1, y: 0)), CGPoint(x: 103, y: 0))
        assertPoint(rotated.apply(to: CGPoint(x: 10, y: 0)), CGPoint(x: 100, y: 10))
    }

    func testInvertUndoesPerspectiveTransform() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let transform = CATransform3DRotate(CATransform3DTranslate(CATransform3DScale(perspective, 2, 3, 4), 5, 6, 7), 0.3, 1, 2, 3)

        let inverse = CATransform3DInvert(transform)

        assertTransform(CATransform3DConcat(transform, inverse), .identity)
        assertTransform(inverse.concatenating(transform), .identity)
    }

    func testInvertReturnsSingularTransformUnchanged() {
        let flattened = CATransform3DRotate(CATransform3DMakeScale(1, 0, 1), 0.4, 0, 0, 1)

        let inverse = flattened.inverted()

        XCTAssertTrue(CATransform3DEqualToTransform(inverse, flattened))
    }

    func testIsAffineIsFalseOnceMatrixHasPerspective() {
        var transform = CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5))
        let affineBefore = CATransform3DIsAffine(transform)

        transform.m34 = -1.0 / 500

        XCTAssertTrue(affineBefore)
        XCTAssertFalse(transform.isAffine)
        XCTAssertFalse(CATransform3DMakeTranslation(0, 0, 1).isAffine)
    }

    func testAffineTransformRoundTripsThroughThreeD() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)

        let threeD = CATransform3DMakeAffineTransform(affine)

        XCTAssertEqual(threeD.rowMajor, [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        XCTAssertEqual(CATransform3DGetAffineTransform(threeD), affine)
        XCTAssertEqual(threeD.affineTransform, affine)
    }

    func testApplyDividesByWSoPointsTurnedAwayShrink() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let turned = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)

        let far = turned.apply(to: CGPoint(x: 100, y: 0))
        let near = turned.apply(to: CGPoint(x: -100, y: 0))
        let flat = perspective.apply(to: CGPoint(x: 100, y: 50))

        let half = 2.0.squareRoot() / 2
        assertPoint(far, CGPoint(x: 100 * half / (1 + 100 * half / 500), y: 0))
        assertPoint(near, CGPoint(x: -100 * half / (1 - 100 * half / 500), y: 0))
        XCTAssertEqual(far.x, 61.9497, accuracy: 1e-4)
        XCTAssertEqual(flat, CGPoint(x: 100, y: 50))
    }

    func testRowMajorListsEntriesRowByRow() {
        let values = (1...16).map { CGFloat($0) }

        let transform = CATransform3D(rowMajor: values)

        XCTAssertEqual(transform.m12, 2)
        XCTAssertEqual(transform.m34, 12)
        XCTAssertEqual(transform.m41, 13)
        XCTAssertEqual(transform.rowMajor, values)
    }

    func testMakeTranslationPutsOffsetInFourthRow() {
        let translation = CATransform3DMakeTranslation(1, 2, 3)

        let entries = [translation.m41, translation.m42, translation.m43]

        XCTAssertEqual(entries, [1, 2, 3])
        XCTAssertTrue(CATransform3DIdentity.isIdentity)
        XCTAssertFalse(translation.isIdentity)
    }

    private typealias Vector = (x: CGFloat, y: CGFloat, z: CGFloat)

    /// Maps (x, y, z, 1) by `t` as a row vector, ignoring w.
    private func map(_ t: CATransform3D, _ v: Vector) -> Vector {
        (v.x * t.m11 + v.y * t.m21 + v.z * t.m31 + t.m41,
         v.x * t.m12 + v.y * t.m22 + v.z * t.m32 + t.m42,
         v.x * t.m13 + v.y * t.m23 + v.z * t.m33 + t.m43)
    }

    private func assertVector(_ v: Vector, _ w: Vector, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(v.x, w.x, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(v.y, w.y, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(v.z, w.z, accuracy: 1e-12, file: file, line: line)
    }

    private func assertPoint(_ p: CGPoint, _ q: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
    }

    private func assertTransform(
        _ t: CATransform3D, _ expected: CATransform3D, file: StaticString = #filePath, line: UInt = #line
    ) {
        for (index, (actual, wanted)) in zip(t.rowMajor, expected.rowMajor).enumerated() {
            XCTAssertEqual(actual, wanted, accuracy: 1e-9, "entry \(index)", file: file, line: line)
        }
    }
}
