import Foundation

/// An immutable colour object with UIKit's names, wrapping a `CGColor`, or a dynamic
/// colour that resolves to one for a trait collection (light or dark, iOS 13).
///
/// The system and semantic colours are dynamic, with iOS's light and dark sRGB values
/// (Apple's Human Interface Guidelines, "Color"; facts §8).
public final class UIColor: Sendable, Hashable, CustomStringConvertible {
    private let fixed: CGColor
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// Creates a colour wrapping `cgColor`.
    public init(cgColor: CGColor) {
        fixed = cgColor
        provider = nil
    }

    /// A colour that `provider` resolves for each trait collection, as it is used.
    public init(dynamicProvider provider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        fixed = CGColor(gray: 0, alpha: 0)  // unused: a dynamic colour always resolves
        self.provider = provider
    }

    /// The colour's sRGB components and alpha; a dynamic colour's for `UITraitCollection.current`.
    public var cgColor: CGColor { provider == nil ? fixed : resolvedColor(with: .current).fixed }

    /// The fixed colour this one is for `traits`: itself unless it is dynamic.
    public func resolvedColor(with traits: UITraitCollection) -> UIColor {
        provider.map { $0(traits).resolvedColor(with: traits) } ?? self
    }

    /// Whether the colour depends on the trait collection.
    package var isDynamic: Bool { provider != nil }

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
        guard isDynamic else { return UIColor(cgColor: fixed.copy(alpha: alpha)) }
        return UIColor { self.resolvedColor(with: $0).withAlphaComponent(alpha) }
    }

    /// Creates a colour from hue, saturation and brightness (HSB, each in 0…1, hue as a
    /// fraction of the colour wheel) and alpha, in sRGB as UIKit does.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let sector = (hue - hue.rounded(.down)) * 6
        let fraction = sector - sector.rounded(.down)
        let (p, q, t) = (brightness * (1 - saturation), brightness * (1 - saturation * fraction),
                         brightness * (1 - saturation * (1 - fraction)))
        let v = brightness
        let (red, green, blue): (CGFloat, CGFloat, CGFloat) = switch Int(sector) % 6 {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Writes the sRGB components and alpha into the arguments that are not nil; always
    /// succeeds (every colour here is RGB or grey).
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let color = cgColor
        red?.pointee = color.red
        green?.pointee = color.green
        blue?.pointee = color.blue
        alpha?.pointee = color.alpha
        return true
    }

    /// Writes the hue, saturation, brightness (each in 0…1) and alpha into the arguments
    /// that are not nil; always succeeds. A grey has hue and saturation 0.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
        brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let color = cgColor
        let (r, g, b) = (color.red, color.green, color.blue)
        let (largest, smallest) = (max(r, g, b), min(r, g, b))
        let chroma = largest - smallest
        var sixths: CGFloat = 0
        if chroma > 0 {
            sixths = switch largest {
            case r: (g - b) / chroma
            case g: (b - r) / chroma + 2
            default: (r - g) / chroma + 4
            }
        }
        hue?.pointee = sixths < 0 ? sixths / 6 + 1 : sixths / 6
        saturation?.pointee = largest > 0 ? chroma / largest : 0
        brightness?.pointee = largest
        alpha?.pointee = color.alpha
        return true
    }

    /// Fixed colours are equal when their components are; a dynamic colour only to itself.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs === rhs || (!lhs.isDynamic && !rhs.isDynamic && lhs.fixed == rhs.fixed)
    }

    public func hash(into hasher: inout Hasher) {
        if isDynamic { hasher.combine(ObjectIdentifier(self)) } else { hasher.combine(fixed) }
    }

    /// The components as UIKit prints them, e.g. `UIExtendedSRGBColorSpace 1 0 0 1`.
    public var description: String {
        (["UIExtendedSRGBColorSpace"] + cgColor.components.map { String(format: "%g", Double($0)) })
            .joined(separator: " ")
    }

    private static func sRGB(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
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

    /// iOS system red: light (255, 59, 48), dark (255, 69, 58).
    public static let systemRed = dynamic(light: (255, 59, 48), dark: (255, 69, 58))
    /// iOS system orange: light (255, 149, 0), dark (255, 159, 10).
    public static let systemOrange = dynamic(light: (255, 149, 0), dark: (255, 159, 10))
    /// iOS system yellow: light (255, 204, 0), dark (255, 214, 10).
    public static let systemYellow = dynamic(light: (255, 204, 0), dark: (255, 214, 10))
    /// iOS system green: light (52, 199, 89), dark (48, 209, 88).
    public static let systemGreen = dynamic(light: (52, 199, 89), dark: (48, 209, 88))
    /// iOS system mint: light (0, 199, 190), dark (99, 230, 226).
    public static let systemMint = dynamic(light: (0, 199, 190), dark: (99, 230, 226))
    /// iOS system teal: light (48, 176, 199), dark (64, 200, 224).
    public static let systemTeal = dynamic(light: (48, 176, 199), dark: (64, 200, 224))
    /// iOS system cyan: light (50, 173, 230), dark (100, 210, 255).
    public static let systemCyan = dynamic(light: (50, 173, 230), dark: (100, 210, 255))
    /// iOS system blue: light (0, 122, 255), dark (10, 132, 255).
    public static let systemBlue = dynamic(light: (0, 122, 255), dark: (10, 132, 255))
    /// iOS system indigo: light (88, 86, 214), dark (94, 92, 230).
    public static let systemIndigo = dynamic(light: (88, 86, 214), dark: (94, 92, 230))
    /// iOS system purple: light (175, 82, 222), dark (191, 90, 242).
    public static let systemPurple = dynamic(light: (175, 82, 222), dark: (191, 90, 242))
    /// iOS system pink: light (255, 45, 85), dark (255, 55, 95).
    public static let systemPink = dynamic(light: (255, 45, 85), dark: (255, 55, 95))
    /// iOS system brown: light (162, 132, 94), dark (172, 142, 104).
    public static let systemBrown = dynamic(light: (162, 132, 94), dark: (172, 142, 104))
    /// iOS system grey: light (142, 142, 147), dark (142, 142, 147).
    public static let systemGray = dynamic(light: (142, 142, 147), dark: (142, 142, 147))
    /// iOS system grey 2: light (174, 174, 178), dark (99, 99, 102).
    public static let systemGray2 = dynamic(light: (174, 174, 178), dark: (99, 99, 102))
    /// iOS system grey 3: light (199, 199, 204), dark (72, 72, 74).
    public static let systemGray3 = dynamic(light: (199, 199, 204), dark: (72, 72, 74))
    /// iOS system grey 4: light (209, 209, 214), dark (58, 58, 60).
    public static let systemGray4 = dynamic(light: (209, 209, 214), dark: (58, 58, 60))
    /// iOS system grey 5: light (229, 229, 234), dark (44, 44, 46).
    public static let systemGray5 = dynamic(light: (229, 229, 234), dark: (44, 44, 46))
    /// iOS system grey 6: light (242, 242, 247), dark (28, 28, 30).
    public static let systemGray6 = dynamic(light: (242, 242, 247), dark: (28, 28, 30))

    // Semantic colours (iOS 13): what an element is for, light and dark.

    /// For primary text: light (0, 0, 0, 1), dark (255, 255, 255, 1).
    public static let label = dynamic(light: (0, 0, 0, 1), dark: (255, 255, 255, 1))
    /// For secondary text: light (60, 60, 67, 0.6), dark (235, 235, 245, 0.6).
    public static let secondaryLabel = dynamic(light: (60, 60, 67, 0.6), dark: (235, 235, 245, 0.6))
    /// For tertiary text: light (60, 60, 67, 0.3), dark (235, 235, 245, 0.3).
    public static let tertiaryLabel = dynamic(light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3))
    /// For quaternary text: light (60, 60, 67, 0.18), dark (235, 235, 245, 0.16).
    public static let quaternaryLabel = dynamic(light: (60, 60, 67, 0.18), dark: (235, 235, 245, 0.16))
    /// For placeholder text: light (60, 60, 67, 0.3), dark (235, 235, 245, 0.3).
    public static let placeholderText = dynamic(light: (60, 60, 67, 0.3), dark: (235, 235, 245, 0.3))
    /// For links: light (0, 122, 255, 1), dark (9, 132, 255, 1).
    public static let link = dynamic(light: (0, 122, 255, 1), dark: (9, 132, 255, 1))
    /// For thin separators, over content: light (60, 60, 67, 0.29), dark (84, 84, 88, 0.6).
    public static let separator = dynamic(light: (60, 60, 67, 0.29), dark: (84, 84, 88, 0.6))
    /// For opaque separators: light (198, 198, 200, 1), dark (56, 56, 58, 1).
    public static let opaqueSeparator = dynamic(light: (198, 198, 200, 1), dark: (56, 56, 58, 1))
    /// For fill of thin and small shapes: light (120, 120, 128, 0.2), dark (120, 120, 128, 0.36).
    public static let systemFill = dynamic(light: (120, 120, 128, 0.2), dark: (120, 120, 128, 0.36))
    /// For fill of medium shapes: light (120, 120, 128, 0.16), dark (120, 120, 128, 0.32).
    public static let secondarySystemFill = dynamic(light: (120, 120, 128, 0.16), dark: (120, 120, 128, 0.32))
    /// For fill of large shapes: light (118, 118, 128, 0.12), dark (118, 118, 128, 0.24).
    public static let tertiarySystemFill = dynamic(light: (118, 118, 128, 0.12), dark: (118, 118, 128, 0.24))
    /// For fill of large areas with complex content: light (116, 116, 128, 0.08), dark (118, 118, 128, 0.18).
    public static let quaternarySystemFill = dynamic(light: (116, 116, 128, 0.08), dark: (118, 118, 128, 0.18))
    /// For background: light (255, 255, 255, 1), dark (0, 0, 0, 1).
    public static let systemBackground = dynamic(light: (255, 255, 255, 1), dark: (0, 0, 0, 1))
    /// For background of content over systemBackground: light (242, 242, 247, 1), dark (28, 28, 30, 1).
    public static let secondarySystemBackground = dynamic(light: (242, 242, 247, 1), dark: (28, 28, 30, 1))
    /// For background of content over secondarySystemBackground: light (255, 255, 255, 1), dark (44, 44, 46, 1).
    public static let tertiarySystemBackground = dynamic(light: (255, 255, 255, 1), dark: (44, 44, 46, 1))
    /// For background of grouped content: light (242, 242, 247, 1), dark (0, 0, 0, 1).
    public static let systemGroupedBackground = dynamic(light: (242, 242, 247, 1), dark: (0, 0, 0, 1))
    /// For background of content over systemGroupedBackground: light (255, 255, 255, 1), dark (28, 28, 30, 1).
    public static let secondarySystemGroupedBackground = dynamic(light: (255, 255, 255, 1), dark: (28, 28, 30, 1))
    /// For background of content over secondarySystemGroupedBackground: light (242, 242, 247, 1), dark (44, 44, 46, 1).
    public static let tertiarySystemGroupedBackground = dynamic(light: (242, 242, 247, 1), dark: (44, 44, 46, 1))
    /// Light text on dark backgrounds whatever the appearance: white at 0.6 alpha.
    public static let lightText = UIColor(white: 1, alpha: 0.6)
    /// Dark text on light backgrounds whatever the appearance: black.
    public static let darkText = UIColor(white: 0, alpha: 1)

    /// A dynamic colour of sRGB bytes (and alpha) for light and dark; unspecified is light.
    /// Greys are made as grey colours (white, alpha), as UIKit makes them.
    private static func dynamic(light: (Int, Int, Int, CGFloat), dark: (Int, Int, Int, CGFloat)) -> UIColor {
        func color(_ c: (Int, Int, Int, CGFloat)) -> UIColor {
            c.0 == c.1 && c.1 == c.2 ? UIColor(white: CGFloat(c.0) / 255, alpha: c.3) : sRGB(c.0, c.1, c.2, alpha: c.3)
        }
        let (light, dark) = (color(light), color(dark))
        return UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    private static func dynamic(light: (Int, Int, Int), dark: (Int, Int, Int)) -> UIColor {
        dynamic(light: (light.0, light.1, light.2, 1), dark: (dark.0, dark.1, dark.2, 1))
    }
}
