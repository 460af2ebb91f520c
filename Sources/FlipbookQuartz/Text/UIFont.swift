import Foundation
import Synchronization

/// A font: a family, a weight and a point size, as UIKit names them.
///
/// Flipbook draws text with Pango, so a font is a description Pango resolves through
/// fontconfig, not a loaded face. iOS's system font, San Francisco, cannot be shipped: its
/// stand-in is Inter (installed with fonts-inter), drawn like SF Pro in two optical sizes —
/// Inter below 20 points, Inter Display from 20 — with all nine weights. Apple's names for
/// the system font (`SF Pro Text`, `.SFUI-Semibold` …) are the system font; any other
/// family that is not installed falls back to fontconfig's choice.
public struct UIFont: Sendable, Hashable, CustomStringConvertible {
    /// The family of `systemFont(ofSize:weight:)`: Inter, the stand-in for San Francisco.
    public static let systemFamilyName = "Inter"

    /// The system font's family for text of 20 points or more, as iOS switches from SF Pro
    /// Text to SF Pro Display at 20 points (Human Interface Guidelines, "Typography").
    public static let systemDisplayFamilyName = "Inter Display"

    /// The size from which the system font draws in its display cut.
    public static let systemDisplaySize: CGFloat = 20

    /// A font family name, as fontconfig knows it: "DejaVu Sans", "DejaVu Serif".
    public var familyName: String
    /// The size in points (user-space units); the em square's height.
    public var pointSize: CGFloat
    public var weight: Weight
    /// Whether digits are drawn with the font's tabular (equal-width) figures, the
    /// OpenType feature `tnum`: what `monospacedDigitSystemFont(ofSize:weight:)` asks for.
    public var usesTabularDigits = false

    /// The family of `monospacedSystemFont(ofSize:weight:)`, San Francisco Mono's stand-in.
    public static let monospacedFamilyName = "DejaVu Sans Mono"

    /// A font of `familyName` at `pointSize` points.
    public init(familyName: String, pointSize: CGFloat, weight: Weight = .regular) {
        self.familyName = familyName
        self.pointSize = pointSize
        self.weight = weight
    }

    /// The font named `fontName` — a family name, optionally with a PostScript-style
    /// weight suffix ("DejaVu Sans", "DejaVuSans-Bold", "Helvetica-Light") — at `size`
    /// points. Returns nil for an empty name, as UIKit returns nil for an unknown one.
    public init?(name fontName: String, size: CGFloat) {
        var family = fontName.trimmingCharacters(in: .whitespaces)
        var weight = Weight.regular
        if let dash = family.lastIndex(of: "-"),
           let suffixWeight = Weight(named: String(family[family.index(after: dash)...])) {
            weight = suffixWeight
            family = String(family[..<dash])
        }
        guard !family.isEmpty else { return nil }
        Self.namedFamilyObserver?(family)
        self.init(familyName: Self.isSystemFamilyAlias(family) ? Self.systemFamilyName : family,
                  pointSize: size, weight: weight)
    }

    /// Told the family of each font made by `init?(name:size:)`: how the renderer, which
    /// knows the installed fonts, says when text in Swift code will draw in another family
    /// (a scene warns at its line instead). Set once, when the first stage is made.
    @_spi(Rendering) public static var namedFamilyObserver: (@Sendable (String) -> Void)? {
        get { observer.withLock { $0 } }
        set { observer.withLock { $0 = newValue } }
    }

    /// Behind a lock: fonts are made on any thread, and the observer is set on the main actor.
    private static let observer = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Whether `family` is one of Apple's names for the system font — "SF Pro", "SF Pro
    /// Text", "SF Pro Display", "SFUIText", ".SF UI Display", ".SFUI", "San Francisco",
    /// with any spacing and case — which stands for the system font here.
    public static func isSystemFamilyAlias(_ family: String) -> Bool {
        let key = family.lowercased().filter { $0.isLetter }
        return ["sfpro", "sfprotext", "sfprodisplay", "sfui", "sfuitext", "sfuidisplay", "sanfrancisco",
                "system", "systemfont"].contains(key)
    }

    /// The family Pango draws this font with: the system font's display cut from 20 points,
    /// else `familyName`.
    public var drawingFamilyName: String {
        familyName == Self.systemFamilyName && pointSize >= Self.systemDisplaySize
            ? Self.systemDisplayFamilyName : familyName
    }

    /// The system font (Inter, San Francisco's stand-in) at `fontSize` points and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(familyName: systemFamilyName, pointSize: fontSize, weight: weight)
    }

    /// The system font with equal-width digits (Inter's tabular figures, OpenType `tnum`),
    /// so changing numbers do not shift: counters, timers.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        var font = systemFont(ofSize: fontSize, weight: weight)
        font.usesTabularDigits = true
        return font
    }

    /// The monospaced system font (iOS 13): DejaVu Sans Mono here, which has a regular and
    /// a bold weight, the nearest of which draws each `weight`.
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(familyName: monospacedFamilyName, pointSize: fontSize, weight: weight)
    }

    /// The bold system font at `fontSize` points.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// A Dynamic Type text style (iOS 7): what the text is, from which UIKit picks its font.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at the default (Large) content size, from Apple's Human Interface
        /// Guidelines, "Typography": iOS Dynamic Type sizes.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)  // body, and styles this table does not know
            }
        }
    }

    /// The system font for `style` at the default (Large) content size: body 17 points,
    /// headline 17 semibold, caption1 12 … (there is no user setting to follow here).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        systemFont(ofSize: style.metrics.size, weight: style.metrics.weight)
    }

    /// The system font size labels use: 17 points.
    public static var labelFontSize: CGFloat { 17 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        var font = self
        font.pointSize = fontSize
        return font
    }

    public var description: String { "\(familyName) \(weight.name) \(pointSize)pt" }

    /// A font weight with Apple's raw values: −1 (lightest) … 1 (heaviest), regular 0.
    public struct Weight: RawRepresentable, Sendable, Hashable, Comparable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// The named weights, lightest first, with their names and OpenType weight classes.
        public static let named: [(name: String, weight: Weight, weightClass: Int)] = [
            ("ultraLight", .ultraLight, 100), ("thin", .thin, 200), ("light", .light, 300),
            ("regular", .regular, 400), ("medium", .medium, 500), ("semibold", .semibold, 600),
            ("bold", .bold, 700), ("heavy", .heavy, 800), ("black", .black, 900),
        ]

        /// The named weight called `name` (`bold`, `Semibold`, `ultralight` …), or nil.
        public init?(named name: String) {
            let key = name.lowercased()
            let aliases = ["book": "regular", "normal": "regular", "roman": "regular",
                           "extralight": "ultralight", "demibold": "semibold", "extrabold": "heavy"]
            guard let found = Self.named.first(where: { $0.name.lowercased() == (aliases[key] ?? key) }) else {
                return nil
            }
            self = found.weight
        }

        /// The nearest named weight's entry.
        private var nearest: (name: String, weight: Weight, weightClass: Int) {
            Self.named.min { abs($0.weight.rawValue - rawValue) < abs($1.weight.rawValue - rawValue) }!
        }

        /// The name of the nearest named weight.
        public var name: String { nearest.name }

        /// The OpenType weight class of the nearest named weight (100 ultraLight, 200 thin
        /// — Apple's ultraLight is the lighter — … 400 regular … 900 black): what the text
        /// engine asks fontconfig for.
        public var weightClass: Int { nearest.weightClass }

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
