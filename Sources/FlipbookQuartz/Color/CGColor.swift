import Foundation

/// A colour in sRGB with straight (unpremultiplied) alpha, each component in 0…1.
///
/// Components are stored as given; values outside 0…1 (extended sRGB) are kept.
public struct CGColor: Sendable, Hashable {
    public var red, green, blue, alpha: CGFloat

    /// Creates a colour from sRGB components and alpha, each in 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// Creates a grey with the given brightness (0 black, 1 white) and alpha.
    public init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Parses `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (hex digits in either case).
    ///
    /// Returns nil for anything else, including a missing `#`. In `#RGB` each digit is
    /// doubled (`#f80` is `#ff8800`).
    public init?(hexString: String) {
        guard hexString.first == "#" else { return nil }
        let digits = hexString.dropFirst()
        guard [3, 6, 8].contains(digits.count),
              digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        let nibbles: [Int] = digits.map { $0.hexDigitValue! }
        let bytes: [Int] = digits.count == 3
            ? nibbles.map { $0 * 17 }
            : stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
        let channels = bytes.map { CGFloat($0) / 255 }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// The components `[red, green, blue, alpha]`.
    public var components: [CGFloat] { [red, green, blue, alpha] }

    /// Returns this colour with its alpha replaced by `alpha`.
    public func copy(alpha: CGFloat) -> CGColor {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}
