import Foundation

/// What a constraint can relate: a view, or a layout guide of one.
@MainActor
protocol LayoutItem: AnyObject {
    /// The view whose coordinate space the item is laid out in: a view's own, a guide's owning view.
    var owningLayoutView: UIView? { get }
    /// How a conflict message names it: the class, and the tag or identifier when set.
    var layoutName: String { get }
}

/// A relation between two layout attributes, `first (relation) multiplier × second +
/// constant`, which Auto Layout keeps when it lays the views out (see
/// `UIView+ConstraintLayout.swift`).
///
/// An active constraint is held by the nearest common ancestor of its items (in its
/// `constraints`). Changing `constant`, `priority` or `isActive` marks the views involved
/// as needing layout: the frames change at the end of the turn, or at the next
/// `layoutIfNeeded()` — inside an animation block, so they animate.
///
/// Leading and trailing are left and right: layout is left to right only.
@preconcurrency @MainActor
open class NSLayoutConstraint: @preconcurrency CustomStringConvertible {
    /// Horizontal or vertical, as `UIStackView` and content priorities speak of them.
    public enum Axis: Int, Sendable, Hashable {
        case horizontal = 0, vertical = 1
    }

    /// A part of an item's layout, UIKit's raw values.
    public enum Attribute: Int, Sendable, Hashable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The last baseline (UIKit's deprecated name).
        public static var baseline: Attribute { .lastBaseline }
    }

