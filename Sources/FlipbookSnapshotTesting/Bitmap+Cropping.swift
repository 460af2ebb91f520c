import FlipbookRender
import Foundation

extension Bitmap {
    /// The pixels `rect` (in points, at `scale` pixels per point) touches, within the
    /// bitmap: the smallest rectangle of whole pixels holding it, as `CGRect.integral`
    /// makes on the pixel grid — its left and top edges rounded down, its right and bottom
    /// edges up — so a partly covered pixel at either side is in (a 40-point-wide rectangle
    /// at x = 10.5 is the 41 pixels 10…50, both halves of its edges). A value within a
    /// millionth of a pixel of a whole number is taken as that number, so float noise adds
    /// no column. nil when no pixel is left, and for a rectangle of no width or height, which
    /// covers none wherever it lies (at x = 10.5 its edges would round out to column 10).
    func cropped(to rect: CGRect, scale: CGFloat) -> Bitmap? {
        guard [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite), !rect.isEmpty else { return nil }
        func snapped(_ value: CGFloat) -> CGFloat {
            let whole = value.rounded()
            return abs(value - whole) < 1e-6 ? whole : value
        }
        func span(from origin: CGFloat, length: CGFloat, limit: Int) -> Range<Int> {
            let first = snapped(origin * scale).rounded(.down)
            let end = snapped((origin + length) * scale).rounded(.up)
            let clamp = { (value: CGFloat) in Int(min(max(value, 0), CGFloat(limit))) }
            return clamp(first)..<clamp(max(first, end))
        }
        let columns = span(from: rect.minX, length: rect.width, limit: width)
        let rows = span(from: rect.minY, length: rect.height, limit: height)
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        var cropped: [UInt8] = []
        cropped.reserveCapacity(columns.count * rows.count * 4)
        for y in rows {
            cropped += pixels[((y * width + columns.lowerBound) * 4)..<((y * width + columns.upperBound) * 4)]
        }
        return Bitmap(width: columns.count, height: rows.count, pixels: cropped)
    }
}
