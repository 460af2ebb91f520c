import Foundation

/// What a view keeps for Auto Layout: the constraints it holds, how it takes part, its
/// margins and guides, and (on the root of a tree) the last solution.
@MainActor
final class ViewLayoutState {
    var constraints: [NSLayoutConstraint] = []
    var translatesAutoresizingMaskIntoConstraints = true
    /// True from the start, as in UIKit: the first layout of a tree using Auto Layout calls
    /// every view's `updateConstraints()` once.
    var needsUpdateConstraints = true
    /// Set by `setNeedsUpdateConstraints()`: the view's next layout runs the update pass.
    var updateRequested = false
    var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var layoutGuides: [UILayoutGuide] = []
    var safeAreaLayoutGuide: UILayoutGuide?
    var layoutMarginsGuide: UILayoutGuide?
    /// The last system solved for the tree this view is the root of, and its values.
    var solution: ConstraintLayoutSolution?
}

/// Auto Layout's API on views: the constraints a view holds, whether its frame becomes
/// constraints, content priorities, margins, guides and anchors. How the constraints
/// become frames is in `UIView+ConstraintLayout.swift`.
extension UIView: LayoutAnchored {
    /// Whether any Auto Layout API has been used: until then the layout pass skips the
    /// constraint step entirely.
    static var autoLayoutInUse = false

    var owningLayoutView: UIView? { self }
    /// The class, then a label's text (as UIKit prints it) or the tag when set.
    var layoutName: String {
        if let text = (self as? UILabel)?.text { return "\(type(of: self))'\(text)'" }
        return tag == 0 ? "\(type(of: self))" : "\(type(of: self))#\(tag)"
    }

    /// Whether the view's frame (and autoresizing mask) becomes constraints when it takes
    /// part in Auto Layout. True for views made in code: set it false for a view that
    /// constraints place, else its fixed frame conflicts with them.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { layoutState.translatesAutoresizingMaskIntoConstraints }
        set {
            guard newValue != layoutState.translatesAutoresizingMaskIntoConstraints else { return }
            layoutState.translatesAutoresizingMaskIntoConstraints = newValue
            UIView.autoLayoutInUse = true
            (superview ?? self).setNeedsLayout()
        }
    }

    /// The constraints this view holds: those activated with it as the nearest common
    /// ancestor of their items, and those added with `addConstraint(_:)`.
    public var constraints: [NSLayoutConstraint] { layoutState.constraints }

    /// Holds and activates `constraint`, whose items must be this view or inside it (UIKit
    /// raises otherwise; here a message on standard error, and it is not added).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder !== self, constraint.isValid else { return }
        let items = [constraint.first, constraint.second].compactMap { $0 }
        guard !items.isEmpty, items.allSatisfy({ $0.owningLayoutView?.isDescendant(of: self) == true }) else {
            AutoLayoutLog.write("The view hierarchy is not prepared for the constraint \(constraint): "
                + "its items must be \(layoutName) or inside it. It is not added.")
            return
        }
        constraint.holder?.removeConstraint(constraint)
        layoutState.constraints.append(constraint)
        constraint.holder = self
        UIView.autoLayoutInUse = true
        constraint.itemsNeedLayout()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Stops holding `constraint`, which becomes inactive.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        constraint.itemsNeedLayout()
        layoutState.constraints.removeAll { $0 === constraint }
        constraint.holder = nil
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    // MARK: Updating constraints

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        layoutState.updateRequested = true
        UIView.autoLayoutInUse = true
        setNeedsLayout()
    }

    public func needsUpdateConstraints() -> Bool { layoutState.needsUpdateConstraints }

    /// Calls `updateConstraints()` on this view and the views inside it that need it,
    /// subviews first (constraints update bottom-up, layout goes top-down).
    public func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        guard layoutState.needsUpdateConstraints else { return }
        layoutState.needsUpdateConstraints = false
        layoutState.updateRequested = false
        updateConstraints()
    }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size along `axis`; 250 by default.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.hugging[axis.rawValue]
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis.rawValue] = priority
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis`; 750 by default.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        layoutState.compressionResistance[axis.rawValue]
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compressionResistance[axis.rawValue] = priority
        superview?.setNeedsLayout()
    }

    // MARK: Margins and guides

    /// The space inside the view's edges content keeps to (`layoutMarginsGuide`, the margin
    /// attributes); 8 points each side by default, as for a view on iOS (a view
    /// controller's root view keeps 8 here too: the system minimum margins are not modelled).
    public var layoutMargins: UIEdgeInsets {
        get { layoutState.layoutMargins }
        set {
            guard newValue != layoutState.layoutMargins else { return }
            layoutState.layoutMargins = newValue
            layoutMarginsDidChange()
            setNeedsLayout()
        }
    }

    /// The guides added to the view.
    public var layoutGuides: [UILayoutGuide] { layoutState.layoutGuides }

    /// Adds `layoutGuide` to the view's coordinate space (moving it from any other view).
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutState.layoutGuides.append(layoutGuide)
        layoutGuide.owningView = self
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        layoutState.layoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }

    /// The view's bounds less `safeAreaInsets` (zero here), as a guide.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = layoutState.safeAreaLayoutGuide { return guide }
        let guide = UILayoutGuide(systemRegion: .safeArea, owningView: self)
        layoutState.safeAreaLayoutGuide = guide
        return guide
    }

    /// The view's bounds less `layoutMargins`, as a guide.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = layoutState.layoutMarginsGuide { return guide }
        let guide = UILayoutGuide(systemRegion: .layoutMargins, owningView: self)
        layoutState.layoutMarginsGuide = guide
        return guide
    }

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { yAnchor(.lastBaseline) }
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    public var heightAnchor: NSLayoutDimension { dimension(.height) }
}
