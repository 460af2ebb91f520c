import Foundation
import XCTest

/// A number that is not finite — `.nan`, `.inf`, `-.inf`, or one past a Double's range such as
/// `1e999` — is an error at the number that says it must be finite and names it as written
/// (G12, T6), wherever a scene reads numbers: one number, an item of a point, size, rect,
/// colour or matrix, a time, an angle, an operation of a transform.
final class NonFiniteNumberErrorTests: CLITestCase {
    func testANumberThatIsNotFiniteIsNamedAsWrittenAtItsPlace_G12_T6() throws {
        let cases: [(key: String, value: String, bad: String, message: String)] = [
            ("alpha", ".nan", ".nan", "'alpha' must be a finite number, got .nan"),
            ("alpha", "-.inf", "-.inf", "'alpha' must be a finite number, got -.inf"),
            ("layer", "{zPosition: 1e999}", "1e999", "'zPosition' must be a finite number, got 1e999"),
            ("center", "[10, .inf]", ".inf", "item 2 of 'center' must be a finite number, got .inf"),
            ("backgroundColor", "[0, .NaN, 1]", ".NaN", "item 2 of 'backgroundColor' must be a finite number, got .NaN"),
            ("transform", "[1, 0, 0, 1, .inf, 0]", ".inf", "item 5 of 'transform' must be a finite number, got .inf"),
            ("transform", "[{scale: .nan}]", ".nan", "'scale' must be a finite number, got .nan"),
            ("transform", "[{rotate: -.inf}]", "-.inf", "'rotate' must be a finite angle, got -.inf"),
            ("transform", "[{rotate: 1e999deg}]", "1e999deg", "'rotate' must be a finite angle, got 1e999deg"),
        ]
        for (index, (key, value, bad, message)) in cases.enumerated() {
            let scene = try writeScene("number-\(index).yaml", """
                flipbook: 1
                canvas: {size: [20, 20], duration: 0}
                views:
                  - id: card
                    \(key): \(value)
                """)
            let column = 5 + "\(key): ".count + value.distance(from: value.startIndex, to: value.range(of: bad)!.lowerBound)

            let result = try flipbook("validate", scene)

            XCTAssertEqual(result.status, 1, "\(key): \(value)")
            XCTAssertEqual(result.err, "\(scene):5:\(column): error: \(message)\n")
        }
    }

    func testATimeThatIsNotFiniteIsNamedAsWritten_T6() throws {
        let cases: [(entry: String, bad: String, message: String)] = [
            ("animate: {duration: .inf, do: []}", ".inf", "'duration' must be a finite number of seconds, got .inf"),
            ("animate: {duration: 1, delay: 1e999ms, do: []}", "1e999ms", "'delay' must be a finite number of seconds, got 1e999ms"),
        ]
        for (index, bad) in cases.enumerated() {
            try assertValidationFails("time\(index).yaml", action: bad.entry, at: bad.bad, bad.message)
        }
    }
}
