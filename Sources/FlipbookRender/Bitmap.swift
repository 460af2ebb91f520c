import Foundation

/// A frame's pixels: premultiplied BGRA bytes, the memory layout of a Cairo ARGB32
/// image surface on a little-endian machine, rows packed (`stride == width * 4`).
public struct Bitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, row after row, each pixel B, G, R, A (premultiplied).
    public var pixels: [UInt8]

    /// Creates a bitmap from packed premultiplied BGRA bytes.
    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "Bitmap: \(pixels.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Same size and the same bytes. Compared with `memcmp`: the standard library's
    /// element-by-element `==` on the pixel arrays ran a byte at a time, most of what a
    /// golden check spent comparing.
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        return lhs.pixels.withUnsafeBytes { left in
            rhs.pixels.withUnsafeBytes { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    /// A bitmap of one colour, given as straight (not premultiplied) 0…255 components.
    public init(width: Int, height: Int, filledWith color: RGBA8) {
        let p = color.premultiplied
        self.init(width: width, height: height,
                  pixels: [UInt8](repeating: 0, count: width * height * 4))
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = p.b; pixels[i + 1] = p.g; pixels[i + 2] = p.r; pixels[i + 3] = p.a
        }
    }

    /// The pixels as BGRA with straight (un-premultiplied) alpha; the same bytes when
    /// every pixel is opaque.
    public var straightAlphaPixels: [UInt8] {
        var straight = pixels
        Self.unpremultiply(&straight)
        return straight
    }

    /// Turns packed premultiplied BGRA bytes into straight-alpha ones, in place.
    static func unpremultiply(_ bgra: inout [UInt8]) {
        for i in stride(from: 0, to: bgra.count, by: 4) where bgra[i + 3] != 255 {
            let c = RGBA8(premultipliedR: bgra[i + 2], g: bgra[i + 1], b: bgra[i], a: bgra[i + 3])
            bgra[i] = c.b; bgra[i + 1] = c.g; bgra[i + 2] = c.r
        }
    }

    /// The straight (un-premultiplied) colour of the pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGBA8 {
        let i = (y * width + x) * 4
        return RGBA8(premultipliedR: pixels[i + 2], g: pixels[i + 1], b: pixels[i], a: pixels[i + 3])
    }
}

/// One pixel as 8-bit straight-alpha components.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Un-premultiplies components the way Cairo and pixman do (rounded).
    public init(premultipliedR r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func un(_ c: UInt8) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
        }
        self.init(un(r), un(g), un(b), a)
    }

    /// The same colour with each component multiplied by alpha (rounded).
    public var premultiplied: RGBA8 {
        func pre(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        return RGBA8(pre(r), pre(g), pre(b), a)
    }

    /// The largest absolute difference over the four components.
    public func maxChannelDifference(to other: RGBA8) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)),
            abs(Int(b) - Int(other.b)), abs(Int(a) - Int(other.a)))
    }

    public var description: String { "RGBA(\(r), \(g), \(b), \(a))" }
}
