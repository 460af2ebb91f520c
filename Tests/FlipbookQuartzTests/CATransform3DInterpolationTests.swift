import Foundation
import XCTest
@testable import FlipbookQuartz

final class CATransform3DInterpolationTests: XCTestCase {
    // MARK: Decomposition

    func testDecompositionRoundTripsOrdinaryTransforms_CA2() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        var skew3D = CATransform3D(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
        (skew3D.m31, skew3D.m32) = (0.25, -0.4)
        let transforms: [(String, CATransform3D)] = [
            ("identity", .identity),
            ("translation", CATransform3DMakeTranslation(10, -20, 30)),
            ("rotation", CATransform3DMakeRotation(2.5, 1, 2, 3)),
            ("half turn", CATransform3DMakeRotation(.pi, 1, 1, 0)),
            ("reflection", CATransform3DRotate(CATransform3DMakeScale(-2, 3, 0.5), 0.7, 0, 1, 1)),
            ("skew", CATransform3DConcat(skew3D, CATransform3DMakeRotation(0.4, 0, 0, 1))),
            ("perspective", CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)),
            ("translated perspective", CATransform3DTranslate(CATransform3DScale(perspective, 2, 3, 4), 5, 6, 70)),
            ("all", CATransform3DConcat(
                CATransform3DConcat(skew3D, CATransform3DMakeScale(1.5, -0.5, 2)),
                CATransform3DRotate(CATransform3DTranslate(perspective, 40, -30, 20), 1.1, 3, -1, 2))),
            ("full fourth column", CATransform3D(rowMajor: [
                1, 0.2, 0, 0.001, 0, 1, 0.3, -0.002, 0.1, 0, 1, 0.003, 5, 6, 7, 0.9])),
        ]

