import Foundation

/// Trimming a path by arc length, as `CAShapeLayer.strokeStart` and `strokeEnd` trim its
/// stroke (G7).
extension CGPath {
    /// A continuous run of a trimmed path.
    public struct TrimmedPiece: Sendable, Hashable {
        /// One subpath: a move, then lines and curves (and a close when the whole of a
        /// closed subpath is kept).
        public var path: CGPath
        /// The arc length from the start of its subpath in the untrimmed path to the
        /// start of this piece: what a dash pattern has already covered there.
        public var distanceIntoSubpath: Double
    }

    /// The part of the path from fraction `start` to fraction `end` of its total arc
    /// length (both clamped to 0…1), as continuous pieces in path order.
    ///
    /// The length is measured over every subpath together; moves between subpaths add
    /// nothing. Nothing remains when `end ≤ start`. The whole range (0…1) returns the path
    /// unchanged, so closed subpaths keep their joins; a trimmed closed subpath becomes
    /// open, with its closing edge a line. Curves are cut exactly (de Casteljau) at the
    /// parameters `PathSampler` finds for the distances.
    public func trimmed(from start: Double, to end: Double) -> [TrimmedPiece] {
        let (from, to) = (min(max(start.isNaN ? 0 : start, 0), 1), min(max(end.isNaN ? 1 : end, 0), 1))
        guard !isEmpty, to > from else { return [] }
        if from == 0, to == 1 { return [TrimmedPiece(path: self, distanceIntoSubpath: 0)] }
        let sampler = PathSampler(path: self)
        let total = sampler.length
        guard total > 0 else { return [] }
        let (low, high) = (from * total, to * total)

        var pieces: [TrimmedPiece] = []
        var piece: CGMutablePath?
        var pieceOffset = 0.0
        var pieceStartsSubpath = false
        var (travelled, intoSubpath) = (0.0, 0.0)
        func finishPiece() {
            if let path = piece, path.elements.count > 1 {
                pieces.append(TrimmedPiece(path: path, distanceIntoSubpath: pieceOffset))
            }
            piece = nil
        }
        // Segment i is element i + 1: the first element is the first move.
        for (index, segment) in sampler.segments.enumerated() {
            let segmentStart = travelled
            travelled += segment.length
            defer { intoSubpath += segment.length }
            if case .jump = segment.shape {
                finishPiece()
                intoSubpath = 0 // a jump has no length, so the defer keeps this
                continue
            }
            guard segment.length > 0 else { continue }
            let (a, b) = (max(low, segmentStart), min(high, travelled))
            guard b > a else {
                if segmentStart >= high { break }
                continue
            }
            let s0 = a > segmentStart ? segment.parameter(atDistance: a - segmentStart) : 0
            let s1 = b < travelled ? segment.parameter(atDistance: b - segmentStart) : 1
            let part = Self.subsegment(segment, from: s0, to: s1)
            if piece == nil {
                let path = CGMutablePath()
                path.move(to: part.start)
                piece = path
                pieceOffset = intoSubpath + (a - segmentStart)
                pieceStartsSubpath = pieceOffset == 0
            }
            let isClose = elements[index + 1] == .closeSubpath
            if isClose, pieceStartsSubpath, s0 == 0, s1 == 1 {
                piece!.closeSubpath()
            } else {
                piece!.append(element: part.element)
            }
        }
        finishPiece()
        return pieces
    }

    /// The part of `segment` between Bézier parameters `s0` and `s1`: its start point and
    /// the element that draws it from there.
    private static func subsegment(_ segment: PathSampler.Segment, from s0: Double,
                                   to s1: Double) -> (start: CGPoint, element: Element) {
        let start = segment.point(at: s0), end = segment.point(at: s1)
        switch segment.shape {
        case .jump, .line:
            return (start, .addLineTo(end))
        case .quadCurve(let c):
            let points = [segment.start, c, segment.end]
            return (start, .addQuadCurveTo(end, control: blossom(points, [s0, s1])))
        case .cubicCurve(let c1, let c2):
            let points = [segment.start, c1, c2, segment.end]
            return (start, .addCurveTo(end, control1: blossom(points, [s0, s0, s1]),
                                       control2: blossom(points, [s0, s1, s1])))
        }
    }

    /// The blossom (polar form) of the Bézier with control `points` at `parameters`, one
    /// per degree: de Casteljau's algorithm with a different parameter at each level.
    /// The control points of the part between u and v are the blossoms at (u…u, v…v).
    private static func blossom(_ points: [CGPoint], _ parameters: [Double]) -> CGPoint {
        var level = points
        for t in parameters {
            level = zip(level, level.dropFirst()).map { p, q in
                CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
        }
        return level[0]
    }
}
