import Foundation

/// The styles of vibrancy (iOS 13): how strongly content shows, matching the semantic
/// label, fill and separator colours.
public enum UIVibrancyEffectStyle: Int, Sendable, Hashable, CaseIterable {
    case label = 0, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}

/// Vibrancy for the content of a `UIVisualEffectView` placed over a blur: the views in its
/// `contentView` show through their shapes in one colour that stands out from the blur.
///
/// Approximated: the content's alpha is a mask over a fill of the style's semantic colour
/// (`.label`, `.secondaryLabel` … `.separator`) as the blur's appearance resolves it (white
/// over a dark blur, black over a light one, following the appearance for the system
/// materials). The content's own colours are not used, as on iOS, but the blurred backdrop
/// is not blended into the colour as iOS's filters blend it. Without a style it is `.label`.
@MainActor
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur the effect is drawn over.
    public let blurEffect: UIBlurEffect
    /// The strength of the vibrancy.
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    /// The colour the content's shapes are filled with.
    override var vibrancyColor: UIColor? {
        let semantic: UIColor = switch style {
        case .label: .label
        case .secondaryLabel: .secondaryLabel
        case .tertiaryLabel: .tertiaryLabel
        case .quaternaryLabel: .quaternaryLabel
        case .fill: .systemFill
        case .secondaryFill: .secondarySystemFill
        case .tertiaryFill: .tertiarySystemFill
        case .separator: .separator
        }
        let appearance = blurEffect.appearance
        return UIColor { traits in
            let style = appearance ?? traits.userInterfaceStyle
            return semantic.resolvedColor(with: UITraitCollection(userInterfaceStyle: style == .dark ? .dark : .light))
        }
    }
}
