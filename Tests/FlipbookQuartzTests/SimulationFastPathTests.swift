import Foundation
import XCTest
@testable import FlipbookQuartz

/// The shortcuts building a frame takes for every animated layer give the same bits as the
/// general code they stand in for.
final class SimulationFastPathTests: XCTestCase {
    /// Angles a layer is turned by: zeros of both signs, tiny, ordinary and huge values,
    /// and values that are not finite.
    private static let angles: [Double] = {
        let special: [Double] = [
            0, -0.0, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
            1e-300, 1e-9, Double.ulpOfOne, 0.5, -0.5, 1, Double.pi / 2, Double.pi, -Double.pi, 2 * Double.pi,
            3.75, 1e6, -1e15, 1e300, Double.greatestFiniteMagnitude, Double.infinity, -Double.infinity, Double.nan,
        ]
        let turn: [Double] = (0..<720).map { (step: Int) -> Double in Double(step) * Double.pi / 360 - Double.pi }
        return special + turn
    }()

    func testHalfAngleCosineAndSineAreTheLibraryFunctionsBitForBit_CA2() {
        for angle in Self.angles {
            let (c, s) = DecomposedTransform3D.halfAngleCosineAndSine(angle)
            XCTAssertEqual(c.bitPattern, cos(angle / 2).bitPattern, "cos of \(angle)")
            XCTAssertEqual(s.bitPattern, sin(angle / 2).bitPattern, "sin of \(angle)")
        }
    }

