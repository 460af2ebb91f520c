import Foundation

/// `Σ coefficient × variable + constant`, as the constraint system builds them.
struct LinearExpression {
    var terms: [LinearConstraint.Term] = []
    var constant: Double = 0

    static func variable(_ index: Int) -> Self { Self(terms: [.init(variable: index, coefficient: 1)]) }
    static func constant(_ value: Double) -> Self { Self(constant: value) }

    static func + (a: Self, b: Self) -> Self { Self(terms: a.terms + b.terms, constant: a.constant + b.constant) }
    static func + (a: Self, b: Double) -> Self { Self(terms: a.terms, constant: a.constant + b) }
    static func - (a: Self, b: Self) -> Self { a + (-1) * b }
    static func * (scale: Double, a: Self) -> Self {
        Self(terms: a.terms.map { .init(variable: $0.variable, coefficient: $0.coefficient * scale) }, constant: a.constant * scale)
    }

    func value(in values: [Double]) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * values[$1.variable] }
    }
}

/// The constraints of one view tree as a linear system over four variables per item
/// (views and guides the active constraints name): its left, top, width and height in the
/// tree's layout space, where a view's origin is its superview's plus its frame's origin
/// (bounds origins and transforms do not enter, as in UIKit, which sets `center` and
/// `bounds.size` only).
///
/// Besides the app's constraints, in this order: a view taking part with
/// `translatesAutoresizingMaskIntoConstraints` keeps its frame (and follows its superview's
/// size by its autoresizing mask), required; a system guide keeps its view's bounds less
/// its insets, required; then the app's constraints, in tree order, each view's in the order
/// it was given them; then a view placed by constraints that has an intrinsic size hugs it
/// (≤ at its hugging priority) and resists compression (≥ at its compression resistance).
/// A location attribute is measured from the origin of the nearest common ancestor of the
/// constraint's items, so a multiplier on a position scales within that view.
@MainActor
struct ConstraintLayoutSystem {
    /// Where a row of the system comes from, to name it in a conflict message.
    enum Source {
        case constraint(NSLayoutConstraint)
        case autoresizing(UIView, String, Double)
        case contentSize(UIView, String, Double, hugging: UILayoutPriority, resistance: UILayoutPriority)
        case guide(UILayoutGuide, String)
    }

    private(set) var items: [any LayoutItem] = []
    private var firstVariable: [ObjectIdentifier: Int] = [:]
    private(set) var linear: [LinearConstraint] = []
    private(set) var sources: [Source] = []
    /// Constraints a view holds whose items are no longer inside it: UIKit deactivates them
    /// when the view leaves; here the next layout does.
    private(set) var stale: [NSLayoutConstraint] = []

    init(root: UIView) {
        var held: [NSLayoutConstraint] = []
        root.forEachInSubtree { view in
            for constraint in view.constraints {
                let items = [constraint.first, constraint.second].compactMap { $0 }
                let inside = items.allSatisfy { $0.owningLayoutView?.isDescendant(of: view) == true }
                if constraint.first == nil || (constraint.secondAttribute != .notAnAttribute && constraint.second == nil) || !inside {
                    stale.append(constraint)
                } else {
                    held.append(constraint)
                    for item in items { register(item) }
                }
            }
        }
        for item in items {
            if let view = item as? UIView, view.translatesAutoresizingMaskIntoConstraints { addAutoresizing(of: view) }
            if let guide = item as? UILayoutGuide, guide.systemRegion != nil { addSystemGuide(guide) }
        }
        for constraint in held { add(constraint) }
        for case let view as UIView in items where !view.translatesAutoresizingMaskIntoConstraints { addContentSize(of: view) }
    }

    var isEmpty: Bool { items.isEmpty }
    var variableCount: Int { items.count * 4 }

    private mutating func register(_ item: any LayoutItem) {
        let key = ObjectIdentifier(item)
        guard firstVariable[key] == nil else { return }
        firstVariable[key] = items.count * 4
        items.append(item)
    }

    private func variables(of item: any LayoutItem) -> Int? { firstVariable[ObjectIdentifier(item)] }

    // MARK: Expressions

    /// The start (left or top) of `view` along `axis` (0: x, 1: y) in layout space.
    func origin(of view: UIView, axis: Int) -> LinearExpression {
        if let base = variables(of: view) { return .variable(base + axis) }
        let own = Double(axis == 0 ? view.layoutFrame.minX : view.layoutFrame.minY)
        return (view.superview.map { origin(of: $0, axis: axis) } ?? .constant(0)) + own
    }

