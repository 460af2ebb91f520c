import Foundation
import Yams

/// A YAML node of a scene file with its location, and typed readers that fail with
/// `SceneError`s naming the place, the key and what was expected.
struct SceneNode {
    let node: Node
    let file: String
    /// What the node is, for messages: "'alpha'", "timeline entry 2".
    let name: String
    /// The load's file access and limits, passed on to every child.
    var options = SceneLoader.Options()
    /// What the load has read so far, shared by every node of it.
    var reads = SceneReads()

    var location: SceneError.Location {
        SceneError.Location(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ message: String) -> SceneError { SceneError(at: location, message) }

    /// Where the character at `offset` of this scalar's text is in the file: exact for a
    /// plain or quoted scalar on one line (without escapes), else the scalar's start.
    func location(ofCharacter offset: Int) -> SceneError.Location {
        guard case .scalar(let scalar) = node, !scalar.string.contains(where: \.isNewline) else { return location }
        let quote: Int
        switch scalar.style {
        case .plain: quote = 0
        case .singleQuoted, .doubleQuoted: quote = 1
        default: return location
        }
        return SceneError.Location(file: file, line: location.line, column: location.column + quote + offset)
    }

    func child(_ node: Node, name: String) -> SceneNode {
        SceneNode(node: node, file: file, name: name, options: options, reads: reads)
    }

    /// What kind of value this is, for "got …" in messages.
    var kindDescription: String {
        switch node {
        case .mapping: return "a map"
        case .sequence(let items):
            let noun = items.allSatisfy({ $0.number != nil }) && !items.isEmpty ? "number" : "item"
            return "a list of \(items.count) \(noun)\(items.count == 1 ? "" : "s")"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if node.null != nil { return "null" }
            if plainBool != nil { return "a boolean" }
            if node.number != nil { return "the number \(scalar.string)" }
            return "the string \"\(scalar.string)\""
        }
    }

    func typeError(_ expected: String) -> SceneError {
        error("\(name) must be \(expected), got \(kindDescription)")
    }

    var isNull: Bool { node.null != nil }

    // MARK: Structure

    /// The entries of a map in file order, rejecting keys not in `allowed` (but key paths,
    /// keys with a dot, when `keyPaths`: their reader checks them).
    func fields(allowed: [String], required: [String] = [], keyPaths: Bool = false) throws -> Fields {
        guard case .mapping(let mapping) = node else { throw typeError("a map") }
        var entries: [(key: String, keyNode: SceneNode, value: SceneNode)] = []
        for (keyNode, value) in mapping {
            let keyName = keyNode.string ?? ""
            let key = child(keyNode, name: "key '\(keyName)'")
            guard allowed.contains(keyName) || keyPaths && keyName.contains(".") else {
                let hint = mixUpHint(for: keyName, allowed: allowed).map { ": " + $0 } ?? didYouMean(keyName, in: allowed)
                throw key.error("unknown key '\(keyName)' in \(name)\(hint)")
            }
            entries.append((keyName, key, child(value, name: "'\(keyName)'")))
        }
        for key in required where !entries.contains(where: { $0.key == key }) {
            throw error("\(name) is missing the required key '\(key)'")
        }
        return Fields(owner: self, entries: entries)
    }

    /// The entries of a map in file order, checked against `shape`'s keys and required keys.
    @MainActor
    func fields(_ shape: MapShape) throws -> Fields {
        try fields(allowed: shape.keyNames, required: shape.required, keyPaths: shape.holdsKeyPaths)
    }

    func list() throws -> [SceneNode] {
        guard case .sequence(let sequence) = node else { throw typeError("a list") }
        return sequence.enumerated().map { child($1, name: "item \($0 + 1) of \(name)") }
    }

    // MARK: Scalars

    func string() throws -> String {
        guard case .scalar(let scalar) = node, node.null == nil else { throw typeError("a string") }
        return scalar.string
    }

    func bool() throws -> Bool {
        guard let value = plainBool else { throw typeError("true or false") }
        return value
    }

    /// YAML 1.1's booleans, unquoted: `true`, `yes`, `on`, `false`, `no`, `off` (also
    /// capitalised or in capitals). Read here rather than from a resolved tag because the
    /// loader composes without tag resolution (see `SceneLoader`).
    var plainBool: Bool? {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        switch scalar.string {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// A finite number; NaN or infinity (`.nan`, `-.inf`, `1e999`) is an error naming it as written.
    func number() throws -> Double {
        guard let value = node.number else { throw typeError("a number") }
        guard value.isFinite else { throw notFiniteError("a finite number") }
        return value
    }

    /// The error for a value written as a number that is not finite: `'alpha' must be a
    /// finite number, got .nan`, the value as the file writes it.
    func notFiniteError(_ expected: String) -> SceneError {
        error("\(name) must be \(expected), got \(node.string ?? "?")")
    }

    /// A number a `Float` holds (an animation's speed): one beyond ±3.40282e+38, which would
    /// become infinity, is an error naming the range (T6).
    func float() throws -> Float {
        let value = try number()
        guard Float(value).isFinite else {
            throw error("\(name) is \(node.string ?? String(value)), out of the range of a Float (±\(Float.greatestFiniteMagnitude))")
        }
        return Float(value)
    }

    /// A number above 0; `reason`, when given, follows the error's words and says why.
    func positiveNumber(because reason: String? = nil) throws -> Double {
        let value = try number()
        guard value > 0 else { throw error("\(name) must be greater than 0, got \(value)\(reason.map { ": " + $0 } ?? "")") }
        return value
    }

    func nonNegativeNumber() throws -> Double {
        let value = try number()
        guard value >= 0 else { throw error("\(name) must be 0 or more, got \(value)") }
        return value
    }

    /// A whole number; one too large for 64 bits is an error naming the range.
    func integer() throws -> Int {
        switch node.wholeNumber {
        case .value(let value): return value
        case .outOfRange: throw error("\(name) is \(node.string ?? "?"), out of the range of whole numbers (\(Int.min)…\(Int.max))")
        case .notAnInteger: throw typeError("a whole number")
        }
    }

    /// Seconds: a number, or a string with a unit: "250ms", "1.5s".
    func time() throws -> Double {
        try unitNumber(units: ["ms": 0.001, "s": 1], expected: "a time in seconds (or \"250ms\")",
                       finite: "a finite number of seconds")
    }

    /// A time of 0 seconds or more.
    func nonNegativeTime() throws -> Double {
        let seconds = try time()
        guard seconds >= 0 else { throw error("\(name) must be 0 or more, got \(seconds)") }
        return seconds
    }

    /// Radians: a number, or "90deg", "0.25turn", "1.5rad".
    func angle() throws -> Double {
        try unitNumber(units: ["deg": .pi / 180, "turn": 2 * .pi, "rad": 1],
                       expected: "an angle in radians (or \"90deg\", \"0.25turn\")", finite: "a finite angle")
    }

    /// A number, or a number followed by one of `units`, times the unit's factor; one that
    /// is not finite (`.nan`, `1e999s`) is an error saying it must be `finite`.
    private func unitNumber(units: [String: Double], expected: String, finite: String) throws -> Double {
        if let value = node.number {
            guard value.isFinite else { throw notFiniteError(finite) }
            return value
        }
        guard let text = node.string else { throw typeError(expected) }
        for (unit, factor) in units where text.hasSuffix(unit) {
            if let value = Double(text.dropLast(unit.count).trimmingCharacters(in: .whitespaces)) {
                guard value.isFinite else { throw notFiniteError(finite) }
                return value * factor
            }
        }
        throw typeError(expected)
    }

    /// A list of exactly `count` numbers; an item that is not finite is an error at that
    /// item (`item 1 of 'center' must be a finite number, got .inf`).
    func numbers(_ count: Int, expected: String) throws -> [Double] {
        guard case .sequence(let sequence) = node, sequence.count == count,
              sequence.allSatisfy({ $0.number != nil }) else { throw typeError(expected) }
        return try list().map { try $0.number() }
    }

    func point() throws -> CGPoint {
        let v = try numbers(2, expected: "a point [x, y]")
        return CGPoint(x: v[0], y: v[1])
    }

    func size() throws -> CGSize {
        let v = try numbers(2, expected: "a size [width, height]")
        return CGSize(width: v[0], height: v[1])
    }

    func rect() throws -> CGRect {
        let v = try numbers(4, expected: "a rect [x, y, width, height]")
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}

/// The validated entries of a map, in file order.
struct Fields {
    let owner: SceneNode
    let entries: [(key: String, keyNode: SceneNode, value: SceneNode)]

    subscript(key: String) -> SceneNode? { entries.first { $0.key == key }?.value }

    func required(_ key: String) throws -> SceneNode {
        guard let value = self[key] else {
            throw owner.error("\(owner.name) is missing the required key '\(key)'")
        }
        return value
    }
}
