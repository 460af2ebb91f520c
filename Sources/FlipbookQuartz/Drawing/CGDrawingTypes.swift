import Foundation

/// How a fill decides which regions of a self-overlapping path are inside.
public enum CGPathFillRule: Sendable, Hashable {
    /// Nonzero winding number (Core Graphics' default).
    case winding
    /// An odd number of crossings.
    case evenOdd
}

/// The shape of the ends of stroked open subpaths.
public enum CGLineCap: Sendable, Hashable {
    case butt, round, square
}

/// The shape of the corners where stroked segments meet.
public enum CGLineJoin: Sendable, Hashable {
    case miter, round, bevel
}

/// Whether a gradient's end colours continue past its start and end (Core Graphics'
/// option set, with its member names).
public struct CGGradientDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Paints the start colour before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Paints the end colour past the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// Colours at locations 0…1 along a gradient, as Core Graphics' `CGGradient`.
///
/// A value: two gradients with the same stops are equal.
public struct CGGradient: Sendable, Hashable {
    public struct Stop: Sendable, Hashable {
        public var location: CGFloat
        public var color: CGColor
    }

    /// The stops in increasing location.
    public let stops: [Stop]

    /// Creates a gradient from colours and their locations; without `locations` the
    /// colours are spread evenly from 0 to 1. Locations are clamped to 0…1 and sorted.
    public init?(colors: [CGColor], locations: [CGFloat]? = nil) {
        guard !colors.isEmpty, locations == nil || locations!.count == colors.count else { return nil }
        let spread = colors.count == 1 ? [0] : colors.indices.map { CGFloat($0) / CGFloat(colors.count - 1) }
        let places = (locations ?? spread).map { min(max($0, 0), 1) }
        stops = zip(places, colors).map { Stop(location: $0, color: $1) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
