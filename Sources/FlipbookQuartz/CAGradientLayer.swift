import Foundation

/// The kind of gradient a `CAGradientLayer` draws (Core Animation's string constants).
public struct CAGradientLayerType: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Along the line from `startPoint` to `endPoint` (the default).
    public static let axial = Self(rawValue: "axial")
    /// An ellipse centred on `startPoint` whose radii reach `endPoint`.
    public static let radial = Self(rawValue: "radial")
    /// Around `startPoint`, the angle starting in the direction of `endPoint`.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient (G7).
///
/// `startPoint` and `endPoint` are unit points of the bounds ((0, 0) top-left, (1, 1)
/// bottom-right). `locations` (increasing; they may leave 0…1) place the colours; nil,
/// or a count that differs from the colours', spaces them evenly. Beyond the first and last location
/// the end colours extend. With fewer than two colours: one colour fills the bounds,
/// none draws nothing. Animatable: `colors`, `locations` (lists of one length
/// interpolate element by element; others switch half-way), `startPoint`, `endPoint`.
open class CAGradientLayer: CALayer {
    public var colors: [CGColor]? { didSet { valueDidChange(forKey: "colors", from: .colors(oldValue ?? [])) } }
    public var locations: [NSNumber]? {
        didSet { valueDidChange(forKey: "locations", from: .numbers((oldValue ?? []).map(\.doubleValue))) }
    }
    /// Default (0.5, 0): the middle of the top edge.
    public var startPoint = CGPoint(x: 0.5, y: 0) { didSet { valueDidChange(forKey: "startPoint", from: .point(oldValue)) } }
    /// Default (0.5, 1): the middle of the bottom edge.
    public var endPoint = CGPoint(x: 0.5, y: 1) { didSet { valueDidChange(forKey: "endPoint", from: .point(oldValue)) } }
    public var type: CAGradientLayerType = .axial

    public required init() { super.init() }

    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        guard let other = layer as? CAGradientLayer else { return }
        colors = other.colors
        locations = other.locations
        startPoint = other.startPoint
        endPoint = other.endPoint
        type = other.type
    }

    private static let gradientProperties: [String: AnimatableProperty] = [
        // An empty list reads back as nil, as it draws the same.
        "colors": .stored(\CAGradientLayer.colors, kind: .colors, wrap: { .colors($0 ?? []) }) {
            if case .colors(let colors) = $0 { .some(colors.isEmpty ? nil : colors) } else { nil }
        },
        "locations": .stored(\CAGradientLayer.locations, kind: .numbers,
                             wrap: { .numbers(($0 ?? []).map(\.doubleValue)) }) {
            if case .numbers(let numbers) = $0 { .some(numbers.isEmpty ? nil : numbers.map { NSNumber(value: $0) }) } else { nil }
        },
        "startPoint": .point(\CAGradientLayer.startPoint),
        "endPoint": .point(\CAGradientLayer.endPoint),
    ]

    /// The animatable properties of a gradient layer, then CALayer's.
    open override class func animatableProperty(forKey key: String) -> AnimatableProperty? {
        gradientProperties[key] ?? super.animatableProperty(forKey: key)
    }

    /// The animatable keys a gradient layer adds to CALayer's, for listing and suggestions.
    public static var gradientKeyPaths: [String] { gradientProperties.keys.sorted() }

    open override func renderContent() -> LayerContent? {
        guard let colors, !colors.isEmpty else { return nil }
        return .gradient(GradientContent(type: type, colors: colors,
                                         locations: locations?.map { CGFloat($0.doubleValue) },
                                         startPoint: startPoint, endPoint: endPoint))
    }
}
