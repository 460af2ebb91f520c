import Foundation
import XCTest

/// A repeat count or repeat duration that counts nothing — negative, or NaN — is an error
/// at its place in the scene (T2), wherever a scene gives one: a Core Animation animation,
/// an `animate` block, a `beginAnimations` block.
final class RepeatCountErrorTests: CLITestCase {
    func testNegativeOrNaNRepeatValuesAreErrorsAtTheirValue_T2() throws {
        let animation = "addAnimation: {layer: box.layer, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, "
            + "fromValue: 1, toValue: 0, duration: 1"
        let alpha = "do: [{set: {target: box, alpha: 0}}]}"
        let cases: [(entry: String, value: String, message: String)] = [
            ("\(animation), repeatCount: .nan}}", ".nan", "'repeatCount' must be 0 or more (or infinity), got .nan"),
            ("\(animation), repeatCount: -.inf}}", "-.inf", "'repeatCount' must be 0 or more (or infinity), got -.inf"),
            ("\(animation), repeatDuration: -1}}", "-1", "'repeatDuration' must be 0 or more, got -1.0"),
            ("animate: {duration: 1, repeatCount: -2, \(alpha)", "-2", "'repeatCount' must be 0 or more (or infinity), got -2"),
            ("beginAnimations: {duration: 1, repeatCount: .NaN, \(alpha)", ".NaN",
             "'repeatCount' must be 0 or more (or infinity), got .NaN"),
        ]
        for (index, bad) in cases.enumerated() {
            try assertValidationFails("repeat\(index).yaml", action: bad.entry, at: bad.value, after: ": ", bad.message)
        }
    }
}
