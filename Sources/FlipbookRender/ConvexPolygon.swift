import Foundation

/// A convex polygon, clipped by half-planes (Sutherland–Hodgman).
struct ConvexPolygon {
    var vertices: [CGPoint]

    init(_ vertices: [CGPoint]) { self.vertices = vertices }

    init(_ rect: CGRect) {
        vertices = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                    CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
    }

    var isEmpty: Bool { vertices.count < 3 }

    /// The part where the affine function `f` is at least zero.
    func clipped(keepingNonNegative f: (CGPoint) -> CGFloat) -> ConvexPolygon {
        guard !isEmpty else { return self }
        var result: [CGPoint] = []
        for (i, a) in vertices.enumerated() {
            let b = vertices[(i + 1) % vertices.count]
            let (fa, fb) = (f(a), f(b))
            if fa >= 0 { result.append(a) }
            if (fa >= 0) != (fb >= 0) {
                let t = fa / (fa - fb)
                result.append(CGPoint(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
            }
        }
        return ConvexPolygon(result)
    }

    func clipped(to rect: CGRect) -> ConvexPolygon {
        clipped { $0.x - rect.minX }.clipped { rect.maxX - $0.x }
            .clipped { $0.y - rect.minY }.clipped { rect.maxY - $0.y }
    }

    func map(_ transform: (CGPoint) -> CGPoint) -> ConvexPolygon {
        ConvexPolygon(vertices.map(transform))
    }

    var boundingBox: CGRect? {
        guard !isEmpty else { return nil }
        let xs = vertices.map(\.x), ys = vertices.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
