import Foundation
import FlipbookUIKit
import Yams

/// The JSON Schema (draft-07) of the scene format, made from the `MapShape`s the loader
/// checks every map against, so an editor that completes and checks scenes with it knows
/// the same keys the loader does (docs/schema.md).
///
/// The schema is looser than the loader where a check needs context — a layer's keys of
/// another class, an animation's `toValue` for its key path, ids that must exist — and
/// stricter where YAML is loose: a string must be a string (`log: "5"`, not `log: 5`), and
/// CSS colour names are in lower case.
@MainActor
public enum SceneSchema {
    /// The schema, formatted, ending with a newline: what `flipbook schema` prints and
    /// `scenes/schema.json` holds.
    public static var text: String { document.formatted() + "\n" }

    /// The schema as a JSON value.
    public static var document: JSONValue {
        var builder = Builder()
        let scene = builder.body(of: .scene)
        return .object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("title", .string("Flipbook scene")),
            ("description", .string("A Flipbook scene file, format \(SceneLoader.formatVersions.last!). "
                + "Generated from the loader's definitions by `flipbook schema`.")),
        ] + scene + [("definitions", .object(builder.definitions))])
    }

    /// A scene file's text as the JSON value the schema checks: keys as written, each
    /// scalar a null, boolean, number or string as the loader reads it.
    ///
    /// Throws a `SceneError` for text that is not YAML; `file` names it.
    public static func instance(yaml: String, file: String) throws -> JSONValue {
        SceneNode(node: try SceneLoader.compose(yaml: yaml, file: file), file: file, name: "the scene").json
    }
}

extension SceneNode {
    /// This node as JSON, each scalar as the readers take it: `yes` a boolean, `1e3` a
    /// number, `"1"` (quoted) a string.
    fileprivate var json: JSONValue {
        switch node {
        case .mapping(let mapping):
            return .object(mapping.map { key, value in (key.string ?? "", child(value, name: "").json) })
        case .sequence(let sequence):
            return .array(sequence.map { child($0, name: "").json })
        case .scalar(let scalar):
            if isNull { return .null }
            if let value = plainBool { return .bool(value) }
            if let value = node.number, value.isFinite { return .number(value) }
            return .string(scalar.string)
        case .alias:
            return .null
        }
    }
}

/// Collects the schema's definitions: one per map shape (by its name) and one per kind
/// of value with a form of its own (colours, times, points …), each made once.
@MainActor
private struct Builder {
    /// The entries of a schema object, in the order written.
    typealias Schema = [(String, JSONValue)]

    private(set) var definitions: [(String, JSONValue)] = []
    /// The keys of each shape defined, to catch two shapes with one name.
    private var shapeKeys: [String: [String]] = [:]

