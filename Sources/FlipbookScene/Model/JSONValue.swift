import Foundation

/// A JSON value that keeps its keys in the order given, written compactly.
///
/// Written by hand rather than with `JSONSerialization` because the `probe` and
/// `events` outputs list keys in the documented order ("t" first), and numbers are
/// rounded to 1e-9 so float noise (0.30000000000000004) does not reach the user.
public enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    /// A count or a version, written without a fraction (`1`, where `number` writes `1.0`).
    case integer(Int)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.description == b.description }

    public var description: String {
        switch self {
        case .number(let value): return Self.format(value)
        case .integer(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let entries):
            return "{" + entries.map { Self.quote($0.0) + ":" + $0.1.description }.joined(separator: ",") + "}"
        }
    }

    /// Numbers rounded to 9 decimals, whole ones with ".0" (`1.0`, as in the documented
    /// output), never "-0.0"; non-finite numbers are null.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let rounded = (value * 1e9).rounded() / 1e9 + 0.0
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(format: "%.1f", rounded) }
        return "\(rounded)"
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
