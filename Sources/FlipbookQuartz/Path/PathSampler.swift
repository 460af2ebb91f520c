import Foundation

/// Positions and headings along a path, as `CAKeyframeAnimation.path` moves a layer.
///
/// Core Animation puts a keyframe at the end point of every element of the path. The
/// sampler splits the path into `segments`, one per element after the first move: a
/// line, a curve, a `closeSubpath` (a line back to the subpath's start, even when that
/// line has no length), or a later move (a *jump*, which has no length). Without
/// `keyTimes` each segment takes an equal share of the time and is traversed by its own
/// Bézier parameter; in paced mode the whole path is traversed at uniform speed and
/// jumps take no time.
///
/// Angles are radians from the +x axis towards +y (clockwise on a y-down screen), the
/// heading `rotationMode = .rotateAuto` turns a layer to.
public struct PathSampler: Sendable {
    /// The part of a path between two consecutive keyframes.
    public struct Segment: Sendable, Hashable {
        /// How a segment joins its start to its end.
        public enum Shape: Sendable, Hashable {
            /// A move to a new subpath: no length, and the position is at `end` as soon
            /// as the segment begins.
            case jump
            /// A straight line, as drawn by `addLineTo` and `closeSubpath`.
            case line
            case quadCurve(control: CGPoint)
            case cubicCurve(control1: CGPoint, control2: CGPoint)
        }

        public let start: CGPoint
        public let end: CGPoint
        public let shape: Shape
        /// The arc length, to about 1e-9 relative; 0 for a jump.
        public private(set) var length: Double
        /// For curves, the arc length from the start to the parameter `k / tableSteps`
        /// for each `k` in `0...tableSteps`; empty otherwise.
        private var cumulativeLengths: [Double]

        /// The number of intervals of a curve's arc-length table; each is integrated by
        /// five-point Gauss–Legendre quadrature.
        private static let tableSteps = 16

        init(start: CGPoint, end: CGPoint, shape: Shape) {
            (self.start, self.end, self.shape) = (start, end, shape)
            (length, cumulativeLengths) = (0, [])
            switch shape {
            case .jump:
                break
            case .line:
                length = Double(hypot(end.x - start.x, end.y - start.y))
            case .quadCurve, .cubicCurve:
                let steps = Double(Self.tableSteps)
                let table = (0..<Self.tableSteps).reduce(into: [0.0]) { table, k in
                    table.append(table[k] + gaussLength(from: Double(k) / steps, to: Double(k + 1) / steps))
                }
                (length, cumulativeLengths) = (table[Self.tableSteps], table)
            }
        }

        /// The point at Bézier parameter `s` in 0…1.
        public func point(at s: Double) -> CGPoint {
            let t = CGFloat(s)
            let u = 1 - t
            switch shape {
            case .jump:
                return s > 0 ? end : start
            case .line:
                return CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            case .quadCurve(let c):
                let (w0, w1, w2) = (u * u, 2 * u * t, t * t)
                return CGPoint(x: w0 * start.x + w1 * c.x + w2 * end.x, y: w0 * start.y + w1 * c.y + w2 * end.y)
            case .cubicCurve(let c1, let c2):
                let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                return CGPoint(
                    x: w0 * start.x + w1 * c1.x + w2 * c2.x + w3 * end.x,
                    y: w0 * start.y + w1 * c1.y + w2 * c2.y + w3 * end.y)
            }
        }

        /// The derivative of the position with respect to `s` in 0…1: the direction of
        /// travel, scaled by the speed. Zero for a jump.
        public func tangent(at s: Double) -> (dx: CGFloat, dy: CGFloat) {
            let t = CGFloat(s)
            let u = 1 - t
            switch shape {
            case .jump:
                return (0, 0)
            case .line:
                return (end.x - start.x, end.y - start.y)
            case .quadCurve(let c):
                return (2 * u * (c.x - start.x) + 2 * t * (end.x - c.x), 2 * u * (c.y - start.y) + 2 * t * (end.y - c.y))
            case .cubicCurve(let c1, let c2):
                let (w0, w1, w2) = (3 * u * u, 6 * u * t, 3 * t * t)
                return (
                    w0 * (c1.x - start.x) + w1 * (c2.x - c1.x) + w2 * (end.x - c2.x),
                    w0 * (c1.y - start.y) + w1 * (c2.y - c1.y) + w2 * (end.y - c2.y))
            }
        }

        /// The parameter `s` at which the arc length from the start is `distance`
        /// (clamped to 0…`length`); 1 for a jump or a segment of no length.
        public func parameter(atDistance distance: Double) -> Double {
            guard length > 0 else { return 1 }
            let distance = min(max(distance, 0), length)
            guard !cumulativeLengths.isEmpty else { return distance / length }
            var (low, high) = (0, Self.tableSteps)
            while high - low > 1 {
                let middle = (low + high) / 2
                if cumulativeLengths[middle] <= distance { low = middle } else { high = middle }
            }
            let (from, to) = (Double(low) / Double(Self.tableSteps), Double(high) / Double(Self.tableSteps))
            let span = cumulativeLengths[high] - cumulativeLengths[low]
            var s = span > 0 ? from + (distance - cumulativeLengths[low]) / span * (to - from) : from
            // Newton's method on the exact arc length, kept inside the table interval.
            for _ in 0..<4 {
                let excess = cumulativeLengths[low] + gaussLength(from: from, to: s) - distance
                let speed = Double(hypot(tangent(at: s).dx, tangent(at: s).dy))
                guard speed > 0, abs(excess) > 1e-12 * length else { break }
                s = min(max(s - excess / speed, from), to)
            }
            return s
        }