    public enum Relation: Int, Sendable, Hashable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a view or a layout guide).
    public var firstItem: AnyObject? { first }
    /// The second item, nil for a constraint to a constant.
    public var secondItem: AnyObject? { second }
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat
    /// Points added to the second attribute; setting it lays the views out again. A
    /// constant that is not finite is reported on standard error, and layout keeps the
    /// last finite one (UIKit raises).
    public var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            if constant.isFinite {
                layoutConstant = constant
            } else {
                AutoLayoutLog.write("\(self) has a constant that is not a number of points; layout keeps \(Self.format(layoutConstant)).")
            }
            itemsNeedLayout()
        }
    }
    /// The constant layout uses: the last finite one.
    private(set) var layoutConstant: CGFloat
    /// 1000 (`.required`) by default; below, the constraint gives way to those of higher priority.
    public var priority: UILayoutPriority = .required { didSet { if priority != oldValue { itemsNeedLayout() } } }
    /// A name for the constraint in conflict messages.
    public var identifier: String?

    weak var first: (any LayoutItem)?
    weak var second: (any LayoutItem)?
    /// The view whose `constraints` hold it while it is active.
    weak var holder: UIView?

    /// Makes an inactive constraint `view1.attr1 (relation) multiplier × view2.attr2 + c`.
    ///
    /// The items are views or layout guides; `view2` is nil with `.notAnAttribute` for a
    /// constant (a width or height only). Anything else is reported on standard error and
    /// the constraint never takes part (UIKit raises).
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = view1 as? any LayoutItem, second = view2 as? any LayoutItem
        self.init(first: first, firstAttribute: attr1, relation: relation, second: second, secondAttribute: attr2,
                  multiplier: multiplier, constant: c)
        if !multiplier.isFinite || !c.isFinite {
            AutoLayoutLog.write("Invalid constraint \(self): its multiplier and constant must be finite; it is ignored.")
            isValid = false
        } else if first == nil || (view2 != nil && second == nil) {
            AutoLayoutLog.write("Invalid constraint \(self): its items must be views or layout guides; it is ignored.")
            isValid = false
        } else if let problem = attributeProblem {
            AutoLayoutLog.write("Invalid constraint \(self): \(problem); it is ignored.")
            isValid = false
        }
    }

    init(first: (any LayoutItem)?, firstAttribute: Attribute, relation: Relation, second: (any LayoutItem)?,
         secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        layoutConstant = constant
        UIView.autoLayoutInUse = true
    }

    /// False for a constraint made with items or attributes Auto Layout cannot use.
    private(set) var isValid = true

    /// Why the attributes cannot be related, if they cannot (UIKit raises).
    private var attributeProblem: String? {
        if firstAttribute == .notAnAttribute { return "the first attribute is notAnAttribute" }
        if second == nil {
            return firstAttribute.isDimension ? nil : "a location attribute cannot be related to a constant"
        }
        if secondAttribute == .notAnAttribute { return "the second item has no attribute" }
        if firstAttribute.isDimension != secondAttribute.isDimension {
            return "a size cannot be related to a location"
        }
        if !firstAttribute.isDimension, firstAttribute.isHorizontal != secondAttribute.isHorizontal {
            return "a horizontal location cannot be related to a vertical one"
        }
        return nil
    }

    /// Whether the constraint takes part in layout. Setting it true adds it to the nearest
    /// common ancestor of its items; without one (items in different trees) UIKit raises,
    /// and here a message naming both goes to standard error and it stays inactive.
    public var isActive: Bool {
        get { holder != nil }
        set {
            if newValue { activate() } else { holder?.removeConstraint(self) }
        }
    }

    /// Activates each constraint (as setting `isActive`).
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func activate() {
        guard holder == nil, isValid else { return }
        guard let ancestor = commonAncestor else {
            let names = [first, second].compactMap { $0?.layoutName }.joined(separator: " and ")
            AutoLayoutLog.write("Unable to activate constraint \(self) because \(names) have no common ancestor. "
                + "Does the constraint reference items in different view hierarchies? It stays inactive.")
            return
        }
        ancestor.addConstraint(self)
    }

    /// The nearest view both items' views are in (the item's view when there is one item).
    var commonAncestor: UIView? {
        guard let firstView = first?.owningLayoutView else { return nil }
        guard let second else { return firstView }
        guard let secondView = second.owningLayoutView else { return nil }
        var node: UIView? = firstView
        while let candidate = node {
            if secondView.isDescendant(of: candidate) { return candidate }
            node = candidate.superview
        }
        return nil
    }

    /// Marks the views the constraint places as needing layout: each item's superview
    /// (which sets its frame), a guide's owning view, and the holder.
    func itemsNeedLayout() {
        for item in [first, second].compactMap({ $0 }) {
            if let view = item as? UIView { (view.superview ?? view).setNeedsLayout() } else { item.owningLayoutView?.setNeedsLayout() }
        }
        holder?.setNeedsLayout()
    }

    /// As UIKit prints it, with names for addresses: `<NSLayoutConstraint 'name'
    /// UIView.width == 0.5*UILabel.width + 8   (active)>`.
    public var description: String {
        var text = "<NSLayoutConstraint"
        if let identifier { text += " '\(identifier)'" }
        text += " \(first?.layoutName ?? "nil").\(firstAttribute.name) \(relation.symbol) "
        var right = ""
        if let second {
            if multiplier != 1 { right += "\(Self.format(multiplier))*" }
            right += "\(second.layoutName).\(secondAttribute.name)"
            if constant != 0 { right += constant < 0 ? " - \(Self.format(-constant))" : " + \(Self.format(constant))" }
        } else {
            right = Self.format(constant)
        }
        text += right
        if priority != .required { text += " @\(Self.format(CGFloat(priority.rawValue)))" }
        return text + "   (\(isActive ? "active" : "inactive"))>"
    }

    /// A number as UIKit prints one: no fraction when whole.
    static func format(_ value: CGFloat) -> String { briefText(Double(value)) }
}

extension NSLayoutConstraint.Attribute {
    var isDimension: Bool { self == .width || self == .height }

    /// Whether it is measured along x (left, centre, width, their margins).
    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins: true
        default: false
        }
    }

    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// Where Auto Layout's complaints go: standard error, as UIKit logs them.
enum AutoLayoutLog {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
