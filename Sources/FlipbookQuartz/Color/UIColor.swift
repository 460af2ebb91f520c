import Foundation

/// An immutable colour object with UIKit's names, wrapping a `CGColor`.
///
/// The system colours carry their iOS light-mode sRGB values; Flipbook has no dark mode.
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour's sRGB components and alpha.
    public let cgColor: CGColor

    /// Creates a colour wrapping `cgColor`.
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
    }

    /// Creates a colour from sRGB components and alpha, each in 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// Creates a grey with the given brightness (0 black, 1 white) and alpha.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// Returns this colour with its alpha replaced by `alpha`.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha))
    }

    /// Writes the sRGB components and alpha into the arguments; always succeeds.
    @discardableResult
    public func getRed(
        _ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat
    ) -> Bool {
        (red, green, blue, alpha) = (cgColor.red, cgColor.green, cgColor.blue, cgColor.alpha)
        return true
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.cgColor == rhs.cgColor
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cgColor)
    }

    /// The components as UIKit prints them, e.g. `UIExtendedSRGBColorSpace 1 0 0 1`.
    public var description: String {
        (["UIExtendedSRGBColorSpace"] + cgColor.components.map { String(format: "%g", Double($0)) })
            .joined(separator: " ")
    }

    private static func sRGB(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
    }

    /// Black (white 0).
    public static let black = UIColor(white: 0, alpha: 1)
    /// Dark grey (white 1/3).
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// Light grey (white 2/3).
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// White (white 1).
    public static let white = UIColor(white: 1, alpha: 1)
    /// Grey (white 0.5).
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Red (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Fully transparent (white 0, alpha 0).
    public static let clear = UIColor(white: 0, alpha: 0)

    /// iOS system red, light mode (255, 59, 48).
    public static let systemRed = sRGB(255, 59, 48)
    /// iOS system orange, light mode (255, 149, 0).
    public static let systemOrange = sRGB(255, 149, 0)
    /// iOS system yellow, light mode (255, 204, 0).
    public static let systemYellow = sRGB(255, 204, 0)
    /// iOS system green, light mode (52, 199, 89).
    public static let systemGreen = sRGB(52, 199, 89)
    /// iOS system mint, light mode (0, 199, 190).
    public static let systemMint = sRGB(0, 199, 190)
    /// iOS system teal, light mode (48, 176, 199; iOS 15 and later).
    public static let systemTeal = sRGB(48, 176, 199)
    /// iOS system cyan, light mode (50, 173, 230).
    public static let systemCyan = sRGB(50, 173, 230)
    /// iOS system blue, light mode (0, 122, 255).
    public static let systemBlue = sRGB(0, 122, 255)
    /// iOS system indigo, light mode (88, 86, 214).
    public static let systemIndigo = sRGB(88, 86, 214)
    /// iOS system purple, light mode (175, 82, 222).
    public static let systemPurple = sRGB(175, 82, 222)
    /// iOS system pink, light mode (255, 45, 85).
    public static let systemPink = sRGB(255, 45, 85)
    /// iOS system brown, light mode (162, 132, 94).
    public static let systemBrown = sRGB(162, 132, 94)
    /// iOS system grey, light mode (142, 142, 147).
    public static let systemGray = sRGB(142, 142, 147)
    /// iOS system grey 2, light mode (174, 174, 178).
    public static let systemGray2 = sRGB(174, 174, 178)
    /// iOS system grey 3, light mode (199, 199, 204).
    public static let systemGray3 = sRGB(199, 199, 204)
    /// iOS system grey 4, light mode (209, 209, 214).
    public static let systemGray4 = sRGB(209, 209, 214)
    /// iOS system grey 5, light mode (229, 229, 234).
    public static let systemGray5 = sRGB(229, 229, 234)
    /// iOS system grey 6, light mode (242, 242, 247).
    public static let systemGray6 = sRGB(242, 242, 247)
    /// Primary text colour, light mode (black).
    public static let label = UIColor(white: 0, alpha: 1)
    /// Primary background colour, light mode (white).
    public static let systemBackground = UIColor(white: 1, alpha: 1)
}