    /// Setting `eulerAngles` (what `transform.rotation.z` does in every frame) against the
    /// formula with all six calls to `cos` and `sin`, over angles and starting transforms.
    func testSettingEulerAnglesMatchesTheFullFormulaBitForBit_CA2() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let starts: [CATransform3D] = [
            .identity, CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeRotation(2.5, 1, 2, 3),
            CATransform3DMakeScale(2, -1, 0.5), CATransform3DRotate(perspective, .pi / 4, 0, 1, 0),
            CATransform3DMakeTranslation(10, -20, 30),
        ]
        let others: [Double] = [0, -0.0, 0.25, -1.5]
        for start in starts {
            for angle in Self.angles {
                for other in others {
                    for triple in [SIMD3(other, 0, angle), SIMD3(0, other, angle), SIMD3(angle, other, 0)] {
                        var parts = DecomposedTransform3D(start, allowingZeroScale: true)!
                        parts.eulerAngles = triple
                        let expected = Self.quaternion(eulerAngles: triple)
                        for i in 0..<4 {
                            XCTAssertEqual(parts.quaternion[i].bitPattern, expected[i].bitPattern,
                                           "quaternion[\(i)] for \(triple) from \(start)")
                        }
                    }
                }
                // And the whole path of each rotation member, the identity's through its shortcut.
                for (axis, component) in [(0, TransformComponent.rotationX), (1, .rotationY), (2, .rotationZ)] {
                    let set = start.setting(component, to: angle)
                    var parts = DecomposedTransform3D(start, allowingZeroScale: true)!
                    var angles = start == .identity ? .zero : parts.eulerAngles
                    angles[axis] = angle
                    parts.quaternion = Self.quaternion(eulerAngles: angles)
                    XCTAssertEqual(set.rowMajor.map { Double($0).bitPattern }, parts.transform.rowMajor.map { Double($0).bitPattern },
                                   "\(component.rawValue) = \(angle) from \(start)")
                }
            }
        }
    }

    /// A basic animation between two numbers gives what interpolating the two values gives,
    /// bit for bit, at every progress (its ends, outside 0…1, not a number), springs too; a
    /// cumulative one past its first cycle adds the cycles as before.
    func testNumberEndpointsInterpolateAsTheValuesDoBitForBit_CA1() {
        let ends: [Double] = [0, -0.0, 1, -2.5, 360, 1e300, -Double.leastNonzeroMagnitude, .infinity]
        let progresses: [Double] = [0, -0.0, 1, 0.25, 0.5, 1 / 3, -0.5, 1.5, 1e-300, .nan]
        for animation in [CABasicAnimation(keyPath: "opacity"), CASpringAnimation(keyPath: "opacity")] {
            for (from, to) in zip(ends, ends.reversed()) {
                (animation.fromValue, animation.toValue) = (from, to)
                XCTAssertEqual(animation.numberEndpoints.map { [$0.from.bitPattern, $0.to.bitPattern] },
                               [from.bitPattern, to.bitPattern], "kept when set")
                XCTAssertEqual(animation.copy().numberEndpoints.map { [$0.from, $0.to] }, [from, to], "and copied")
                for progress in progresses {
                    let t = animation.fraction(atProgress: progress)
                    let expected = AnimationValue.number(from).interpolated(to: .number(to), fraction: t)
                    let value = animation.value(atProgress: progress, cycle: 0, underlying: nil)
                    XCTAssertEqual(value.flatMap(Self.bits), Self.bits(expected), "\(type(of: animation)) \(from) → \(to) at \(progress)")
                }
            }
        }
        let moved = CABasicAnimation(keyPath: "position")
        (moved.fromValue, moved.toValue) = (1.0, 2.0)
        moved.toValue = CGPoint(x: 1, y: 2)
        XCTAssertNil(moved.numberEndpoints, "no longer two numbers")
        let cumulative = CABasicAnimation(keyPath: "opacity")
        (cumulative.fromValue, cumulative.toValue, cumulative.isCumulative) = (0.0, 2.0, true)
        XCTAssertEqual(cumulative.value(atProgress: 0.25, cycle: 2, underlying: nil), .number(4.5), "two cycles of 2, and a quarter")
    }

    private static func bits(_ value: AnimationValue) -> UInt64? {
        guard case .number(let number) = value else { return nil }
        return number.bitPattern
    }

    /// The quaternion of the Euler angles as the setter worked it out before its shortcut.
    private static func quaternion(eulerAngles a: SIMD3<Double>) -> SIMD4<Double> {
        let (cx, sx) = (cos(a.x / 2), sin(a.x / 2))
        let (cy, sy) = (cos(a.y / 2), sin(a.y / 2))
        let (cz, sz) = (cos(a.z / 2), sin(a.z / 2))
        let q = SIMD4(
            sx * cy * cz - cx * sy * sz,
            cx * sy * cz + sx * cy * sz,
            cx * cy * sz - sx * sy * cz,
            cx * cy * cz + sx * sy * sz)
        let unit = q / (q * q).sum().squareRoot()
        return unit.w < 0 ? -unit : unit
    }

    /// A render value tells the default sublayer transform from every other, bit for bit:
    /// one entry changed by one step, or a zero made −0, keeps the transform given.
    func testRenderLayerKeepsEverySublayerTransformButTheIdentityBitForBit() {
        let plain = RenderLayer(position: .zero, bounds: .zero, sublayerTransform: .identity)
        XCTAssertEqual(plain.sublayerTransform.rowMajor.map { Double($0).bitPattern },
                       CATransform3D.identity.rowMajor.map { Double($0).bitPattern })
        for index in 0..<16 {
            var entries = CATransform3D.identity.rowMajor
            for changed in [entries[index] == 0 ? -0.0 : entries[index].nextUp, entries[index].nextDown] {
                entries[index] = changed
                let given = CATransform3D(rowMajor: entries)
                let layer = RenderLayer(position: .zero, bounds: .zero, sublayerTransform: given)
                XCTAssertEqual(layer.sublayerTransform.rowMajor.map { Double($0).bitPattern }, given.rowMajor.map { Double($0).bitPattern },
                               "entry \(index) = \(changed)")
                entries = CATransform3D.identity.rowMajor
            }
        }
    }
}
