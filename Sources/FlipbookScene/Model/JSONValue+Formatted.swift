extension JSONValue {
    /// The value as JSON for people to read: indented by two spaces, a list or map of
    /// scalars on one line when it fits in 100 columns (a longer list of scalars filling
    /// lines of 100), whole numbers without a fraction (`2`, not `2.0`). Used for the scene
    /// schema; `description` stays the compact form.
    public func formatted() -> String { formatted(indent: "") }

    private func formatted(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .number(let value) where value.isFinite && value == value.rounded() && abs(value) < 1e15:
            return String(Int(value))
        case .array(let items) where !items.isEmpty:
            let lines = items.map { $0.formatted(indent: inner) }
            let scalars = items.allSatisfy(\.isScalar)
            return block("[", lines, "]", oneLine: scalars, fill: scalars, indent: indent)
        case .object(let entries) where !entries.isEmpty:
            let lines = entries.map { JSONValue.string($0.0).description + ": " + $0.1.formatted(indent: inner) }
            return block("{", lines, "}", oneLine: entries.allSatisfy(\.1.isScalar), fill: false, indent: indent)
        default:
            return description
        }
    }

    /// `items` between `open` and `close`: on one line if `oneLine` and they fit, else
    /// one per line, or several to a line if `fill`.
    private func block(_ open: String, _ items: [String], _ close: String, oneLine: Bool, fill: Bool,
                       indent: String) -> String {
        let line = open + items.joined(separator: ", ") + close
        if oneLine, indent.count + line.count <= 100 { return line }
        var lines: [String] = []
        for item in items {
            if fill, let last = lines.last, last.count + item.count + 3 <= 100 {
                lines[lines.count - 1] = last + ", " + item
            } else {
                lines.append(indent + "  " + item)
            }
        }
        return open + "\n" + lines.joined(separator: ",\n") + "\n" + indent + close
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
