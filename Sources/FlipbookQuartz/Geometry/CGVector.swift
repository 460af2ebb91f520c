import Foundation

/// A two-dimensional vector, as Core Graphics has it (Foundation on Linux does not).
public struct CGVector: Sendable, Hashable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = CGVector(dx: 0, dy: 0)
}
