import Foundation

/// A rectangle that takes part in Auto Layout without being a view (iOS 9): spacing
/// between views, or a region other views align to. Added to a view by
/// `addLayoutGuide(_:)`, laid out in that view's coordinate space.
///
/// A view's `safeAreaLayoutGuide` is its bounds inset by `safeAreaInsets` (zero here: a
/// recording has no bars or rounded corners) and its `layoutMarginsGuide` its bounds inset
/// by `layoutMargins`.
@preconcurrency @MainActor
open class UILayoutGuide: LayoutAnchored {
    /// The view the guide belongs to (nil until it is added to one).
    public internal(set) weak var owningView: UIView?
    /// A name for the guide in conflict messages.
    public var identifier = ""

    /// Which view rectangle a system guide follows; nil for one the app made.
    enum SystemRegion { case safeArea, layoutMargins }
    let systemRegion: SystemRegion?
    /// The frame the last layout pass gave it, in the owning view's coordinates.
    var solvedFrame: CGRect?

    public init() {
        systemRegion = nil
        UIView.autoLayoutInUse = true
    }

    init(systemRegion: SystemRegion, owningView: UIView) {
        self.systemRegion = systemRegion
        self.owningView = owningView
        identifier = systemRegion == .safeArea ? "UIViewSafeAreaLayoutGuide" : "UIViewLayoutMarginsGuide"
    }

    /// The guide's rectangle in its owning view's coordinates, as the last layout pass
    /// left it (`.zero` before one; a system guide's always follows its view).
    public var layoutFrame: CGRect {
        if let systemFrame { return systemFrame }
        return solvedFrame ?? .zero
    }

    /// The owning view's bounds inset by the guide's insets, for a system guide.
    var systemFrame: CGRect? {
        guard let owningView, let insets = systemInsets else { return nil }
        let bounds = owningView.bounds
        return CGRect(x: bounds.minX + insets.left, y: bounds.minY + insets.top,
                      width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top - insets.bottom)
    }

    /// How far a system guide lies inside its view's edges.
    var systemInsets: UIEdgeInsets? {
        switch systemRegion {
        case .safeArea: owningView?.safeAreaInsets
        case .layoutMargins: owningView?.layoutMargins
        case nil: nil
        }
    }

    var owningLayoutView: UIView? { owningView }
    var layoutName: String { "UILayoutGuide'\(identifier)'" }

    public var leadingAnchor: NSLayoutXAxisAnchor { xAnchor(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { xAnchor(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { xAnchor(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { xAnchor(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { xAnchor(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { yAnchor(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { yAnchor(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { yAnchor(.centerY) }
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    public var heightAnchor: NSLayoutDimension { dimension(.height) }
}
