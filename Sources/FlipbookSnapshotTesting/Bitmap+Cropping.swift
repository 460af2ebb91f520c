import FlipbookRender
import Foundation

extension Bitmap {
    /// The pixels `rect` (in points, at `scale` pixels per point) touches, within the
    /// bitmap: its edges rounded outward, after snapping an edge within a millionth of a
    /// pixel to it, so float noise adds no column. nil when no pixel is left.
    func cropped(to rect: CGRect, scale: CGFloat) -> Bitmap? {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { return nil }
        func snapped(_ value: CGFloat) -> CGFloat {
            let whole = value.rounded()
            return abs(value - whole) < 1e-6 ? whole : value
        }
        func pixel(_ value: CGFloat, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
            Int(min(max(snapped(value * scale).rounded(rule), 0), CGFloat(limit)))
        }
        let minX = pixel(rect.minX, .down, limit: width), maxX = pixel(rect.maxX, .up, limit: width)
        let minY = pixel(rect.minY, .down, limit: height), maxY = pixel(rect.maxY, .up, limit: height)
        guard minX < maxX, minY < maxY else { return nil }
        var cropped: [UInt8] = []
        cropped.reserveCapacity((maxX - minX) * (maxY - minY) * 4)
        for y in minY..<maxY {
            cropped += pixels[((y * width + minX) * 4)..<((y * width + maxX) * 4)]
        }
        return Bitmap(width: maxX - minX, height: maxY - minY, pixels: cropped)
    }
}
