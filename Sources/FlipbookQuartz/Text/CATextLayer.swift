import Foundation

/// A layer that draws a string in its bounds (G7), laid out with Pango.
///
/// As Core Animation's: the text starts at the top of the bounds, 36 points of the
/// system font in opaque white by default, on one line per paragraph unless `isWrapped`;
/// `fontSize` and `foregroundColor` animate. Text beyond the bounds is clipped, or cut
/// with an ellipsis on the last line that fits when `truncationMode` is not `.none`.
open class CATextLayer: CALayer {
    /// The text drawn; nil draws nothing.
    public var string: String?
    /// The family and weight; its point size is ignored in favour of `fontSize`. Nil is
    /// the system font (Inter).
    public var font: UIFont?
    /// Points; animatable. Default 36.
    public var fontSize: CGFloat = 36 { didSet { valueDidChange(forKey: "fontSize", from: .number(oldValue)) } }
    /// Animatable. Default opaque white; nil draws nothing.
    public var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { valueDidChange(forKey: "foregroundColor", from: .color(oldValue)) }
    }
    /// Whether lines break to fit the bounds' width. Default false.
    public var isWrapped = false
    public var alignmentMode: CATextLayerAlignmentMode = .natural
    public var truncationMode: CATextLayerTruncationMode = .none

    public required init() { super.init() }

    public required init(layer: Any) { super.init(layer: layer) }

    open override func copyModelValues(from layer: CALayer) {
        super.copyModelValues(from: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        alignmentMode = other.alignmentMode
        truncationMode = other.truncationMode
    }

    open override func renderContent() -> LayerContent? {
        guard let string, !string.isEmpty, let foregroundColor, fontSize > 0 else { return nil }
        let font = (font ?? .systemFont(ofSize: fontSize)).withSize(fontSize)
        let alignment: NSTextAlignment = switch alignmentMode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
        let truncation: TextContent.Truncation = switch truncationMode {
        case .start: .head
        case .middle: .middle
        case .end: .tail
        default: .none
        }
        return .text(TextContent(string: string, font: font, color: foregroundColor, alignment: alignment,
                                 wrapping: isWrapped ? .words : .none, truncation: truncation))
    }

    private static let textProperties: [String: AnimatableProperty] = [
        "fontSize": .number(\CATextLayer.fontSize),
        "foregroundColor": .color(\CATextLayer.foregroundColor),
    ]

    open override class func animatableProperty(forKey key: String) -> AnimatableProperty? {
        textProperties[key] ?? super.animatableProperty(forKey: key)
    }

    /// CALayer's animatable key paths and the text layer's `fontSize` and `foregroundColor`.
    public static var textLayerAnimatableKeyPaths: [String] {
        animatableKeyPaths + textProperties.keys.sorted().flatMap { key in
            [key] + AnimationValue.memberPaths(of: textProperties[key]!.kind).map { "\(key).\($0)" }
        }
    }
}

/// How a text layer aligns its lines horizontally.
public struct CATextLayerAlignmentMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let natural = Self(rawValue: "natural")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let center = Self(rawValue: "center")
    public static let justified = Self(rawValue: "justified")
    public static let all: [Self] = [.natural, .left, .right, .center, .justified]
}

/// Where a text layer puts the ellipsis when its text does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = Self(rawValue: "none")
    public static let start = Self(rawValue: "start")
    public static let middle = Self(rawValue: "middle")
    public static let end = Self(rawValue: "end")
    public static let all: [Self] = [.none, .start, .middle, .end]
}
