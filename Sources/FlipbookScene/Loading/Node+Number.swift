import Yams

extension Node {
    /// The scalar as a YAML 1.1 float, as Yams's `float` reads it, but without copying
    /// the text first: a plain decimal (digits, sign, point, exponent) is parsed at once,
    /// which is what Yams does after removing `_` separators. Every number of a scene is
    /// read here, and the copy was a tenth of loading the 1,000-layer benchmark scene.
    var number: Double? {
        guard case .scalar(let scalar) = self, scalar.style == .plain || scalar.style == .any else { return nil }
        let isDecimal = scalar.string.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
                 UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: false
            }
        }
        return isDecimal ? Double(scalar.string) : float
    }

    /// A plain scalar read as a YAML 1.1 integer.
    enum WholeNumber: Equatable {
        case value(Int)
        /// Written as an integer, but beyond `Int`'s range.
        case outOfRange
        /// Not written as an integer (or not a plain scalar).
        case notAnInteger
    }

    /// The scalar as a YAML 1.1 integer — decimal, `0x` hex, `0o` or leading-`0` octal,
    /// `0b` binary or base-60 `1:30:00`, with `_` separators and a sign — read here rather
    /// than by Yams, whose parser traps when a base-60 number overflows.
    var wholeNumber: WholeNumber {
        guard case .scalar(let scalar) = self, scalar.style == .plain || scalar.style == .any else { return .notAnInteger }
        var text = Substring(scalar.string.filter { $0 != "_" })
        let negative = text.hasPrefix("-")
        if negative || text.hasPrefix("+") { text = text.dropFirst() }
        guard let magnitude = Self.magnitude(of: text) else { return .notAnInteger }
        guard let magnitude else { return .outOfRange }
        // Int's range is asymmetric: −2^63 has no positive counterpart.
        if negative {
            return magnitude <= UInt64(Int.max) + 1 ? .value(Int(truncatingIfNeeded: 0 &- magnitude)) : .outOfRange
        }
        return magnitude <= UInt64(Int.max) ? .value(Int(magnitude)) : .outOfRange
    }

    /// The value of an unsigned YAML 1.1 integer's digits: nil when `text` is no integer,
    /// `.some(nil)` when it is one too large for 64 bits.
    private static func magnitude(of text: Substring) -> UInt64?? {
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            return digits(text.dropFirst(2), radix: radix)
        }
        if text.count > 1, text.hasPrefix("0") { return digits(text.dropFirst(), radix: 8) }
        guard text.contains(":") else { return digits(text, radix: 10) }
        // Base 60: the first part any decimal, each further part 0…59.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var total: UInt64? = 0
        for (index, part) in parts.enumerated() {
            guard let digit = digits(part, radix: 10) else { return nil }
            if index > 0 { guard part.count <= 2, let digit, digit < 60 else { return nil } }
            guard let sum = total, let digit else { total = nil; continue }
            let (shifted, overflow) = sum.multipliedReportingOverflow(by: 60)
            let (next, carry) = shifted.addingReportingOverflow(digit)
            total = overflow || carry ? nil : next
        }
        return .some(total)
    }

    /// The digits of `text` in `radix`: nil when it has none or others, `.some(nil)`
    /// when their value is too large for 64 bits.
    private static func digits(_ text: Substring, radix: Int) -> UInt64?? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }) else {
            return nil
        }
        return .some(UInt64(text, radix: radix))
    }
}
