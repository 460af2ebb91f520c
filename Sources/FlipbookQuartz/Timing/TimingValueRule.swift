import Foundation

/// Which values a timing setting takes (T2, T6), and the warning that refuses the others.
///
/// A refusal is said once per subject in a process (`OnceWarnings`), as a layer refusing a
/// value that is not finite says it (G12): a loop setting the same bad value must not flood
/// the output.
package struct TimingValueRule: Sendable {
    package let accepts: @Sendable (Double) -> Bool
    /// What a refused value is not: "is not finite".
    private let isNot: String
    /// The values refused, as an adjective: "non-finite".
    private let refused: String

    /// A repeat count or a repeat duration: 0 or more, infinity included; not NaN (T2).
    package static let repeats = TimingValueRule(accepts: { $0 >= 0 }, isNot: "is not 0 or more",
                                                 refused: "negative or NaN")
    /// A duration: a finite number of seconds, 0 or more (T6).
    package static let duration = TimingValueRule(accepts: { $0 >= 0 && $0 < .infinity },
                                                  isNot: "is not a finite number of 0 or more",
                                                  refused: "negative or non-finite")
    /// A spring's damping: a finite number, 0 or more (T6), the values a duration takes.
    package static let nonNegative = duration
    /// A spring's mass, stiffness or perceptual duration: a finite number above 0 (T6).
    package static let positive = TimingValueRule(accepts: { $0 > 0 && $0 < .infinity },
                                                  isNot: "is not a finite number above 0",
                                                  refused: "non-positive or non-finite")
    /// A perceptual spring's bounce: above −1 and at most 1, Apple's range ("negative values
    /// indicate overdamped springs with a minimum value of -1.0", "up to a maximum of 1.0"),
    /// −1 itself an infinite damping ratio and above 1 a negative one, a spring that grows (T6).
    package static let bounce = TimingValueRule(accepts: { $0 > -1 && $0 <= 1 }, isNot: "is not above -1 and at most 1",
                                                refused: "out-of-range")
    /// A speed, a beginTime, a timeOffset, a delay: any finite number (T6).
    package static let finite = TimingValueRule(accepts: \.isFinite, isNot: "is not finite", refused: "non-finite")

    /// Whether `value` is refused. The first refusal about `subject` in the process writes
    /// `flipbook: warning: <named(value)> <is not …>; <outcome>, and later <refused> <later>
    /// without a warning` to standard error.
    /// - Parameters:
    ///   - named: the words before the rule's, given the value as the warning writes it:
    ///     `{ "duration \($0) of a CABasicAnimation" }`.
    ///   - outcome: what happens instead: "the animation keeps 1".
    ///   - later: the later values and what becomes of them: "durations are ignored".
    package func refuses(_ value: Double, about subject: String, _ named: (String) -> String,
                         _ outcome: @autoclosure () -> String, later: String) -> Bool {
        guard !accepts(value) else { return false }
        OnceWarnings.write(about: subject, "flipbook: warning: \(named(NonFiniteValues.number(value))) \(isNot); "
            + "\(outcome()), and later \(refused) \(later) without a warning")
        return true
    }

    /// `value` when the rule accepts it, else 0, for an argument that cannot keep a value
    /// (a block's duration, an animator's delay): the first refusal of `argument` in the
    /// process warns, naming it (`UIView.animate duration`) and `later`, the plural of what
    /// it is (`durations`).
    package func orZero(_ value: Double, _ argument: String, later: String) -> Double {
        accepted(value, or: 0, argument, later: later)
    }

    /// `value` when the rule accepts it, else `fallback`, warning as `orZero` does: for an
    /// argument whose 0 means nothing it could stand for (a spring's mass or damping ratio).
    package func accepted(_ value: Double, or fallback: Double, _ argument: String, later: String) -> Double {
        let taken = "taken as \(NonFiniteValues.number(fallback))"
        return refuses(value, about: argument, { "\(argument) \($0)" }, "it is \(taken)", later: "\(later) are \(taken)")
            ? fallback : value
    }
}