    /// The width (axis 0) or height (axis 1) of `view`.
    func length(of view: UIView, axis: Int) -> LinearExpression {
        if let base = variables(of: view) { return .variable(base + 2 + axis) }
        return .constant(Double(axis == 0 ? view.bounds.width : view.bounds.height))
    }

    /// `attribute` of a registered item, in layout space.
    private func expression(_ attribute: NSLayoutConstraint.Attribute, of item: any LayoutItem) -> LinearExpression {
        let base = variables(of: item)!
        let axis = attribute.isHorizontal ? 0 : 1
        let start = LinearExpression.variable(base + axis), length = LinearExpression.variable(base + 2 + axis)
        let margins = (item as? UIView)?.layoutMargins ?? .zero
        let (lead, trail) = axis == 0 ? (Double(margins.left), Double(margins.right)) : (Double(margins.top), Double(margins.bottom))
        switch attribute {
        case .left, .leading, .top: return start
        case .right, .trailing, .bottom, .lastBaseline, .firstBaseline: return start + length
        case .width, .height: return length
        case .centerX, .centerY: return start + 0.5 * length
        case .leftMargin, .leadingMargin, .topMargin: return start + lead
        case .rightMargin, .trailingMargin, .bottomMargin: return start + length + (-trail)
        case .centerXWithinMargins, .centerYWithinMargins: return start + 0.5 * length + (lead - trail) / 2
        case .notAnAttribute: return .constant(0)
        }
    }

    // MARK: Rows

    private mutating func append(_ expression: LinearExpression, _ relation: NSLayoutConstraint.Relation,
                                 priority: UILayoutPriority, source: Source) {
        let kind: LinearConstraint.Relation = switch relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        linear.append(LinearConstraint(terms: expression.terms, constant: expression.constant, relation: kind,
                                       priority: min(priority.rawValue, 1000)))
        sources.append(source)
    }

    private mutating func add(_ constraint: NSLayoutConstraint) {
        guard let first = constraint.first, let container = constraint.commonAncestor else { return }
        var lhs = expression(constraint.firstAttribute, of: first)
        var rhs = LinearExpression.constant(Double(constraint.layoutConstant))
        if let second = constraint.second {
            rhs = Double(constraint.multiplier) * expression(constraint.secondAttribute, of: second) + rhs
        }
        if !constraint.firstAttribute.isDimension {
            let origin = origin(of: container, axis: constraint.firstAttribute.isHorizontal ? 0 : 1)
            lhs = lhs - origin
            if constraint.second != nil { rhs = rhs - Double(constraint.multiplier) * origin }
        }
        append(lhs - rhs, constraint.relation, priority: constraint.priority, source: .constraint(constraint))
    }