        /// The direction of travel at `s`, looking just inside the curve where its
        /// derivative vanishes (a control point on an end point); nil when the segment
        /// has no direction at all.
        func direction(at s: Double) -> (dx: CGFloat, dy: CGFloat)? {
            for probe in [s, s < 0.5 ? s + 1e-3 : s - 1e-3] {
                let d = tangent(at: probe)
                if d.dx != 0 || d.dy != 0 { return d }
            }
            return nil
        }

        /// The arc length between parameters `from` and `to` by five-point Gauss–Legendre.
        private func gaussLength(from: Double, to: Double) -> Double {
            let nodes: [(x: Double, weight: Double)] = [
                (0, 0.5688888888888889),
                (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
                (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
            ]
            let (middle, half) = ((from + to) / 2, (to - from) / 2)
            return half * nodes.reduce(0) { sum, node in
                let d = tangent(at: middle + half * node.x)
                return sum + node.weight * Double(hypot(d.dx, d.dy))
            }
        }
    }

    /// The path's segments in order: one per element after the first move.
    public let segments: [Segment]
    /// Where the path starts: its first move's point, or `.zero` for an empty path.
    public let startPoint: CGPoint
    /// The number of keyframes: the path's elements, one per segment plus the first move.
    public let keyframeCount: Int
    /// The arc length from the start of the path to the start of each segment, then the
    /// total length.
    private let distances: [Double]

    /// Splits `path` into segments, measuring each.
    public init(path: CGPath) {
        var segments: [Segment] = []
        var current: CGPoint?
        var (startPoint, subpathStart) = (CGPoint.zero, CGPoint.zero)
        for element in path.elements {
            let from = current ?? .zero
            switch element {
            case .moveTo(let point):
                if current == nil { startPoint = point } else { segments.append(Segment(start: from, end: point, shape: .jump)) }
                (current, subpathStart) = (point, point)
            case .addLineTo(let point):
                segments.append(Segment(start: from, end: point, shape: .line))
                current = point
            case .addQuadCurveTo(let point, let control):
                segments.append(Segment(start: from, end: point, shape: .quadCurve(control: control)))
                current = point
            case .addCurveTo(let point, let control1, let control2):
                segments.append(Segment(start: from, end: point, shape: .cubicCurve(control1: control1, control2: control2)))
                current = point
            case .closeSubpath:
                segments.append(Segment(start: from, end: subpathStart, shape: .line))
                current = subpathStart
            }
        }
        self.segments = segments
        self.startPoint = startPoint
        keyframeCount = path.isEmpty ? 0 : segments.count + 1
        distances = segments.reduce(into: [0]) { $0.append($0.last! + $1.length) }
    }

    /// The total arc length; jumps add nothing.
    public var length: Double { distances.last! }

    /// The position and heading at fraction `u` (0…1) of the animation when keyframes are
    /// evenly spaced: segment `i` of `n` runs from `i / n` to `(i + 1) / n`, along its own
    /// parameter.
    public func point(atKeyframeFraction u: Double) -> (point: CGPoint, angle: Double) {
        guard !segments.isEmpty else { return (startPoint, 0) }
        let x = Self.clamped(u) * Double(segments.count)
        let index = min(Int(x), segments.count - 1)
        return point(atSegment: index, fraction: x - Double(index))
    }

    /// The position and heading at fraction `u` (0…1) of the path's arc length: paced
    /// mode, uniform speed, jumps taking no time.
    ///
    /// A path of no length falls back to `point(atKeyframeFraction:)`.
    public func point(atDistanceFraction u: Double) -> (point: CGPoint, angle: Double) {
        guard length > 0 else { return point(atKeyframeFraction: u) }
        let u = Self.clamped(u)
        guard u < 1 else { return point(atSegment: segments.count - 1, fraction: 1) }
        let distance = u * length
        // The first segment ending at or beyond `distance`…
        var (low, high) = (0, segments.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if distances[middle + 1] >= distance { high = middle } else { low = middle + 1 }
        }
        // …skipping any with no length at the very start.
        while segments[low].length == 0, low < segments.count - 1 { low += 1 }
        let s = segments[low].parameter(atDistance: distance - distances[low])
        return point(atSegment: low, fraction: s)
    }

    /// The position and heading at parameter `s` (0…1) of segment `index`, for a caller
    /// applying its own `keyTimes`. Both are clamped to their ranges.
    ///
    /// Where a segment has no direction (a jump, or a segment of no length), the heading is
    /// that of the next segment with one, else of the previous one, else 0.
    public func point(atSegment index: Int, fraction s: Double) -> (point: CGPoint, angle: Double) {
        guard !segments.isEmpty else { return (startPoint, 0) }
        let index = min(max(index, 0), segments.count - 1)
        let s = Self.clamped(s)
        let direction = segments[index].direction(at: s)
            ?? segments[(index + 1)...].lazy.compactMap { $0.direction(at: 0) }.first
            ?? segments[..<index].reversed().lazy.compactMap { $0.direction(at: 1) }.first
        let angle = direction.map { atan2(Double($0.dy), Double($0.dx)) } ?? 0
        return (segments[index].point(at: s), angle)
    }

    /// `value` limited to 0…1, with NaN read as 0.
    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}
