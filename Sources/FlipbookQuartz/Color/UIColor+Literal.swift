import Foundation

/// `#colorLiteral(red:green:blue:alpha:)`, as UIKit declares it: the literal Xcode's colour
/// well writes is a `UIColor` (components 0…1 in sRGB).
extension UIColor: _ExpressibleByColorLiteral {
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}

/// The type of a colour literal with no other type to be: `let tint = #colorLiteral(…)` is a `UIColor`.
public typealias _ColorLiteralType = UIColor
