import Foundation

/// Repeat counts and repeat durations that time nothing (T2).
///
/// Core Animation documents a `repeatCount` that "may be fractional", 0 (the default)
/// ignored, and infinity (`greatestFiniteMagnitude`, `HUGE`) repeating forever; a
/// `repeatDuration` of 0 ignored too. It says nothing of a negative count or duration, nor
/// of NaN, which count no cycles and would leave an animation that never ends. As a layer
/// refuses a geometry or timing value that is not finite (G12), an animation keeps the
/// value it had, and the first refusal of each property in a process writes one line to
/// standard error naming the animation and both values.
extension CAAnimation {
    /// Whether `value`, given to `property` (`repeatCount`, `repeatDuration`), is refused:
    /// when it is NaN or below 0, with the warning the first time in the process.
    func refusesRepeatValue(_ property: String, _ value: Double, keeping kept: Double) -> Bool {
        guard !MediaTiming.isRepeatValue(value) else { return false }
        let number: (Double) -> String = NonFiniteValues.number
        OnceWarnings.write(about: "CAAnimation.\(property)", "flipbook: warning: \(property) \(number(value)) of \(warningName) "
            + "is not 0 or more; the animation keeps \(number(kept)), and later negative or NaN \(property) values "
            + "are ignored without a warning")
        return true
    }

    /// The animation as a warning names it: its class, and the key path it animates.
    private var warningName: String {
        let keyPath = (self as? CAPropertyAnimation)?.keyPath.map { " of '\($0)'" } ?? ""
        return "a \(type(of: self))\(keyPath)"
    }
}

extension MediaTiming {
    /// Whether `value` can be a repeat count or a repeat duration: 0 or more, infinity
    /// included; not NaN (T2).
    package static func isRepeatValue(_ value: Double) -> Bool { value >= 0 }
}
