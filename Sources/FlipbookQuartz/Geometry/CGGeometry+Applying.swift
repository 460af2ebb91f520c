import Foundation

extension CGPoint {
    /// Returns this point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns this size mapped by the linear part of `t` (translation is ignored).
    ///
    /// As in Core Graphics, the result can have negative components (a flip or rotation).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Returns the smallest standardized rectangle containing this rectangle's four
    /// corners mapped by `t`.
    ///
    /// The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
            CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY),
        ]
        return CGRect(boundingPoints: corners.map { $0.applying(t) })
    }

    /// Creates the smallest standardized rectangle containing `points`, or `.null` when
    /// there are none.
    init(boundingPoints points: some Sequence<CGPoint>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else {
            self = .null
            return
        }
        var (low, high) = (first, first)
        while let point = iterator.next() {
            low = CGPoint(x: Swift.min(low.x, point.x), y: Swift.min(low.y, point.y))
            high = CGPoint(x: Swift.max(high.x, point.x), y: Swift.max(high.y, point.y))
        }
        self.init(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }
}