    mutating func schema(of kind: ValueKind) -> Schema {
        switch kind {
        case .string: return type("string")
        case .bool: return type("boolean")
        case .number: return type("number")
        case .integer: return type("integer")
        case .nonNegative(.time):
            return define("nonNegativeTime", "Seconds, 0 or more: a number, or a string with a unit: \"250ms\", \"1.5s\".",
                          anyOf([type("number") + zeroOrMore, unitNumber(units: ["ms", "s"], signed: false)]))
        case .nonNegative(let kind): return schema(of: kind) + zeroOrMore
        case .positive: return type("number") + [("exclusiveMinimum", .number(0))]
        case .within(let range):
            return type("number") + [("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
        case .bounce: return type("number") + [("exclusiveMinimum", .number(-1)), ("maximum", .number(1))]
        case .null: return type("null")
        case .any: return []
        case .choice(let names): return enumeration(names)
        case .list(let item): return type("array") + [("items", .object(schema(of: item)))]
        case .dictionary(let value): return type("object") + [("additionalProperties", .object(schema(of: value)))]
        case .anyOf(let kinds): return anyOf(kinds.map { schema(of: $0) })
        case .map(let shape): return reference(to: shape())
        case .time:
            return define("time", "Seconds: a number, or a string with a unit: \"250ms\", \"1.5s\".",
                          anyOf([type("number"), unitNumber(units: ["ms", "s"], signed: true)]))
        case .angle:
            return define("angle", "Radians: a number, or a string with a unit: \"90deg\", \"0.25turn\", \"1.5rad\".",
                          anyOf([type("number"), unitNumber(units: ["deg", "turn", "rad"], signed: true)]))
        case .color:
            return define("color", "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b] or [r, g, b, a] in 0…1, "
                          + "a UIKit or CSS colour name, or null for none.", anyOf([
                type("string") + [("pattern", .string("^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))],
                enumeration(UIColor.allNames),
                numbers(3, 4, minimum: 0, maximum: 1),
                type("null"),
            ]))
        case .point: return define("point", "[x, y] in points.", numbers(2, 2))
        case .size: return define("size", "[width, height] in points.", numbers(2, 2))
        case .rect: return define("rect", "[x, y, width, height] in points.", numbers(4, 4))
        case .transform:
            return define("transform", "identity, an affine matrix [a, b, c, d, tx, ty], a 4×4 matrix of 16 numbers "
                          + "(row-major), or a list of operations applied in order.", anyOf([
                enumeration(["identity"]),
                numbers(6, 6),
                numbers(16, 16),
                type("array") + [("items", .object(reference(to: .transformOperation)))],
            ]))
        case .timingFunction:
            return define("timingFunction", "A CAMediaTimingFunctionName or control points [x1, y1, x2, y2].",
                          anyOf([enumeration(SceneNode.timingFunctions.map(\.name)), numbers(4, 4)]))
        case .path:
            return define("path", "SVG path data (\"M0 0 L10 10 Z\") or a shape: {rect}, {ellipse}, "
                          + "{roundedRect, radius} or {points, closed}.",
                          anyOf([type("string"), reference(to: .path)]))
        }
    }

    /// A reference to the definition of `shape`, made on first use.
    mutating func reference(to shape: MapShape) -> Schema {
        if let keys = shapeKeys[shape.name] {
            assert(keys == shape.keyNames, "two different shapes are named '\(shape.name)'")
        } else {
            shapeKeys[shape.name] = shape.keyNames
            define(shape.name) { $0.body(of: shape) }
        }
        return ref(shape.name)
    }

    /// A map of `shape`'s keys, no others; a key given twice with different kinds
    /// (a view's and a layer's `transform`) takes either.
    mutating func body(of shape: MapShape) -> Schema {
        var properties: [(String, JSONValue)] = []
        for name in shape.keyNames {
            var schemas: [JSONValue] = []
            for key in shape.keys where key.name == name {
                let schema = JSONValue.object(schema(of: key.kind))
                if !schemas.contains(schema) { schemas.append(schema) }
            }
            properties.append((name, schemas.count == 1 ? schemas[0] : .object([("anyOf", .array(schemas))])))
        }
        var schema = type("object") + [("properties", .object(properties)), ("additionalProperties", .bool(false))]
        if shape.holdsKeyPaths { schema.append(("patternProperties", .object([(MapShape.keyPathPattern, .object([]))]))) }
        if !shape.required.isEmpty { schema.append(("required", .array(shape.required.map(JSONValue.string)))) }
        if shape.holdsOneKey { schema += [("minProperties", .number(1)), ("maxProperties", .number(1))] }
        return schema
    }

    /// Adds the definition `name`, made by `make`, which may refer to it (a view's subviews
    /// are views): its place is taken before it is made.
    private mutating func define(_ name: String, _ make: (inout Builder) -> Schema) {
        let index = definitions.count
        definitions.append((name, .null))
        definitions[index].1 = .object(make(&self))
    }

    /// A reference to the value definition `name`, added on first use.
    private mutating func define(_ name: String, _ description: String, _ schema: Schema) -> Schema {
        if !definitions.contains(where: { $0.0 == name }) {
            define(name) { _ in [("description", .string(description))] + schema }
        }
        return ref(name)
    }

    private func ref(_ name: String) -> Schema { [("$ref", .string("#/definitions/\(name)"))] }

    private func type(_ name: String) -> Schema { [("type", .string(name))] }

    private func enumeration(_ names: [String]) -> Schema { [("enum", .array(names.map(JSONValue.string)))] }

    private func anyOf(_ schemas: [Schema]) -> Schema { [("anyOf", .array(schemas.map(JSONValue.object)))] }

    /// A list of `fewest`…`most` numbers, each between `minimum` and `maximum` if given.
    private func numbers(_ fewest: Int, _ most: Int, minimum: Double? = nil, maximum: Double? = nil) -> Schema {
        var item = type("number")
        if let minimum { item.append(("minimum", .number(minimum))) }
        if let maximum { item.append(("maximum", .number(maximum))) }
        return type("array") + [("items", .object(item)), ("minItems", .number(Double(fewest))),
                                ("maxItems", .number(Double(most)))]
    }

    /// `minimum: 0`, for a value the reader refuses below 0.
    private let zeroOrMore: Schema = [("minimum", .number(0))]

    /// A string of a number and one of `units`: "250ms"; with a minus sign only if `signed`.
    private func unitNumber(units: [String], signed: Bool) -> Schema {
        let number = (signed ? "[-+]?" : "\\+?") + "([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?"
        return type("string") + [("pattern", .string("^\(number) *(\(units.joined(separator: "|")))$"))]
    }
}
