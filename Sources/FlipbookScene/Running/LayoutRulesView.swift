import Foundation
import FlipbookUIKit

/// A view whose `layoutSubviews()` sets its subviews' frames by a scene's `layout` rules.
///
/// A subclass, as a UIKit programmer would write it, rather than a closure property on
/// `UIView`: FlipbookUIKit's `UIView` keeps exactly UIKit's API.
class LayoutRulesView: UIView {
    /// The rules with the subviews they place, in the order written.
    var rules: [(rule: LayoutRule, child: UIView)] = []
    /// Told when a rule gives no finite frame; the child's frame is left as it was.
    var ruleFailed: ((LayoutRule, String) -> Void)?

    /// Sets each rule's child frame from the bounds; a child no longer a subview is skipped.
    override func layoutSubviews() {
        let size = bounds.size
        for (rule, child) in rules where child.superview === self {
            guard let frame = rule.frame(in: size) else {
                let bounds = String(format: "%g × %g", size.width, size.height)
                ruleFailed?(rule, "the layout of '\(rule.childID)' is not a finite frame when the bounds are \(bounds) (a division by zero?)")
                continue
            }
            child.frame = frame
        }
    }
}
