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
    /// Auto Layout's state: held constraints, margins, guides (`AutoLayout/`).
    let layoutState = ViewLayoutState()

    /// The class of the layer a new view creates, `CALayer` by default; a subclass returns
    /// another (`override class var layerClass: AnyClass { CAShapeLayer.self }`) to be
    /// backed by a shape, gradient, text or replicator layer, and `layer` is then of that
    /// class. It must be `CALayer` or a subclass; UIKit raises otherwise, and so does this.
    open class var layerClass: AnyClass { CALayer.self }

    public init(frame: CGRect = .zero) {
        guard let layerType = Self.layerClass as? CALayer.Type else {
            preconditionFailure("\(Self.self).layerClass is \(Self.layerClass), which is not a CALayer subclass")
        }
        layer = layerType.init()
        self.frame = frame
        layer.delegate = self
    }

    /// Called after the view is made from an Interface Builder archive; there are none
    /// here, but code calls it (and overrides call super). Does nothing.
    open func awakeFromNib() {}

    /// Setting it lays out subviews by their `autoresizingMask` when the size changes.
    public var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = layer.bounds.size
            layer.frame = newValue
            resizeSubviews(withOldSize: oldSize)
        }
    }

    /// Setting it lays out subviews by their `autoresizingMask` when the size changes.
    public var bounds: CGRect {
        get { layer.bounds }
        set {
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            resizeSubviews(withOldSize: oldSize)
        }
    }

    /// How the view resizes when its superview's bounds change size (springs and struts);
    /// none by default. See `UIView+Autoresizing.swift`.
    public var autoresizingMask: AutoresizingMask = []
    /// Whether a change of the bounds' size resizes subviews by their masks; default true.
    public var autoresizesSubviews = true
    /// Whether the view promises to draw opaquely over its bounds; default true, as UIKit's.
    /// Kept for code that sets it: the layer's `isOpaque` is left as it is, so nothing drawn
    /// changes.
    public var isOpaque = true

    /// The insets that keep content clear of bars and the display's rounded corners:
    /// always zero here, as a recording has neither.
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// Called when `safeAreaInsets` changes; never, here.
    open func safeAreaInsetsDidChange() {}

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

    /// An arranged view of a `UIStackView` hides as it says: inside an animation block,
    /// only once it has collapsed (while it collapses, `isHidden` is already true).
    public var isHidden: Bool {
        get { layer.isHidden || isCollapsingToHidden }
        set {
            if let stack = superview as? UIStackView, stack.setHidden(newValue, ofArranged: self) { return }
            layer.isHidden = newValue
        }
    }

    /// The colour controls in the view draw with (a system button's title): the one set,
    /// else the superview's, else system blue. Setting nil goes back to inheriting.
    open var tintColor: UIColor! {
        get { explicitTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            explicitTintColor = newValue
            tellTintColorChanged()
        }
    }
    /// The tint set on this view, if any.
    private var explicitTintColor: UIColor?

    /// Called when `tintColor` changed, on the view and the subviews that inherit it.
    /// Does nothing by default.
    open func tintColorDidChange() {}

    private func tellTintColorChanged() {
        tintColorDidChange()
        for subview in subviews where subview.explicitTintColor == nil { subview.tellTintColorChanged() }
    }

    /// Hidden, but still shown while a stack view collapses it.
    var isCollapsingToHidden = false

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

    // MARK: Layer delegate (overridable, so in the class body; see UIView+LayerDelegate.swift)

    /// A view is its layer's delegate (TX5): inside an animation block it returns an
    /// action that records the change for the block to animate, for the keys a block
    /// animates (V1); elsewhere, and for other keys, the null action, so changing a
    /// view-backed layer is immediate. A subclass overrides it to animate more keys in a
    /// block (a shape view's `path`, say), calling `super` for the rest.
    open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        UIViewAnimationState.current.action(for: self, key: event) ?? NSNull()
    }

    // MARK: Layout (overridable, so in the class body; see UIView+Layout.swift)

    /// What `intrinsicContentSize` answers along an axis the view has no natural size on.
    public static let noIntrinsicMetric: CGFloat = -1

    /// The size the view's content naturally has, which a `UIStackView` lays it out at:
    /// `noIntrinsicMetric` both ways by default; an image view's image size, a button's
    /// image and title.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The size that suits the view within `size`; the view's own size by default (a
    /// label's text, a button's title and image, an image view's image).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits` its current size, keeping its origin.
    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    /// Says the intrinsic size changed: the superview lays out again.
    public func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }

    /// Updates the constraints the view holds, before layout, when `setNeedsUpdateConstraints()`
    /// asked (and once at the first layout of a tree using Auto Layout). Overrides change
    /// constraints here and call `super.updateConstraints()` last. Does nothing by default.
    open func updateConstraints() {}

    /// Whether the view relies on constraints even before it holds any (it makes them in
    /// `updateConstraints()`), so that pass runs for its tree; false by default.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Called when `layoutMargins` changed. Does nothing by default.
    open func layoutMarginsDidChange() {}

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
        if moves {
            view.willMove(from: view.window, toSuperview: self, window: window)
            view.superview?.willRemoveSubview(view)
        }
        view.detach()
        let position = min(max(index, 0), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        syncSublayer(of: view, at: position)
        if moves {
            view.didMove()
            didAddSubview(view)
        }
    }

    public func removeFromSuperview() {
        guard superview != nil else { return }
        willMove(from: window, toSuperview: nil, window: nil)
        superview?.willRemoveSubview(self)
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

    /// Called after `subview` was added to this view. Does nothing by default.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` leaves this view (removed, or moved to another view). Does nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}
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
