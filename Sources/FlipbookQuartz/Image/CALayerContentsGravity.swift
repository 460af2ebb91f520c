import Foundation

/// How a layer's `contents` is placed in its bounds (G7).
///
/// `top` means the top edge on screen: Flipbook's layers have y growing downwards, as
/// UIKit's views do, and contents are not flipped. (On iOS a bare `CALayer` reads the
/// vertical names against an unflipped axis, so there `top` can land at the bottom;
/// that quirk is not reproduced.)
public struct CALayerContentsGravity: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds keeping its aspect ratio, centred (letterboxed).
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds keeping its aspect ratio, centred (overflowing).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")

    public static let all: [Self] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                     .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]

    /// The rectangle, in a bounds space with its origin at the top-left, that content of
    /// `size` points fills inside bounds of `bounds` points.
    public func rect(for size: CGSize, in bounds: CGSize) -> CGRect {
        switch self {
        case .resize: return CGRect(origin: .zero, size: bounds)
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return CGRect(origin: .zero, size: bounds) }
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let scale = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let scaled = CGSize(width: size.width * scale, height: size.height * scale)
            return CGRect(x: (bounds.width - scaled.width) / 2, y: (bounds.height - scaled.height) / 2,
                          width: scaled.width, height: scaled.height)
        default:
            let name = rawValue.lowercased()
            let x = name.contains("left") ? 0 : name.contains("right") ? bounds.width - size.width
                : (bounds.width - size.width) / 2
            let y = name.hasPrefix("top") ? 0 : name.hasPrefix("bottom") ? bounds.height - size.height
                : (bounds.height - size.height) / 2
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}
