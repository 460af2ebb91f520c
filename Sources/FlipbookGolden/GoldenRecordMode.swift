/// When a golden check writes new baselines instead of only comparing.
///
/// Recording never passes: a run that recorded anything fails with "recorded new
/// baseline — re-run to check", so a baseline is never accepted unseen.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Record frames that have no golden yet; compare the rest. The local default.
    case missing
    /// Record every frame, replacing existing goldens.
    case all
    /// Re-record frames that fail their comparison; report missing goldens.
    case failed
    /// Record frames that have no golden or fail their comparison, leaving every
    /// passing golden untouched (`flipbook record --changed`).
    case changed
    /// Only compare; report missing goldens. The default when `CI` is set.
    case never

    /// Whether a frame without a golden gets one (`.all` records every frame anyway).
    public var recordsMissing: Bool { self == .missing || self == .changed }
    /// Whether a frame that fails its comparison, or whose golden cannot be read, is
    /// recorded over.
    public var recordsFailures: Bool { self == .failed || self == .changed }

    /// The mode named by `GOLDEN_RECORD`.
    ///
    /// Unset or empty, it is `.never` when `CI` is set (to anything but empty, `false` or
    /// `0`) and `.missing` otherwise.
    /// - Throws: `GoldenError` naming the valid values when `GOLDEN_RECORD` is not one.
    public static func fromEnvironment(_ environment: [String: String]) throws -> GoldenRecordMode {
        let onCI = !["", "false", "0"].contains((environment["CI"] ?? "").lowercased())
        guard let value = environment["GOLDEN_RECORD"], !value.isEmpty else {
            return onCI ? .never : .missing
        }
        guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else {
            let valid = allCases.map(\.rawValue).joined(separator: ", ")
            throw GoldenError("GOLDEN_RECORD=\(value) is not a record mode; use one of \(valid)")
        }
        return mode
    }
}