        for (name, transform) in transforms {
            let parts = DecomposedTransform3D(transform)

            XCTAssertNotNil(parts, name)
            assertTransform(parts?.transform ?? .identity, transform, accuracy: 1e-9, name)
        }
    }

    func testDecompositionFindsScaleRotationTranslationAndPerspectiveInOrder_CA2() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let scale = CATransform3DMakeScale(2, 3, 4)
        let rotation = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let translation = CATransform3DMakeTranslation(5, 6, 7)

        let parts = DecomposedTransform3D(
            scale.concatenating(rotation).concatenating(translation).concatenating(perspective))

        assertVector(parts?.scale, SIMD3(2, 3, 4))
        assertVector(parts?.skew, SIMD3(0, 0, 0))
        assertVector(parts?.quaternion, SIMD4(0, 0, sin(0.15), cos(0.15)))
        assertVector(parts?.translation, SIMD3(5, 6, 7))
        assertVector(parts?.perspective, SIMD4(0, 0, -1.0 / 500, 1))
    }

    func testDecompositionReflectsOneAxisForNegativeScale_CA2() {
        let flippedX = CATransform3DMakeScale(-1, 2, 3)
        let flippedY = CATransform3DMakeScale(1, -2, 3)

        let x = DecomposedTransform3D(flippedX)
        let y = DecomposedTransform3D(flippedY)

        assertVector(x?.scale, SIMD3(-1, 2, 3))
        assertVector(x?.quaternion, SIMD4(0, 0, 0, 1))
        assertVector(y?.scale, SIMD3(1, -2, 3))
        assertVector(y?.quaternion, SIMD4(0, 0, 0, 1))
    }

    func testDecompositionRejectsSingularTransforms_CA2() {
        var noW = CATransform3DMakeRotation(0.3, 0, 0, 1)
        noW.m44 = 0
        let flattened = CATransform3DMakeScale(1, 0, 1)
        let parallelRows = CATransform3DConcat(CATransform3DMakeRotation(0.4, 0, 0, 1), CATransform3DMakeScale(0, 1, 1))

        let parts = [noW, flattened, parallelRows, CATransform3DMakeScale(0, 0, 0)].map { DecomposedTransform3D($0) }

        XCTAssertEqual(parts, [nil, nil, nil, nil])
    }

    // MARK: Interpolation

    func testHalfWayFromIdentityToQuarterTurnIsEighthTurn_CA2() {
        let quarterTurn = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)

        let halfWay = CATransform3DIdentity.interpolated(to: quarterTurn, fraction: 0.5)

        assertTransform(halfWay, CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
    }

    func testRotationInterpolationTakesTheShorterWay_CA2() {
        let degree = Double.pi / 180
        let turned170 = CATransform3DMakeRotation(170 * degree, 0, 0, 1)
        let turned100 = CATransform3DMakeRotation(100 * degree, 0, 0, 1)
        let turnedBack100 = CATransform3DMakeRotation(-100 * degree, 0, 0, 1)

        let fromZero = CATransform3DIdentity.interpolated(to: turned170, fraction: 0.5)
        let acrossHalfTurn = turned100.interpolated(to: turnedBack100, fraction: 0.5)

        assertTransform(fromZero, CATransform3DMakeRotation(85 * degree, 0, 0, 1))
        assertTransform(acrossHalfTurn, CATransform3DMakeRotation(.pi, 0, 0, 1))
    }

    func testRotationAboutAnAxisStaysOnThatAxis_CA2() {
        let turned = CATransform3DMakeRotation(1.2, 1, 2, 2)

        let partWay = CATransform3DIdentity.interpolated(to: turned, fraction: 0.25)

        assertTransform(partWay, CATransform3DMakeRotation(0.3, 1, 2, 2))
    }

    func testScaleInterpolatesLinearly_CA2() {
        let tripled = CATransform3DMakeScale(3, 3, 1)

        let halfWay = CATransform3DIdentity.interpolated(to: tripled, fraction: 0.5)

        assertTransform(halfWay, CATransform3DMakeScale(2, 2, 1))
    }

    func testTranslationWithRotationMovesOriginAlongStraightLine_CA2() {
        let end = CATransform3DConcat(
            CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(100, 50, 0))

        let steps = [0.25, 0.5, 0.75].map { CATransform3DIdentity.interpolated(to: end, fraction: $0) }

        for (step, t) in zip(steps, [0.25, 0.5, 0.75]) {
            assertPoint(step.apply(to: .zero), CGPoint(x: 100 * t, y: 50 * t))
            assertTransform(step, CATransform3DConcat(
                CATransform3DMakeRotation(.pi / 2 * t, 0, 0, 1), CATransform3DMakeTranslation(100 * t, 50 * t, 0)))
        }
    }

    func testPerspectiveInterpolatesLinearly_CA2() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500

        let halfWay = CATransform3DIdentity.interpolated(to: perspective, fraction: 0.5)

        var expected = CATransform3DIdentity
        expected.m34 = -1.0 / 1000
        assertTransform(halfWay, expected, accuracy: 1e-15)
    }

    func testFractionsOutsideUnitRangeExtrapolate_CA2() {
        let moved = CATransform3DMakeTranslation(100, 0, 0)

        let beyond = CATransform3DIdentity.interpolated(to: moved, fraction: 1.5)
        let before = CATransform3DIdentity.interpolated(to: moved, fraction: -0.25)

        assertTransform(beyond, CATransform3DMakeTranslation(150, 0, 0))
        assertTransform(before, CATransform3DMakeTranslation(-25, 0, 0))
    }

    func testEndPointsAreExact_CA2() {
        var from = CATransform3DRotate(CATransform3DMakeScale(1.1, 0.9, 1), 0.3, 1, 1, 0)
        from.m34 = -1.0 / 700
        let to = CATransform3DConcat(
            CATransform3DMakeRotation(2.9, 0.2, 0.5, 1), CATransform3DMakeTranslation(3.3, -7.1, 2))

        let start = from.interpolated(to: to, fraction: 0)
        let end = from.interpolated(to: to, fraction: 1)

        XCTAssertEqual(start, from)
        XCTAssertEqual(end, to)
    }

    func testSingularTransformSwitchesDiscretelyAtHalfWay_CA2() {
        let collapsed = CATransform3DMakeScale(0, 0, 1)
        let turned = CATransform3DMakeRotation(0.5, 0, 0, 1)

        let early = collapsed.interpolated(to: turned, fraction: 0.49)
        let halfWay = collapsed.interpolated(to: turned, fraction: 0.5)
        let late = turned.interpolated(to: collapsed, fraction: 0.75)

        XCTAssertEqual(early, collapsed)
        XCTAssertEqual(halfWay, turned)
        XCTAssertEqual(late, collapsed)
    }

    // MARK: Components

    func testRotationZReadsAngleOfTurnAboutZ_CA2() {
        let angles = [0, 0.3, -0.3, 1.5, -2.9, 3, .pi]

        let read = angles.map { CATransform3DMakeRotation($0, 0, 0, 1).component(.rotationZ) }

        for (value, angle) in zip(read, angles) {
            XCTAssertEqual(value, angle, accuracy: 1e-12)
        }
    }

    func testRotationXAndYReadTurnsAboutTheirAxes_CA2() {
        let aboutX = CATransform3DMakeRotation(2.5, 1, 0, 0)
        let aboutY = CATransform3DMakeRotation(-1.2, 0, 1, 0)

        let x = [TransformComponent.rotationX, .rotationY, .rotationZ].map { aboutX.component($0) }
        let y = [TransformComponent.rotationX, .rotationY, .rotationZ].map { aboutY.component($0) }

        assertValues(x, [2.5, 0, 0])
        assertValues(y, [0, -1.2, 0])
    }

    func testEulerAnglesTurnAboutXThenYThenZ_CA2() {
        let turned = CATransform3DIdentity
            .setting(.rotationX, to: 0.4)
            .setting(.rotationY, to: -0.7)
            .setting(.rotationZ, to: 2.2)

        let read = [TransformComponent.rotationX, .rotationY, .rotationZ].map { turned.component($0) }

        assertTransform(turned, CATransform3DMakeRotation(0.4, 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(-0.7, 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(2.2, 0, 0, 1)), accuracy: 1e-12)
        assertValues(read, [0.4, -0.7, 2.2])
    }

    func testGimbalLockPutsCombinedTurnInRotationZ_CA2() {
        let locked = CATransform3DMakeRotation(0.3, 1, 0, 0)
            .concatenating(CATransform3DMakeRotation(.pi / 2, 0, 1, 0))
            .concatenating(CATransform3DMakeRotation(0.5, 0, 0, 1))

        let read = [TransformComponent.rotationX, .rotationY, .rotationZ].map { locked.component($0) }
        let rewritten = locked.setting(.rotationZ, to: read[2])

        assertValues(read, [0, .pi / 2, 0.2])
        assertTransform(rewritten, locked, accuracy: 1e-12)
    }

    func testSettingRotationZOnIdentityMakesRotation_CA2() {
        let angles = [0.5, -2, .pi]

        let turned = angles.map { CATransform3DIdentity.setting(.rotationZ, to: $0) }

        for (transform, angle) in zip(turned, angles) {
            assertTransform(transform, CATransform3DMakeRotation(angle, 0, 0, 1), accuracy: 1e-12)
        }
    }

    func testSettingAnAngleOnIdentityEqualsSettingItOnTheDecomposedIdentity_CA2() throws {
        let components: [(TransformComponent, WritableKeyPath<SIMD3<Double>, Double>)] =
            [(.rotationX, \.x), (.rotationY, \.y), (.rotationZ, \.z)]

        for (component, axis) in components {
            var parts = try XCTUnwrap(DecomposedTransform3D(CATransform3DIdentity))
            parts.eulerAngles[keyPath: axis] = 1.1

            // Bit for bit: setting one angle of the identity skips reading its angles back.
            XCTAssertEqual(CATransform3DIdentity.setting(component, to: 1.1).rowMajor.map(\.bitPattern),
                           parts.transform.rowMajor.map(\.bitPattern), "\(component)")
        }
    }

    func testSettingScaleXOnIdentityMakesScale_CA2() {
        let scaled = CATransform3DIdentity.setting(.scaleX, to: 2)

        let read = scaled.component(.scaleX)

        XCTAssertEqual(scaled, CATransform3DMakeScale(2, 1, 1))
        XCTAssertEqual(read, 2)
    }

    func testSettingTranslationKeepsRotation_CA2() {
        let turned = CATransform3DConcat(CATransform3DMakeRotation(0.8, 0, 0, 1), CATransform3DMakeTranslation(1, 2, 3))
        var perspective = turned
        perspective.m34 = -1.0 / 500

        let moved = turned.setting(.translationX, to: 5)
        let movedInPerspective = perspective.setting(.translationY, to: -4)

        assertTransform(moved, CATransform3DConcat(
            CATransform3DMakeRotation(0.8, 0, 0, 1), CATransform3DMakeTranslation(5, 2, 3)))
        XCTAssertEqual(moved.component(.rotationZ), 0.8, accuracy: 1e-12)
        XCTAssertEqual(movedInPerspective.component(.translationY), -4)
        XCTAssertEqual(movedInPerspective.component(.rotationZ), 0.8, accuracy: 1e-12)
        XCTAssertEqual(movedInPerspective.m34, -1.0 / 500, accuracy: 1e-15)
    }

    func testScaleComponentsWorkOnZeroScale_CA2() {
        let collapsed = CATransform3DMakeScale(0, 0, 1)
        let collapsedTurned = CATransform3DConcat(
            CATransform3DMakeScale(0, 1, 1), CATransform3DMakeRotation(2.5, 0, 0, 1))

        let read = [TransformComponent.scaleX, .scaleY, .scaleZ, .rotationZ].map { collapsed.component($0) }
        let grown = collapsed.setting(.scaleX, to: 0.5).setting(.scaleY, to: 0.5)
        let readTurned = [TransformComponent.scaleX, .scaleY, .rotationZ].map { collapsedTurned.component($0) }
        let grownTurned = collapsedTurned.setting(.scaleX, to: 1)

        assertValues(read, [0, 0, 1, 0])
        assertTransform(grown, CATransform3DMakeScale(0.5, 0.5, 1), accuracy: 1e-15)
        assertValues(readTurned, [0, 1, 2.5])
        assertTransform(grownTurned, CATransform3DMakeRotation(2.5, 0, 0, 1), accuracy: 1e-12)
    }

    func testKeyPathsParseWithRotationMeaningRotationZ_CA2() {
        let names = ["rotation", "rotation.z", "scale.y", "translation.x", "scale", "rotation.w"]

        let parsed = names.map(TransformComponent.init(keyPath:))

        XCTAssertEqual(parsed, [.rotationZ, .rotationZ, .scaleY, .translationX, nil, nil])
    }

    // MARK: Helpers

    private func assertTransform(
        _ t: CATransform3D, _ expected: CATransform3D, accuracy: Double = 1e-9, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for (index, (actual, wanted)) in zip(t.rowMajor, expected.rowMajor).enumerated() {
            XCTAssertEqual(
                Double(actual), Double(wanted), accuracy: accuracy, "\(message) entry \(index)", file: file, line: line)
        }
    }

    private func assertVector<V: SIMD>(
        _ actual: V?, _ expected: V, file: StaticString = #filePath, line: UInt = #line
    ) where V.Scalar == Double {
        guard let actual else { return XCTFail("not decomposed", file: file, line: line) }
        for index in expected.indices {
            XCTAssertEqual(
                actual[index], expected[index], accuracy: 1e-12, "component \(index)", file: file, line: line)
        }
    }

    private func assertValues(
        _ actual: [Double], _ expected: [Double], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(actual.count, expected.count, file: file, line: line)
        for (index, (value, wanted)) in zip(actual, expected).enumerated() {
            XCTAssertEqual(value, wanted, accuracy: 1e-12, "value \(index)", file: file, line: line)
        }
    }

    private func assertPoint(_ p: CGPoint, _ q: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: 1e-9, "\(p) vs \(q)", file: file, line: line)
    }
}
