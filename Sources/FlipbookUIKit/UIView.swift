import Foundation

/// A rectangle on screen backed by one `CALayer` (G1).
///
/// Geometry and appearance are views onto the layer: `center` is the layer's `position`,
/// `alpha` its `opacity`, `transform` its (affine) `transform`, `clipsToBounds` its
/// `masksToBounds`. A change made through either is visible through the other.
@preconcurrency @MainActor
open class UIView {
    public let layer: CALayer
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    /// The window at the root of the view's tree (a window's is itself); nil when there is none.
    public internal(set) weak var window: UIWindow?
    /// An integer to find the view by (`viewWithTag(_:)`); 0 by default.
    public var tag = 0
    /// Whether touches reach the view; kept for code that sets it (nothing touches a
    /// recording). Default true; false for labels and image views, as in UIKit.
    public var isUserInteractionEnabled = true
    /// The view controller whose root view this is: told of its layout.
    weak var viewController: UIViewController?

    /// The class of the layer a new view creates; subclasses with special layers override it.
    open class var layerClass: CALayer.Type { CALayer.self }

    public init(frame: CGRect = .zero) {
        layer = Self.layerClass.init()
        self.frame = frame
        layer.delegate = self
    }

    /// Called after the view is made from an Interface Builder archive; there are none
    /// here, but code calls it (and overrides call super). Does nothing.
    open func awakeFromNib() {}

    public var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    public var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    public var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// The layer's transform when it is affine; setting it replaces the layer's transform.
    public var transform: CGAffineTransform {
        get { layer.transform.affineTransform }
        set { layer.transform = CATransform3D(newValue) }
    }

    public var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// A dynamic colour (`.systemBackground`) is resolved for the view's
    /// `traitCollection`, and again when that changes; the getter gives back the colour
    /// set while the layer still shows it.
    public var backgroundColor: UIColor? {
        get {
            guard let shown = layer.backgroundColor else { return nil }
            if let dynamic = dynamicBackgroundColor, dynamic.resolvedColor(with: traitCollection).cgColor == shown {
                return dynamic
            }
            return UIColor(cgColor: shown)
        }
        set {
            dynamicBackgroundColor = newValue?.isDynamic == true ? newValue : nil
            layer.backgroundColor = newValue?.resolvedColor(with: traitCollection).cgColor
        }
    }

    /// The dynamic colour last given to `backgroundColor`, re-resolved when the traits change.
    var dynamicBackgroundColor: UIColor?
    /// Light or dark for this view and the views inside it that do not choose; default
    /// `.unspecified`, which takes the superview's (iOS 13).
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { hierarchyChanged() }
    }
    /// The style `traitCollection` has: the override, else the superview's.
    var inheritedStyle: UIUserInterfaceStyle = .unspecified

    public var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Deprecated in UIKit; kept so ported code compiles. It changes nothing on screen (V1).
    public var contentStretch = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// How the view's content follows a change of its bounds size; `.redraw` redraws
    /// it (the layer's `needsDisplayOnBoundsChange`), the others keep the old drawing,
    /// stretched (G8). Default `.scaleToFill`.
    public var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
            layer.contentsGravity = contentMode.contentsGravity
        }
    }

    /// Whether a size change inside an animation block animates; a label lays its text
    /// out at the final size instead.
    var animatesSizeChanges: Bool { true }

    // MARK: Layout (overridable, so in the class body; see UIView+Layout.swift)

    /// Places the subviews, typically by setting their frames from this view's `bounds`.
    ///
    /// Called when the view's layer is laid out: at the end of a turn in which the view
    /// needed layout (its size changed, a subview was added or removed, `setNeedsLayout()`,
    /// or it is new), or by `layoutIfNeeded()`. Does nothing by default; subclasses
    /// override it. Do not call it directly; call `setNeedsLayout()` or `layoutIfNeeded()`.
    open func layoutSubviews() {}

    // MARK: Traits (overridable, so in the class body; see UIView+Traits.swift)

    /// Called when the view's traits have changed (it moved under another appearance, or
    /// an override changed), with them as `UITraitCollection.current`; does nothing by
    /// default. Subclasses override it to update what they resolved themselves.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Shows the dynamic colours for the current traits; subclasses add theirs.
    func resolveDynamicColors() {
        if let dynamicBackgroundColor {
            layer.backgroundColor = dynamicBackgroundColor.resolvedColor(with: traitCollection).cgColor
        }
    }

    // MARK: Drawing (overridable, so in the class body; see UIView+Drawing.swift)

    /// Draws the view's content in `rect` (its bounds) into `UIGraphicsGetCurrentContext()`.
    ///
    /// Called when the view's layer displays: once when the view is first shown, then
    /// only after `setNeedsDisplay()` (or a size change with `contentMode = .redraw`), at
    /// the end of the turn; what it drew is reused for every frame in between (G8). Does
    /// nothing by default; subclasses override it. Do not call it directly.
    open func draw(_ rect: CGRect) {}

    // MARK: Hierarchy

    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped), removing it from any old superview first.
    ///
    /// A view that moves to another superview is told before and after, as in UIKit:
    /// `willMove(toSuperview:)`, `willMove(toWindow:)` (it and its subviews, when the
    /// window changes), then `didMoveToWindow()` and `didMoveToSuperview()`.
    public func insertSubview(_ view: UIView, at index: Int) {
        precondition(!isDescendant(of: view), "a view cannot be added inside itself")
        let moves = view.superview !== self
        if moves { view.willMove(from: view.window, toSuperview: self, window: window) }
        view.detach()
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        syncSublayer(of: view, at: position)
        if moves { view.didMove() }
    }

    public func removeFromSuperview() {
        guard superview != nil else { return }
        willMove(from: window, toSuperview: nil, window: nil)
        detach()
        didMove()
    }

    /// Takes the view out of its superview's subviews and layer, telling no one.
    private func detach() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: Moving between superviews and windows (overridable; see UIView+Traits.swift)

    /// Called before the view moves to `newSuperview` (nil: removed). Does nothing by default.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to another superview (or was removed). Does nothing by default.
    open func didMoveToSuperview() {}
    /// Called, on the view and each of its subviews, before their window changes to
    /// `newWindow`. Does nothing by default.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called, on the view and each of its subviews, after their window changed (see
    /// `window`). Does nothing by default.
    open func didMoveToWindow() {}

    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    public func isDescendant(of view: UIView) -> Bool {
        var node: UIView? = self
        while let current = node {
            if current === view { return true }
            node = current.superview
        }
        return false
    }

    /// Keeps a subview's layer just above the previous subview's layer, so standalone
    /// sublayers added to this view's layer keep their place relative to subviews.
    private func syncSublayer(of view: UIView, at position: Int) {
        if position > 0 {
            layer.insertSublayer(view.layer, above: subviews[position - 1].layer)
        } else if let next = subviews.dropFirst().first {
            layer.insertSublayer(view.layer, below: next.layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }
}
