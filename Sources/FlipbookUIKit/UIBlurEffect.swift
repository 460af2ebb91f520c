import Foundation

/// A blur of what is behind the view, in one of UIKit's styles.
@MainActor
open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable, Hashable, CaseIterable {
        case extraLight = 0, light = 1, dark = 2, regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9,
             systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13,
             systemThickMaterialLight = 14, systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18,
             systemThickMaterialDark = 19, systemChromeMaterialDark = 20
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// Whether the style is always light or always dark; nil when it follows the appearance.
    var appearance: UIUserInterfaceStyle? {
        switch style {
        case .extraLight, .light, .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight,
             .systemThickMaterialLight, .systemChromeMaterialLight: .light
        case .dark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark,
             .systemThickMaterialDark, .systemChromeMaterialDark: .dark
        case .regular, .prominent, .systemUltraThinMaterial, .systemThinMaterial, .systemMaterial,
             .systemThickMaterial, .systemChromeMaterial: nil
        }
    }

    /// 20 points for every style: chosen to look alike, not measured from a device.
    override var blurRadius: CGFloat { 20 }

    /// White (light) or near-black (dark) at the style's thickness; the system materials
    /// follow the appearance. Chosen to look alike, not measured from a device.
    override var tint: UIColor? {
        let light = UIColor(white: 1, alpha: 1), dark = UIColor(white: 0.1, alpha: 1)
        let (color, alpha): (UIColor, CGFloat) = switch style {
        case .extraLight: (light, 0.8)
        case .light: (light, 0.6)
        case .dark: (dark, 0.6)
        case .regular, .systemMaterial: (.dynamic(light, dark), 0.7)
        case .prominent, .systemThickMaterial: (.dynamic(light, dark), 0.85)
        case .systemUltraThinMaterial: (.dynamic(light, dark), 0.3)
        case .systemThinMaterial: (.dynamic(light, dark), 0.5)
        case .systemChromeMaterial: (.dynamic(light, dark), 0.75)
        case .systemUltraThinMaterialLight: (light, 0.3)
        case .systemThinMaterialLight: (light, 0.5)
        case .systemMaterialLight: (light, 0.7)
        case .systemThickMaterialLight: (light, 0.85)
        case .systemChromeMaterialLight: (light, 0.75)
        case .systemUltraThinMaterialDark: (dark, 0.3)
        case .systemThinMaterialDark: (dark, 0.5)
        case .systemMaterialDark: (dark, 0.7)
        case .systemThickMaterialDark: (dark, 0.85)
        case .systemChromeMaterialDark: (dark, 0.75)
        }
        return color.withAlphaComponent(alpha)
    }
}

private extension UIColor {
    /// `light` in light mode, `dark` in dark mode.
    static func dynamic(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }
}
