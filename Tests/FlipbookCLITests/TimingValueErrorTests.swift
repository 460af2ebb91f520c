import Foundation
import XCTest

/// An animation's duration, beginTime, timeOffset or speed that times nothing — NaN,
/// infinity, a negative duration, a speed no Float holds — is an error at its place in the
/// scene (T6), where the Swift API would refuse it with a warning.
final class TimingValueErrorTests: CLITestCase {
    func testNonFiniteTimingValuesAreErrorsAtTheirValue_T6() throws {
        let animation = "addAnimation: {layer: box.layer, key: fade, animation: {class: CABasicAnimation, keyPath: opacity, "
            + "fromValue: 1, toValue: 0"
        let time = "must be a finite number of seconds, got"
        let cases: [(setting: String, message: String)] = [
            ("duration: .nan", "'duration' \(time) .nan"),
            ("duration: -1", "'duration' must be 0 or more, got -1.0"),
            ("duration: .inf", "'duration' \(time) .inf"),
            ("beginTime: -.inf", "'beginTime' \(time) -.inf"),
            ("timeOffset: .NaN", "'timeOffset' \(time) .NaN"),
            ("speed: .nan", "'speed' must be a finite number, got .nan"),
            ("speed: 1e39", "'speed' is 1e39, out of the range of a Float (±3.4028235e+38)"),
            ("speed: -1e300", "'speed' is -1e300, out of the range of a Float (±3.4028235e+38)"),
        ]
        for (index, bad) in cases.enumerated() {
            // The value is what follows the setting's "key: ".
            let key = String(bad.setting.prefix { $0 != ":" })
            let value = String(bad.setting.dropFirst(key.count + 2))
            try assertValidationFails("timing\(index).yaml", action: "\(animation), \(bad.setting)}}", at: value,
                                      after: "\(key): ", bad.message)
        }
    }
}
