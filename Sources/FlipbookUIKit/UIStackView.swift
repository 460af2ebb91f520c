import Foundation

/// A view that lays its arranged subviews out in a row or a column (iOS 9).
///
/// The stack places its arranged views itself, without constraints, so each arranged view's length along the axis is its
/// `intrinsicContentSize` when it has one (a label's text, an image view's image, a button's), else the
/// size its frame had when it was arranged; across the axis it is the stack's (`.fill`)
/// or that same size. The views are placed from the stack's leading (or top) edge:
///
/// - `.fill`: at their lengths, `spacing` apart (as a stack that sizes itself to its
///   content places them; the room left over stays empty at the end);
/// - `.fillEqually`: all as long, filling the stack;
/// - `.fillProportionally`: lengths scaled together to fill the stack;
/// - `.equalSpacing` and `.equalCentering`: at their lengths, with the room left over
///   shared between the gaps (at least `spacing`).
///
/// A hidden arranged view takes no room and no spacing: its length is 0 at its place.
/// Setting `isHidden` of an arranged view relays the stack out, and inside an animation
/// block the change animates as on iOS: a view being hidden collapses to length 0 while
/// the views after it slide up, and is hidden when the animation ends (until then
/// `isHidden` is already true); a view being shown is shown at once and grows from 0.
@MainActor
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable, Hashable {
        case fill = 0, fillEqually = 1, fillProportionally = 2, equalSpacing = 3, equalCentering = 4
    }

    public enum Alignment: Int, Sendable, Hashable {
        case fill = 0, leading = 1, firstBaseline = 2, center = 3, trailing = 4, lastBaseline = 5
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    public var axis = NSLayoutConstraint.Axis.horizontal { didSet { arrangementChanged() } }
    public var distribution = Distribution.fill { didSet { setNeedsLayout() } }
    public var alignment = Alignment.fill { didSet { setNeedsLayout() } }
    /// Points between neighbouring visible views; default 0.
    public var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    public private(set) var arrangedSubviews: [UIView] = []
    /// Each arranged view's size when it was arranged: its length without an intrinsic size.
    private var arrangedSizes: [ObjectIdentifier: CGSize] = [:]

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Arranges `view` at `stackIndex`, adding it as a subview when it is not one.
    public func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        arrangedSizes[ObjectIdentifier(view)] = view.bounds.size
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view`; it stays a subview, where it is (as in UIKit).
    public func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSizes[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = arrangedFrames()
        for (view, frame) in zip(arrangedSubviews, frames) where view.frame != frame { view.frame = frame }
    }

    /// Changes `isHidden` of an arranged view (see the type's documentation); false when
    /// `view` is not arranged here and its own setter should do it.
    func setHidden(_ hidden: Bool, ofArranged view: UIView) -> Bool {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return false }
        let state = UIViewAnimationState.current
        // A property animator's block has no completion of its own: its view hides at once.
        if hidden, !view.layer.isHidden, state.animationsEnabled, let block = state.blocks.last, !block.isAnimator {
            view.isCollapsingToHidden = true
            block.whenComplete { [weak view] in
                guard let view, view.isCollapsingToHidden else { return }
                view.isCollapsingToHidden = false
                view.layer.isHidden = true
            }
        } else {
            view.isCollapsingToHidden = false
            view.layer.isHidden = hidden
        }
        arrangementChanged()
        if !state.blocks.isEmpty { layoutIfNeeded() }
        return true
    }

    // MARK: Layout

    /// The size of the arranged views with their spacing, which Auto Layout gives a stack
    /// its constraints do not size (hugging it at 250, resisting compression at 750, as
    /// for any intrinsic size; on iOS the stack's own constraints do this): along the axis
    /// the visible views' lengths and the gaps, across it the largest of theirs.
    open override var intrinsicContentSize: CGSize {
        let vertical = axis == .vertical
        let sizes = arrangedSubviews.filter { !$0.isHidden }.map(naturalSize)
        guard !sizes.isEmpty else { return super.intrinsicContentSize }
        let along = sizes.map { vertical ? $0.height : $0.width }.reduce(0, +) + spacing * CGFloat(sizes.count - 1)
        let across = sizes.map { vertical ? $0.width : $0.height }.max() ?? 0
        return vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }

    /// The arranged views or their spacing changed: lay them out again, and tell a
    /// constraint layout the stack's size may have changed.
    private func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// An arranged view's size: its intrinsic size where it has one, else its arranged size.
    private func naturalSize(of view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        let arranged = arrangedSizes[ObjectIdentifier(view)] ?? view.bounds.size
        return CGSize(width: intrinsic.width >= 0 ? intrinsic.width : arranged.width,
                      height: intrinsic.height >= 0 ? intrinsic.height : arranged.height)
    }

    /// Where each arranged view goes, in `arrangedSubviews` order.
    private func arrangedFrames() -> [CGRect] {
        let vertical = axis == .vertical
        func length(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        func across(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
        let room = length(bounds.size), crossRoom = across(bounds.size)
        let visible = arrangedSubviews.map { !$0.isHidden }
        let count = visible.filter { $0 }.count
        let naturals = arrangedSubviews.map(naturalSize)
        var lengths = zip(naturals, visible).map { $1 ? length($0) : 0 }
        let total = lengths.reduce(0, +)
        let gaps = CGFloat(max(count - 1, 0))
        var gap = spacing
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            let each = count > 0 ? max(room - spacing * gaps, 0) / CGFloat(count) : 0
            lengths = visible.map { $0 ? each : 0 }
        case .fillProportionally:
            let scale = total > 0 ? max(room - spacing * gaps, 0) / total : 0
            lengths = lengths.map { $0 * scale }
        case .equalSpacing, .equalCentering:
            if gaps > 0 { gap = max(spacing, (room - total) / gaps) }
        }
        var cursor: CGFloat = 0
        var frames: [CGRect] = []
        for index in arrangedSubviews.indices {
            let crossLength = alignment == .fill ? crossRoom : across(naturals[index])
            let crossOrigin: CGFloat = switch alignment {
            case .fill, .leading, .firstBaseline: 0
            case .center: (crossRoom - crossLength) / 2
            case .trailing, .lastBaseline: crossRoom - crossLength
            }
            frames.append(vertical
                ? CGRect(x: crossOrigin, y: cursor, width: crossLength, height: lengths[index])
                : CGRect(x: cursor, y: crossOrigin, width: lengths[index], height: crossLength))
            if visible[index] { cursor += lengths[index] + gap }
        }
        return frames
    }
}
