import Foundation

/// Timing values that time nothing (T2, T6).
///
/// Core Animation documents a `repeatCount` that "may be fractional", 0 (the default)
/// ignored, and infinity (`greatestFiniteMagnitude`, `HUGE`) repeating forever; a
/// `repeatDuration` of 0 ignored too; a `duration` in seconds, 0 by default. It says
/// nothing of a negative count, repeat duration or duration, nor of NaN or infinity in a
/// duration, speed, beginTime or timeOffset: values that count no cycles, leave an
/// animation that never ends, or place it at NaN. As a layer refuses a geometry or timing
/// value that is not finite (G12), an animation keeps the value it had, and the first
/// refusal of each property in a process writes one line to standard error naming the
/// animation and both values. The checks are made here, when a value is set, so that
/// evaluating `timing` in every frame checks nothing.
extension CAAnimation {
    /// Whether `value`, given to `property`, is refused by `rule`, with the warning the
    /// first time in the process.
    func refuses(_ property: String, _ value: Double, keeping kept: Double, by rule: TimingValueRule) -> Bool {
        rule.refuses(value, about: "CAAnimation.\(property)", { "\(property) \($0) of \(self.warningName)" },
                     "the animation keeps \(NonFiniteValues.number(kept))", later: "\(property) values are ignored")
    }

    /// The animation as a warning names it: its class, and the key path it animates.
    private var warningName: String {
        let keyPath = (self as? CAPropertyAnimation)?.keyPath.map { " of '\($0)'" } ?? ""
        return "a \(type(of: self))\(keyPath)"
    }
}
