import Foundation

/// A rectangle of content in a tree of layers, with the model properties of Core Animation.
///
/// Geometry follows Core Animation: `position` is where `anchorPoint` (a unit point in
/// `bounds`) sits in the superlayer's coordinate space, `transform` applies about the
/// anchor point, and `bounds.origin` shifts the coordinate space of sublayers (G5).
/// `frame` is derived (G2). Lengths are points; the renderer multiplies by the canvas scale.
open class CALayer {
    public var position: CGPoint {
        get { properties.position }
        set {
            if refusesNonFinite("position", newValue, keeping: position) { return }
            update(\.position, to: newValue, key: "position", as: AnimationValue.point)
        }
    }
    /// A change of size marks the layer as needing layout.
    public var bounds: CGRect {
        get { properties.bounds }
        set {
            let old = properties.bounds
            if refusesNonFinite("bounds", newValue, keeping: old) { return }
            store(\.bounds, newValue)
            if newValue.size != old.size && !isPresentationCopy { setNeedsLayout() }
            if newValue.size != old.size && !isPresentationCopy && needsDisplayOnBoundsChange { setNeedsDisplay() }
            valueDidChange(forKey: "bounds", from: .rect(old))
        }
    }
    /// The point of `bounds` (in unit coordinates) placed at `position`; default (0.5, 0.5).
    public var anchorPoint: CGPoint {
        get { properties.anchorPoint }
        set {
            if refusesNonFinite("anchorPoint", newValue, keeping: anchorPoint, raisesOnIOS: false) { return }
            update(\.anchorPoint, to: newValue, key: "anchorPoint", as: AnimationValue.point)
        }
    }
    public var transform: CATransform3D {
        get { properties.transform }
        set {
            if refusesNonFinite("transform", newValue, keeping: transform, raisesOnIOS: false) { return }
            update(\.transform, to: newValue, key: "transform", as: AnimationValue.transform)
        }
    }
    /// Applied to the sublayers, about the anchor point, when rendering.
    public var sublayerTransform: CATransform3D {
        get { properties.sublayerTransform }
        set {
            if refusesNonFinite("sublayerTransform", newValue, keeping: sublayerTransform, raisesOnIOS: false) { return }
            update(\.sublayerTransform, to: newValue, key: "sublayerTransform", as: AnimationValue.transform)
        }
    }
    /// Opacity of the layer and its sublayers as a group, 0…1.
    public var opacity: Float {
        get { properties.opacity }
        set { update(\.opacity, to: newValue, key: "opacity", as: { .number(Double($0)) }) }
    }
    public var backgroundColor: CGColor? {
        get { properties.backgroundColor }
        set { update(\.backgroundColor, to: newValue, key: "backgroundColor", as: AnimationValue.color) }
    }
    public var cornerRadius: CGFloat {
        get { properties.cornerRadius }
        set { update(\.cornerRadius, to: newValue, key: "cornerRadius", as: { .number(Double($0)) }) }
    }
    /// The corners `cornerRadius` rounds (background, border, `masksToBounds` clipping and
    /// the shadow); all four by default. Not animatable, as in Core Animation.
    public var maskedCorners: CACornerMask { get { properties.maskedCorners } set { store(\.maskedCorners, newValue) } }
    /// The curve of the rounded corners; `circular` by default. Not animatable, as in Core
    /// Animation. `continuous` is drawn as an approximation (FACTS §10).
    public var cornerCurve: CALayerCornerCurve { get { properties.cornerCurve } set { store(\.cornerCurve, newValue) } }
    /// Drawn inset from the bounds, above the contents and sublayers.
    public var borderWidth: CGFloat {
        get { properties.borderWidth }
        set { update(\.borderWidth, to: newValue, key: "borderWidth", as: { .number(Double($0)) }) }
    }
    public var borderColor: CGColor? {
        get { properties.borderColor }
        set { update(\.borderColor, to: newValue, key: "borderColor", as: AnimationValue.color) }
    }
    public var shadowColor: CGColor? {
        get { properties.shadowColor }
        set { update(\.shadowColor, to: newValue, key: "shadowColor", as: AnimationValue.color) }
    }
    public var shadowOpacity: Float {
        get { properties.shadowOpacity }
        set { update(\.shadowOpacity, to: newValue, key: "shadowOpacity", as: { .number(Double($0)) }) }
    }
    /// Default (0, −3), as Core Animation's.
    public var shadowOffset: CGSize {
        get { properties.shadowOffset }
        set { update(\.shadowOffset, to: newValue, key: "shadowOffset", as: AnimationValue.size) }
    }
    /// The blur radius; the Gaussian's standard deviation equals this radius.
    public var shadowRadius: CGFloat {
        get { properties.shadowRadius }
        set { update(\.shadowRadius, to: newValue, key: "shadowRadius", as: { .number(Double($0)) }) }
    }
    /// The shadow's outline in place of the layer's shape; animatable, but only
    /// explicitly, as every path property (TX1).
    public var shadowPath: CGPath? {
        get { properties.shadowPath }
        set { update(\.shadowPath, to: newValue?.frozen, key: "shadowPath", as: AnimationValue.path) }
    }
    public var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { update(\.masksToBounds, to: newValue, key: "masksToBounds", as: AnimationValue.bool) }
    }
    public var isHidden: Bool {
        get { properties.isHidden }
        set { update(\.isHidden, to: newValue, key: "hidden", as: AnimationValue.bool) }
    }
    /// Orders siblings: higher draws later; equal values keep sublayer order.
    public var zPosition: CGFloat {
        get { properties.zPosition }
        set {
            if refusesNonFinite("zPosition", newValue, keeping: zPosition, raisesOnIOS: false) { return }
            update(\.zPosition, to: newValue, key: "zPosition", as: { .number(Double($0)) })
        }
    }
    public var isDoubleSided: Bool {
        get { properties.isDoubleSided }
        set { update(\.isDoubleSided, to: newValue, key: "doubleSided", as: AnimationValue.bool) }
    }
    public var name: String? { get { properties.name } set { store(\.name, newValue) } }
    /// Whether a change of `bounds.size` marks the layer as needing display (G8);
    /// default false: the old drawing is stretched to the new bounds instead.
    public var needsDisplayOnBoundsChange: Bool { get { properties.needsDisplayOnBoundsChange } set { store(\.needsDisplayOnBoundsChange, newValue) } }
    /// Whether the compositor caches the layer and its sublayers as pixels and reuses
    /// them while nothing below the layer's own placement and opacity changes (R2).
    public var shouldRasterize: Bool { get { properties.shouldRasterize } set { store(\.shouldRasterize, newValue) } }
    /// Pixels per point of the rasterized bitmap while `shouldRasterize`; default 1, as
    /// Core Animation's. Below the canvas scale the cached bitmap is magnified (blurry).
    public var rasterizationScale: CGFloat { get { properties.rasterizationScale } set { store(\.rasterizationScale, newValue) } }
    /// A promise that the layer's background and drawing cover its bounds opaquely;
    /// the compositor uses it only where it cannot change the output (R2).
    public var isOpaque: Bool { get { properties.isOpaque } set { store(\.isOpaque, newValue) } }
    /// Whether Core Animation antialiases the layer's edges when a transform leaves them off
    /// the pixel grid; default false. Kept for code that sets it: Cairo antialiases every
    /// edge here, so the value changes nothing drawn.
    public var allowsEdgeAntialiasing: Bool {
        get { properties.allowsEdgeAntialiasing }
        set { store(\.allowsEdgeAntialiasing, newValue) }
    }
    /// The image drawn above the background, placed by `contentsGravity` (G7); animatable,
    /// switching from one image to the next (see `CALayer+Contents.swift`).
    ///
    /// The layer shows whichever came last, its drawing or its `contents` (G13): a display
    /// that draws something replaces `contents`, so it reads nil afterwards and the drawing
    /// shows; an image set afterwards shows until the layer is displayed again; nil set
    /// afterwards shows neither, as iOS drops its backing store.
    ///
    /// Nil after a drawing, where iOS reads its backing store, an object Flipbook does not
    /// have: with nil standing for the drawing, an animation of `contents` from before an
    /// image was set starts from the drawing (switching to the image half-way), and the
    /// look a `CATransition` animates from is the drawing; keeping the last image set
    /// would have them start from an image that no longer showed.
    public var contents: CGImage? {
        get { properties.contents }
        set {
            if newValue == nil && !isPresentationCopy { displayList = nil }
            update(\.contents, to: newValue, key: "contents", as: AnimationValue.image)
        }
    }
    /// How `contents` fits the bounds; default `resize`.
    public var contentsGravity: CALayerContentsGravity { get { properties.contentsGravity } set { store(\.contentsGravity, newValue) } }
    /// The part of `contents` shown, in unit coordinates of the image; animatable.
    public var contentsRect: CGRect {
        get { properties.contentsRect }
        set { update(\.contentsRect, to: newValue, key: "contentsRect", as: AnimationValue.rect) }
    }
    /// Image pixels per point of `contents`; default 1.
    public var contentsScale: CGFloat { get { properties.contentsScale } set { store(\.contentsScale, newValue) } }
    /// A layer whose alpha masks this layer's content; positioned in this layer's coordinates.
    /// Unchecked (see `properties`): every frame reads it for every layer.
    @exclusivity(unchecked) public var mask: CALayer? {
        willSet {
            // Taken from where it is before this layer calls it its mask: from another
            // layer's mask, or from the sublayers (this layer's too).
            if newValue !== mask { newValue?.removeFromSuperlayer() }
        }
        didSet {
            guard mask !== oldValue else { return }
            invalidateRenderCache()
            oldValue?.superlayer = nil
            mask?.superlayer = self
            mask.map(noteAdded)
        }
    }

    /// Unchecked (see `properties`): every frame walks the tree several times.
    @exclusivity(unchecked) public private(set) var sublayers: [CALayer]? { didSet { invalidateRenderCache() } }

    // What building a frame reads of every layer besides `properties`, kept together at the
    // start of the object (see `LayerProperties`).

    /// The animations of `attachedAnimations`, in the same order, the first kept apart:
    /// what building a frame reads for every animated layer. Most animated layers have one
    /// animation, reached from the layer without going through a list and an
    /// `AttachedAnimation` (with 10,000 animated layers, each object on the way is a wait
    /// for memory).
    /// No observers: `addressOfFirstShownAnimation` takes it `inout`, which would run them.
    @exclusivity(unchecked) private(set) var firstShownAnimation: CAAnimation?
    @exclusivity(unchecked) private(set) var laterShownAnimations: [CAAnimation] = []
    /// Model values as last committed, for the properties changed in the open transaction.
    @exclusivity(unchecked) var committedValues: [String: AnimationValue] = [:]
    /// The sublayers as last committed, when they changed in the open transaction: what a
    /// render value built before the commit shows (a transition added in the same turn
    /// starts from them). Nil when unchanged.
    @exclusivity(unchecked) var committedSublayers: [CALayer]?
    /// The render value of the layer and its subtree, kept while nothing in the subtree
    /// changes or animates (see `renderLayer(shown:at:)`); each change forgets it here and
    /// above (see `invalidateRenderCache()`).
    @exclusivity(unchecked) var renderCache: RenderLayer?
    /// What `display()` drew last, reused for every frame until the layer is marked again (G8).
    @exclusivity(unchecked) var displayList: DisplayList? { didSet { invalidateRenderCache() } }

    /// The layer's own media timing: its local time is (parent − beginTime)·speed +
    /// timeOffset, so speed 0 with timeOffset at the current local time pauses every
    /// animation in the subtree (FACTS §3).
    public var beginTime: Double {
        get { properties.beginTime }
        set {
            if refusesNonFinite("beginTime", newValue, keeping: beginTime, raisesOnIOS: false) { return }
            store(\.beginTime, newValue)
        }
    }
    public var speed: Float {
        get { properties.speed }
        set {
            if refusesNonFinite("speed", newValue, keeping: speed, raisesOnIOS: false) { return }
            store(\.speed, newValue)
        }
    }
    public var timeOffset: Double {
        get { properties.timeOffset }
        set {
            if refusesNonFinite("timeOffset", newValue, keeping: timeOffset, raisesOnIOS: false) { return }
            store(\.timeOffset, newValue)
        }
    }

    /// The values above, in one value: a presentation copy takes them in one assignment
    /// (see `LayerProperties`).
    ///
    /// `@exclusivity(unchecked)`, here and on the state of animations that every frame
    /// reads: building a frame reads them for every animated layer, the run-time check of
    /// exclusive access costs more than the read, and a layer tree is used from one thread
    /// at a time: the thread of the stage that shows it (the main actor).
    ///
    /// Model layers write it only through `update` and `store`, which also forget the kept
    /// render value (`renderCache`); not an observer, which would copy the whole value
    /// again each time a presentation copy is refilled.
    @exclusivity(unchecked) var properties = LayerProperties()

    // What building a frame does not read, after what it does (see above).

    public private(set) weak var superlayer: CALayer?

    /// Asked first for the action of a changed property; a view is its layer's delegate (TX5).
    public weak var delegate: CALayerDelegate?
    /// Actions by key, asked after the delegate (TX4).
    public var actions: [String: CAAction]?
    /// Defaults for properties not set; only `style["actions"]` (a `[String: CAAction]`) is read.
    public var style: [AnyHashable: Any]?
    /// Answers in place of the class's `defaultAction(forKey:)` for the keys it holds, last
    /// in the search (TX4): how a scene's `defaultActions` stands for a subclass overriding
    /// that class method, which a scene cannot write. Not Core Animation API.
    package var defaultActionOverrides: [String: CAAction]?
    /// Values kept by `setValue(_:forKey:)` under keys that name no property: a layer is a
    /// key-value coding container, as Core Animation's is (see `CALayer+KeyValueCoding.swift`).
    var userValues: [String: Any] = [:]

    /// Where the first animation is, for loading it early (see `sublayerRenderLayers(at:)`),
    /// read without retaining it: a retain is a write, and would wait for the very memory
    /// the hint is to start loading. (An optional reference is stored as a nullable pointer.)
    var addressOfFirstShownAnimation: UnsafeRawPointer? {
        withUnsafeMutablePointer(to: &firstShownAnimation) { UnsafeRawPointer($0).load(as: UnsafeRawPointer?.self) }
    }

    // MARK: Animation state

    /// The animations in the order added.
    @exclusivity(unchecked) var attachedAnimations: [AttachedAnimation] = [] {
        didSet {
            firstShownAnimation = attachedAnimations.first?.animation
            laterShownAnimations = attachedAnimations.dropFirst().map(\.animation)
            invalidateRenderCache()
        }
    }
    /// Whether the layer has been part of a committed tree: only then are changes animated (TX6).
    @exclusivity(unchecked) var hasBeenCommitted = false
    /// Whether this layer or one below it has not been marked committed yet: the commit
    /// at the end of each transaction skips subtrees without.
    @exclusivity(unchecked) var subtreeNeedsCommit = true
    /// For a presentation copy handed out by `presentation()`: the layer it shows, what
    /// `model()` gives. Set there only: the copy a layer keeps for drawing
    /// (`presentationForRendering`) is never handed out, and a weak reference to a layer
    /// gives it a side table that sends every retain and release down Swift's slow path
    /// (14 % of the simulation of 10,000 animated layers).
    weak var modelLayerReference: CALayer?
    let isPresentationCopy: Bool
    /// A running `CATransition`'s state, on presentation copies only.
    @exclusivity(unchecked) var transitionState: RenderLayer.Transition?
    /// The presentation copy drawn last, filled again for the next frame instead of a new
    /// one (see `presentationForRendering`).
    @exclusivity(unchecked) var renderingCopy: CALayer?
    /// The presentation copy the plain sublayers that animate share when a frame is built,
    /// one after another (see `sublayerRenderLayers(at:)`).
    @exclusivity(unchecked) var sublayerRenderingCopy: CALayer?

    // MARK: Layout state (see CALayer+Layout.swift)

    /// Set by `setNeedsLayout()`. A new layer needs layout, so it is laid out when its
    /// tree is first committed.
    var needsOwnLayout = true
    /// Whether this layer or one below it needs layout: the layout pass skips subtrees without.
    var subtreeNeedsLayout = true

    // MARK: Display state (see CALayer+Display.swift)

    /// Set by `setNeedsDisplay()`; a new layer needs display, so it is drawn when first shown.
    @exclusivity(unchecked) var needsOwnDisplay = true
    /// Whether this layer or one below it needs display (or is new): the display pass
    /// skips subtrees without, as layout does.
    @exclusivity(unchecked) var subtreeNeedsDisplay = true

    public required init() { isPresentationCopy = false }

    /// A copy of `layer`'s model properties (not its sublayers, animations or delegate),
    /// as Core Animation makes for presentation layers; see `copyModelValues(from:)`.
    public required init(layer: Any) {
        isPresentationCopy = true
        guard let other = layer as? CALayer else { return }
        needsOwnLayout = false
        subtreeNeedsLayout = false
        needsOwnDisplay = false
        subtreeNeedsDisplay = false
        subtreeNeedsCommit = false
        copyModelValues(from: other)
    }

    /// Copies `layer`'s model properties into this presentation copy, for `init(layer:)`
    /// and again each frame a layer's copy for drawing is reused. Subclasses with more
    /// properties override this, call `super`, and copy theirs.
    open func copyModelValues(from layer: CALayer) {
        properties = layer.properties
        hasBeenCommitted = layer.hasBeenCommitted
        displayList = layer.displayList
    }

    /// Sets one model value in `properties` and runs the change's action (TX4); inlined, so
    /// the key path is resolved when compiling, not followed at run time.
    @inline(__always)
    private func update<Value>(_ field: WritableKeyPath<LayerProperties, Value>, to newValue: Value, key: String,
                               as wrap: (Value) -> AnimationValue) {
        let old = properties[keyPath: field]
        store(field, newValue)
        valueDidChange(forKey: key, from: wrap(old))
    }

    /// Sets one model value in `properties` and forgets the kept render value.
    @inline(__always)
    private func store<Value>(_ field: WritableKeyPath<LayerProperties, Value>, _ newValue: Value) {
        properties[keyPath: field] = newValue
        invalidateRenderCache()
    }

    /// The layer's rectangle in its superlayer's coordinates (G2).
    ///
    /// The getter is the bounding box of `bounds` transformed about the anchor point and
    /// placed at `position`. The setter behaves as if `transform` were identity: it sets
    /// `position` and `bounds.size` and keeps `bounds.origin`, so while the transform is
    /// not identity the result is not the rectangle asked for (G3).
    public var frame: CGRect {
        get {
            let size = bounds.size
            let anchor = CGPoint(x: anchorPoint.x * size.width, y: anchorPoint.y * size.height)
            let local = CGRect(x: -anchor.x, y: -anchor.y, width: size.width, height: size.height)
            let box = transform.isIdentity ? local : local.applying(transform.affineTransform)
            return box.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let rect = newValue.standardized
            bounds.size = rect.size
            position = CGPoint(x: rect.minX + anchorPoint.x * rect.width,
                               y: rect.minY + anchorPoint.y * rect.height)
        }
    }

    /// The content to draw between the background and the sublayers, read from the
    /// presentation copy when a frame is snapshotted; content layers override it (G7). By
    /// default the image of `contents`, else the last drawing: a drawing clears `contents`,
    /// so whichever came last shows (G13).
    open func renderContent() -> LayerContent? { contentsImage.map(LayerContent.image) ?? drawnContent }

    // MARK: Display (overridable, so in the class body; see CALayer+Display.swift)

    /// Makes the layer's content: called by the display pass when the layer needs
    /// display, or by `displayIfNeeded()`. The default records `draw(in:)` into a
    /// display list kept on the layer and reused until `setNeedsDisplay()`. Do not call
    /// it to redraw; call `setNeedsDisplay()`.
    open func display() {
        displayByDrawing()
    }

    /// Draws the layer's content into `ctx`, in bounds coordinates. The default asks the
    /// delegate (a view runs its `draw(_:)`); subclasses override it to draw.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: Class-level answers (overridable, so in the class body)

    /// The animatable property named `key` (see `CALayer+KeyPaths.swift`); subclasses
    /// with more properties override this and fall back to `super`.
    open class func animatableProperty(forKey key: String) -> AnimatableProperty? {
        layerProperty(forKey: key)
    }

    /// The action for `event` when neither the delegate nor `actions` nor `style` has
    /// one: for an animatable key, the implicit animation of TX1 (see `CALayer+Actions.swift`).
    open class func defaultAction(forKey event: String) -> CAAction? {
        implicitAnimation(forKey: event, of: self)
    }

    // MARK: Layout (overridable, so in the class body)

    /// Lays out the sublayers; called by the layout pass when the layer needs layout
    /// (see `CALayer+Layout.swift`). The default asks the delegate (a view runs its
    /// `layoutSubviews()`); subclasses override it to place their sublayers.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Tree

    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` (clamped to the sublayer count), removing it from any old parent.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(!isDescendant(of: layer), "a layer cannot be added inside itself")
        layer.removeFromSuperlayer()
        keepCommittedSublayers()
        // In place: a copy of the list per insert made adding n sublayers quadratic.
        if sublayers == nil { sublayers = [] }
        sublayers!.insert(layer, at: min(Int(index), sublayers!.count))
        layer.superlayer = self
        setNeedsLayout()
        noteAdded(layer)
    }

    /// Keeps the sublayers as last committed before the first change to them in a
    /// transaction (`committedSublayers`), as `valueDidChange` keeps a property's value.
    private func keepCommittedSublayers() {
        guard hasBeenCommitted, !isPresentationCopy, committedSublayers == nil else { return }
        committedSublayers = sublayers ?? []
        VirtualRunLoop.current.transactions.layerChanged(self)
    }

    /// Forgets what the open transaction changed, once it commits: the old values, and the
    /// old sublayers with the render value that may have been built from them.
    func forgetCommittedState() {
        committedValues = [:]
        guard committedSublayers != nil else { return }
        committedSublayers = nil
        invalidateRenderCache()
    }

    /// Tells the layers above `layer`, just added here as a sublayer or the mask, what its
    /// subtree still waits for, so that the passes that skip clean subtrees visit it.
    private func noteAdded(_ layer: CALayer) {
        if layer.subtreeNeedsLayout { layer.propagateLayoutNeedUp() }
        if layer.subtreeNeedsDisplay { layer.setOnAncestors(\.subtreeNeedsDisplay) }
        if layer.subtreeNeedsCommit { layer.setOnAncestors(\.subtreeNeedsCommit) }
    }

    /// Sets `flag` on the ancestors, up to the first that has it already (its own
    /// ancestors have it too).
    func setOnAncestors(_ flag: ReferenceWritableKeyPath<CALayer, Bool>) {
        var node = superlayer
        while let current = node, !current[keyPath: flag] {
            current[keyPath: flag] = true
            node = current.superlayer
        }
    }

    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayer(layer, relativeTo: sibling, offset: 1)
    }

    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayer(layer, relativeTo: sibling, offset: 0)
    }

    private func insertSublayer(_ layer: CALayer, relativeTo sibling: CALayer?, offset: Int) {
        layer.removeFromSuperlayer()
        // From the end: a view's new last subview goes above the last sublayer, so adding
        // siblings one after another stays linear.
        guard let sibling, let index = sublayers?.lastIndex(where: { $0 === sibling }) else {
            return addSublayer(layer)
        }
        insertSublayer(layer, at: UInt32(index + offset))
    }

    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let index = sublayers?.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(index))
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if parent.mask === self {
            parent.mask = nil
            return
        }
        parent.keepCommittedSublayers()
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
        parent.setNeedsLayout()
    }

    /// Whether `self` is `layer` or one of its descendants.
    public func isDescendant(of layer: CALayer) -> Bool {
        var node: CALayer? = self
        while let current = node {
            if current === layer { return true }
            node = current.superlayer
        }
        return false
    }
}

extension CALayer {
    /// Clears `contents` for the drawing a display has just made (G13), as Core Animation's
    /// `display()` replaces it by the new backing store; remembered for the presentation
    /// until the commit, but without an action: a redraw shows at once (iOS cross-fades a
    /// standalone layer to it; not reproduced). Here, for `store`; in an extension, so not
    /// in the class's table of overridable methods.
    func replaceContentsByDrawing() {
        guard let image = properties.contents else { return }
        store(\.contents, nil)
        keepCommittedValue(.image(image), forKey: "contents")
    }
}