    /// The view's frame, following its superview's size by its autoresizing mask.
    private mutating func addAutoresizing(of view: UIView) {
        let base = variables(of: view)!
        let frame = view.layoutFrame
        for axis in 0..<2 {
            let (lead, size) = axis == 0 ? (frame.minX, frame.width) : (frame.minY, frame.height)
            var start = LinearExpression.constant(Double(lead)), extent = LinearExpression.constant(Double(size))
            if let superview = view.superview {
                let oldLength = axis == 0 ? superview.bounds.width : superview.bounds.height
                let mask = view.autoresizingMask
                let flexible = axis == 0
                    ? (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin))
                    : (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin))
                let stretch = { (delta: CGFloat) in
                    UIView.stretch(lead: lead, length: size, trail: oldLength - lead - size, by: delta, flexible: flexible)
                }
                let (still, moved) = superview.autoresizesSubviews ? (stretch(0), stretch(1)) : ((lead, size), (lead, size))
                let delta = length(of: superview, axis: axis) + (-Double(oldLength))
                start = origin(of: superview, axis: axis) + Double(lead) + Double(moved.0 - still.0) * delta
                extent = extent + Double(moved.1 - still.1) * delta
            }
            let names = axis == 0 ? ("minX", "width") : ("minY", "height")
            append(.variable(base + axis) - start, .equal, priority: .required, source: .autoresizing(view, names.0, Double(lead)))
            append(.variable(base + 2 + axis) - extent, .equal, priority: .required, source: .autoresizing(view, names.1, Double(size)))
        }
    }

    /// A system guide: its view's bounds less its insets.
    private mutating func addSystemGuide(_ guide: UILayoutGuide) {
        guard let owner = guide.owningView, let insets = guide.systemInsets else { return }
        let base = variables(of: guide)!
        for axis in 0..<2 {
            let (lead, trail) = axis == 0 ? (insets.left, insets.right) : (insets.top, insets.bottom)
            append(.variable(base + axis) - origin(of: owner, axis: axis) + (-Double(lead)), .equal,
                   priority: .required, source: .guide(guide, axis == 0 ? "minX" : "minY"))
            append(.variable(base + 2 + axis) - length(of: owner, axis: axis) + Double(lead + trail), .equal,
                   priority: .required, source: .guide(guide, axis == 0 ? "width" : "height"))
        }
    }

    /// Hugging and compression resistance along each axis the view has an intrinsic size on.
    private mutating func addContentSize(of view: UIView) {
        let base = variables(of: view)!
        let intrinsic = view.intrinsicContentSize
        for axis in 0..<2 {
            let size = Double(axis == 0 ? intrinsic.width : intrinsic.height)
            guard size != Double(UIView.noIntrinsicMetric), size >= 0 else { continue }
            let name = axis == 0 ? "width" : "height"
            let axisValue = NSLayoutConstraint.Axis(rawValue: axis)!
            let hugging = view.contentHuggingPriority(for: axisValue)
            let resistance = view.contentCompressionResistancePriority(for: axisValue)
            let source = Source.contentSize(view, name, size, hugging: hugging, resistance: resistance)
            append(.variable(base + 2 + axis) + (-size), .lessThanOrEqual, priority: hugging, source: source)
            append(.variable(base + 2 + axis) + (-size), .greaterThanOrEqual, priority: resistance, source: source)
        }
    }

    // MARK: Reading a solution

    /// The frame of each view the constraints place, in its superview's coordinates.
    func frames(_ values: [Double]) -> [(view: UIView, frame: CGRect)] {
        items.compactMap { item in
            guard let view = item as? UIView, !view.translatesAutoresizingMaskIntoConstraints else { return nil }
            return (view, frame(of: view, values))
        }
    }

    /// The frames of guides the app made, in their owning views' coordinates.
    func guideFrames(_ values: [Double]) -> [(guide: UILayoutGuide, frame: CGRect)] {
        items.compactMap { item in
            guard let guide = item as? UILayoutGuide, guide.systemRegion == nil, guide.owningView != nil else { return nil }
            return (guide, frame(of: guide, values))
        }
    }

    /// The item's rectangle relative to its view's superview (a guide's: to its owning view).
    private func frame(of item: any LayoutItem, _ values: [Double]) -> CGRect {
        let base = variables(of: item)!
        let reference: UIView? = item is UIView ? (item as? UIView)?.superview : item.owningLayoutView
        let x = values[base] - (reference.map { origin(of: $0, axis: 0).value(in: values) } ?? 0)
        let y = values[base + 1] - (reference.map { origin(of: $0, axis: 1).value(in: values) } ?? 0)
        return CGRect(x: x, y: y, width: values[base + 2], height: values[base + 3])
    }

    /// Whether two rows share a variable (for the list of a conflict).
    func related(_ a: Int, _ b: Int) -> Bool {
        let variables = Set(linear[a].terms.map(\.variable))
        return linear[b].terms.contains { variables.contains($0.variable) }
    }
}

@MainActor
extension ConstraintLayoutSystem.Source {
    /// How a conflict message lists it, as UIKit lists constraints.
    var listing: String {
        switch self {
        case .constraint(let constraint):
            constraint.description
        case let .autoresizing(view, attribute, value):
            "<NSAutoresizingMaskLayoutConstraint \(view.layoutName).\(attribute) == \(NSLayoutConstraint.format(CGFloat(value)))>"
        case let .contentSize(view, attribute, value, hugging, resistance):
            "<NSContentSizeLayoutConstraint \(view.layoutName).\(attribute) == \(NSLayoutConstraint.format(CGFloat(value))) "
                + "Hug:\(NSLayoutConstraint.format(CGFloat(hugging.rawValue))) "
                + "CompressionResistance:\(NSLayoutConstraint.format(CGFloat(resistance.rawValue)))>"
        case let .guide(guide, attribute):
            "<NSLayoutConstraint \(guide.layoutName).\(attribute) follows \(guide.owningView?.layoutName ?? "nil")>"
        }
    }
}

extension UIView {
    /// The view's rectangle in its superview from `center` and `bounds.size` (its frame
    /// without the transform): what Auto Layout reads and sets.
    var layoutFrame: CGRect {
        let size = bounds.size, anchor = layer.anchorPoint
        return CGRect(x: center.x - size.width * anchor.x, y: center.y - size.height * anchor.y,
                      width: size.width, height: size.height)
    }
}
