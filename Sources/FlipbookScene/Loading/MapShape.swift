/// The keys a map of a scene file may have, the kind of each key's value and the keys it
/// must have: the reader checks a map against its shape (`SceneNode.fields(_:)`), and the
/// JSON Schema of the format is made from the same shapes (`SceneSchema`), so the two
/// cannot disagree about which keys exist.
@MainActor
struct MapShape {
    struct Key {
        let name: String
        let kind: ValueKind
    }

    /// The name of the shape's definition in the schema ("canvas", "animate").
    let name: String
    /// In the order the schema lists them; a key may appear twice with different kinds
    /// (`transform` of a view and of a layer in `set`).
    let keys: [Key]
    /// The key names, each once; kept, as every map read is checked against them.
    let keyNames: [String]
    let required: [String]
    /// A map that holds exactly one of its keys: an action's verb, a transform operation.
    var holdsOneKey = false
    /// Whether the map may also hold key paths (`position.x`) beside its keys: a `set` on
    /// a layer, as `setValue(_:forKeyPath:)`.
    var holdsKeyPaths = false

    init(_ name: String, _ keys: KeyValuePairs<String, ValueKind>, required: [String] = []) {
        self.init(name, Self.keys(keys), required: required)
    }

    init(_ name: String, _ keys: [Key], required: [String] = []) {
        self.name = name
        self.keys = keys
        keyNames = keys.map(\.name).uniqued()
        self.required = required
    }

    /// Keys for a shape, from a literal.
    static func keys(_ pairs: KeyValuePairs<String, ValueKind>) -> [Key] {
        pairs.map { Key(name: $0.key, kind: $0.value) }
    }

    /// This shape with `more` keys after its own.
    func adding(_ more: [Key]) -> MapShape {
        var shape = MapShape(name, keys + more, required: required)
        shape.holdsOneKey = holdsOneKey
        shape.holdsKeyPaths = holdsKeyPaths
        return shape
    }

    /// This shape as a map that may hold key paths beside its keys.
    func holdingKeyPaths() -> MapShape {
        var shape = self
        shape.holdsKeyPaths = true
        return shape
    }

    /// The pattern of a key path: names joined by dots (`bounds.size.height`).
    static let keyPathPattern = "^[A-Za-z]+(\\.[A-Za-z]+)+$"

    /// This shape as a map that holds exactly one of its keys.
    func holdingOneKey() -> MapShape {
        var shape = self
        shape.holdsOneKey = true
        return shape
    }
}

/// What a value in a scene file is, as the schema describes it. Readers parse values
/// themselves (`SceneNode.color()`, `time()` …); the kind next to each key says which.
@MainActor
indirect enum ValueKind {
    case string, bool, number, integer
    /// A number, whole number or time (`.number`, `.integer`, `.time`) the reader refuses
    /// when it is below 0: a count or a duration.
    case nonNegative(ValueKind)
    /// A number the reader refuses at 0 or below: a rate, a scale, a size, a spring's mass.
    case positive
    /// A number the reader refuses outside `range`: a keyframe's fraction (0…1), a font weight.
    case within(ClosedRange<Double>)
    /// A perceptual spring's bounce: above −1, at most 1 (`TimingValueRule.bounce`).
    case bounce
    /// Seconds: a number, or "250ms", "1.5s".
    case time
    /// Radians: a number, or "90deg", "0.25turn", "1.5rad".
    case angle
    /// "#RRGGBB", [r, g, b(, a)], a name, or null.
    case color
    case point, size, rect
    case transform
    /// A name or control points.
    case timingFunction
    /// SVG path data or a map of a shape.
    case path
    case choice([String])
    case list(ValueKind)
    /// A map of the shape the closure gives (a closure, because shapes nest themselves:
    /// a view's subviews are views).
    case map(@MainActor () -> MapShape)
    /// A map from names the scene gives (subview ids) to values of one kind.
    case dictionary(ValueKind)
    case anyOf([ValueKind])
    case null
    /// Any value: the reader decides by context (an animation's `toValue` by its key path).
    case any

    static func nullable(_ kind: ValueKind) -> ValueKind { .anyOf([kind, .null]) }
}
