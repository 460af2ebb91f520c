import Foundation

/// The corners of a rectangle, UIKit's raw values.
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension UIBezierPath {
    /// Creates a closed rectangle whose `corners` are rounded, starting after the top-left
    /// corner and running clockwise on screen.
    ///
    /// As UIKit does, the corners are circular with radius `cornerRadii.width` (the
    /// height is ignored), clamped to half the shorter side; the other corners are square.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r = rect.standardized
        let clamped = max(0, min(cornerRadii.width, r.width / 2, r.height / 2))
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? clamped : 0 }
        let (topLeft, topRight) = (radius(.topLeft), radius(.topRight))
        let (bottomRight, bottomLeft) = (radius(.bottomRight), radius(.bottomLeft))
        self.init()
        move(to: CGPoint(x: r.minX + topLeft, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - topRight, y: r.minY))
        addCorner(center: CGPoint(x: r.maxX - topRight, y: r.minY + topRight), radius: topRight, from: -.pi / 2)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - bottomRight))
        addCorner(center: CGPoint(x: r.maxX - bottomRight, y: r.maxY - bottomRight), radius: bottomRight, from: 0)
        addLine(to: CGPoint(x: r.minX + bottomLeft, y: r.maxY))
        addCorner(center: CGPoint(x: r.minX + bottomLeft, y: r.maxY - bottomLeft), radius: bottomLeft, from: .pi / 2)
        addLine(to: CGPoint(x: r.minX, y: r.minY + topLeft))
        addCorner(center: CGPoint(x: r.minX + topLeft, y: r.minY + topLeft), radius: topLeft, from: .pi)
        close()
    }

    /// A quarter circle clockwise on screen from angle `start`; nothing for a square corner.
    private func addCorner(center: CGPoint, radius: CGFloat, from start: CGFloat) {
        guard radius > 0 else { return }
        addArc(withCenter: center, radius: radius, startAngle: start, endAngle: start + .pi / 2, clockwise: true)
    }
}
