import Foundation

/// A bitmap image: what a layer's `contents` shows (G7).
///
/// Pixels are 8-bit premultiplied BGRA, rows packed top to bottom — the byte layout of a
/// Cairo ARGB32 surface on a little-endian machine, so the compositor copies them as
/// they are. Immutable and shared: two images are equal only when they are the same
/// object, as Core Graphics images are, so comparing animation values stays cheap.
/// Decoding files is the render target's business (`CGImage.png(atPath:)` in
/// FlipbookRender), as only it touches C.
public final class CGImage: Sendable, Hashable, CustomStringConvertible {
    /// The size in pixels.
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: B, G, R, A per pixel, colours premultiplied by alpha.
    public let premultipliedBGRA: [UInt8]

    /// Creates an image from packed premultiplied BGRA bytes.
    /// - Precondition: `premultipliedBGRA.count == width * height * 4`, both sizes ≥ 1.
    public init(width: Int, height: Int, premultipliedBGRA: [UInt8]) {
        precondition(width > 0 && height > 0 && premultipliedBGRA.count == width * height * 4,
                     "CGImage: \(premultipliedBGRA.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.premultipliedBGRA = premultipliedBGRA
    }

    /// Creates an image from straight-alpha colours, row by row (`colors.count == width * height`).
    public convenience init(width: Int, height: Int, colors: [CGColor]) {
        precondition(colors.count == width * height, "CGImage: \(colors.count) colours for \(width)×\(height)")
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for (index, color) in colors.enumerated() {
            func byte(_ c: CGFloat) -> UInt8 { UInt8((min(max(c, 0), 1) * 255).rounded()) }
            let alpha = byte(color.alpha)
            func premultiplied(_ c: CGFloat) -> UInt8 { UInt8((Int(byte(c)) * Int(alpha) + 127) / 255) }
            bytes[index * 4] = premultiplied(color.blue)
            bytes[index * 4 + 1] = premultiplied(color.green)
            bytes[index * 4 + 2] = premultiplied(color.red)
            bytes[index * 4 + 3] = alpha
        }
        self.init(width: width, height: height, premultipliedBGRA: bytes)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String { "CGImage(\(width)×\(height))" }
}
