import Foundation

/// What a `CAGradientLayer` draws (G7): a gradient filling the layer's bounds.
public struct GradientContent: Sendable, Hashable {
    /// One colour at one place of the gradient, 0…1.
    public struct Stop: Sendable, Hashable {
        public var location: CGFloat
        public var color: CGColor
    }

    public var type: CAGradientLayerType
    public var colors: [CGColor]
    /// nil spaces the colours evenly.
    public var locations: [CGFloat]?
    /// Unit points of the bounds.
    public var startPoint: CGPoint
    public var endPoint: CGPoint

    public init(type: CAGradientLayerType = .axial, colors: [CGColor], locations: [CGFloat]? = nil,
                startPoint: CGPoint = CGPoint(x: 0.5, y: 0), endPoint: CGPoint = CGPoint(x: 0.5, y: 1)) {
        self.type = type
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The colour stops in order, within 0…1: at `locations` when there is one per
    /// colour, else evenly spaced from 0 to 1 (a single colour sits at 0). Locations are
    /// kept non-decreasing, so a stop never comes before the one listed ahead of it.
    /// Locations beyond 0…1 are allowed (a "shimmer" slides them across): the gradient
    /// is cut at 0 and 1, with stops there of the colours it has at those places.
    public var stops: [Stop] {
        let all = placedStops
        guard let first = all.first, let last = all.last, first.location < 0 || last.location > 1 else { return all }
        let inside = all.filter { $0.location > 0 && $0.location < 1 }
        return [Stop(location: 0, color: color(at: 0, of: all))] + inside + [Stop(location: 1, color: color(at: 1, of: all))]
    }

    /// The colour at `location` of the gradient: the end colours beyond the ends,
    /// linear in each component between stops.
    public func color(at location: CGFloat) -> CGColor {
        color(at: location, of: placedStops)
    }

    /// The stops at their locations as given (made non-decreasing), or evenly spaced.
    private var placedStops: [Stop] {
        let count = colors.count
        let places: [CGFloat]
        if let locations, locations.count == count {
            places = locations.reduce(into: []) { kept, location in kept.append(max(location, kept.last ?? location)) }
        } else {
            places = (0..<count).map { count > 1 ? CGFloat($0) / CGFloat(count - 1) : 0 }
        }
        return zip(places, colors).map { Stop(location: $0, color: $1) }
    }

    private func color(at location: CGFloat, of stops: [Stop]) -> CGColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location <= first.location { return first.color }
        if location >= last.location { return last.color }
        let upper = stops.firstIndex { $0.location > location }!
        let (a, b) = (stops[upper - 1], stops[upper])
        let t = (location - a.location) / (b.location - a.location)
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * t }
        return CGColor(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                       blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
    }
}
