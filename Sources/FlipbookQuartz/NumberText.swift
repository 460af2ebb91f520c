import Foundation

/// `value` as briefly as it reads back the same: `600`, `0.25`. A whole number (below
/// 10^15) is written without a fraction, as UIKit prints constraints and as messages say
/// seconds; anything else as Swift writes a `Double`.
package func briefText(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
}
