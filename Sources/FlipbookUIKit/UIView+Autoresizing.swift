import Foundation

/// Springs and struts: when a view's bounds change size, each subview's flexible margins
/// and size take up the change (UIKit's autoresizing).
extension UIView {
    /// Which of a view's margins and sizes stretch with its superview, UIKit's raw values.
    public struct AutoresizingMask: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes each subview by its mask for the bounds' change from `oldSize`.
    func resizeSubviews(withOldSize oldSize: CGSize) {
        let newSize = bounds.size
        guard autoresizesSubviews, newSize != oldSize else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.resize(withOldSuperviewSize: oldSize, newSize: newSize)
        }
    }

    /// The frame for the superview's change from `oldSize` to `newSize`: along each axis
    /// the flexible parts (margins, size) share the change in proportion to their current
    /// lengths (equally when those are all 0); the fixed parts keep theirs.
    private func resize(withOldSuperviewSize oldSize: CGSize, newSize: CGSize) {
        let mask = autoresizingMask
        let old = frame
        let (x, width) = Self.stretch(lead: old.minX, length: old.width, trail: oldSize.width - old.maxX,
                                      by: newSize.width - oldSize.width,
                                      flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                 mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.stretch(lead: old.minY, length: old.height, trail: oldSize.height - old.maxY,
                                       by: newSize.height - oldSize.height,
                                       flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                  mask.contains(.flexibleBottomMargin)))
        frame = CGRect(x: x, y: y, width: width, height: height)
    }

    /// One axis: the new start and length when `delta` is shared by the flexible parts.
    static func stretch(lead: CGFloat, length: CGFloat, trail: CGFloat, by delta: CGFloat,
                                flexible: (lead: Bool, length: Bool, trail: Bool)) -> (CGFloat, CGFloat) {
        let parts = [(flexible.lead, lead), (flexible.length, length), (flexible.trail, trail)]
        let flexibleCount = parts.filter(\.0).count
        guard flexibleCount > 0 else { return (lead, length) }
        let total = parts.filter(\.0).map(\.1).reduce(0, +)
        func share(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? delta * part.1 / total : delta / CGFloat(flexibleCount)
        }
        return (lead + share(parts[0]), length + share(parts[1]))
    }
}
