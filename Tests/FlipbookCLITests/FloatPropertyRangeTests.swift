import Foundation
import XCTest

/// A scene's value for a property Apple's API types as `Float` — `CALayer.opacity` and
/// `shadowOpacity`, a replicator's colour offsets, `CAMediaTiming.repeatCount` and the
/// block's `setAnimationRepeatCount` — beyond a Float's range would become infinity; it is an
/// error at its place naming the range, as an animation's `speed` is (T6, T2).
final class FloatPropertyRangeTests: CLITestCase {
    func testANumberNoFloatHoldsIsAnErrorForAFloatProperty_T2_T6() throws {
        let range = "out of the range of a Float (±3.4028235e+38)"
        let animation = "{class: CABasicAnimation, keyPath: opacity, toValue: 0, duration: 1, repeatCount: "
        let cases: [(entry: String, bad: String, message: String)] = [
            ("{set: {target: box.layer, opacity: 1e300}}", "1e300", "'opacity' is 1e300, \(range)"),
            ("{set: {target: box.layer, shadowOpacity: -1e39}}", "-1e39", "'shadowOpacity' is -1e39, \(range)"),
            ("{addSublayer: {to: box.layer, layer: {id: r, class: CAReplicatorLayer, instanceAlphaOffset: 1e300}}}", "1e300",
             "'instanceAlphaOffset' is 1e300, \(range)"),
            ("{addSublayer: {to: box.layer, layer: {id: r, class: CAReplicatorLayer, instanceRedOffset: -4e38}}}", "-4e38",
             "'instanceRedOffset' is -4e38, \(range)"),
            ("{addAnimation: {layer: box.layer, animation: \(animation)1e300}}}", "1e300", "'repeatCount' is 1e300, \(range)"),
            ("{animate: {duration: 1, repeatCount: 1e39, do: [{set: {target: box, alpha: 0}}]}}", "1e39",
             "'repeatCount' is 1e39, \(range)"),
        ]
        for (index, bad) in cases.enumerated() {
            try assertValidationFails("float\(index).yaml", action: bad.entry, at: bad.bad, after: ": ", bad.message)
        }
    }

    /// An animation of such a property holds Floats too: its from, to, by and keyframe values
    /// are bounded as a `set` is, where the reader knows the key path's kind (T6).
    func testANumberNoFloatHoldsIsAnErrorInAnAnimationOfAFloatProperty_T6() throws {
        let range = "out of the range of a Float (±3.4028235e+38)"
        let cases: [(animation: String, bad: String, message: String)] = [
            ("{class: CABasicAnimation, keyPath: opacity, toValue: 1e300}", "1e300", "'toValue' is 1e300, \(range)"),
            ("{class: CASpringAnimation, keyPath: shadowOpacity, fromValue: -1e39}", "-1e39", "'fromValue' is -1e39, \(range)"),
            ("{class: CABasicAnimation, keyPath: opacity, byValue: 4e38}", "4e38", "'byValue' is 4e38, \(range)"),
            ("{class: CAKeyframeAnimation, keyPath: shadowOpacity, values: [0, 1e300]}", "1e300", "item 2 of 'values' is 1e300, \(range)"),
        ]
        for (index, bad) in cases.enumerated() {
            try assertValidationFails("animation\(index).yaml", action: "{addAnimation: {layer: box.layer, animation: \(bad.animation)}}",
                                      at: bad.bad, after: " ", bad.message)
        }
    }

    func testTheLargestFloatIsStillAValue_T2() throws {
        let path = try writeScene("largest.yaml", timeline: """
              - at: 0
                do:
                  - {set: {target: box.layer, opacity: 3.4e38}}
                  - {addAnimation: {layer: box.layer, animation: {class: CABasicAnimation, keyPath: opacity, toValue: -3.4e38}}}
                  - {addAnimation: {layer: box.layer, animation: {class: CABasicAnimation, keyPath: position.x, toValue: 9, duration: 1, repeatCount: 3.4e38}}}

            """)

        let result = try flipbook("validate", path)

        XCTAssertEqual(result.status, 0, result.err)
    }
}
