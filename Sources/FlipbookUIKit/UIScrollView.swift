import Foundation

/// What a scroll view tells of its scrolling. Every method does nothing by default.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (once per change; an animated change tells it when it
    /// starts, as the model value changes then).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// An animated `setContentOffset(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}

/// A view that shows part of larger content: `contentOffset` is the point of the
/// content at the view's top-left, which is `bounds.origin`, as in UIKit. Changing it
/// moves the subviews (the content) the other way; inside an animation block it animates
/// as a bounds change does. Clips to its bounds by default.
///
/// Nothing drags a recording, so scrolling is done by code: `contentOffset`, or
/// `setContentOffset(_:animated:)`, which animates over 0.3 s ease-in-out (Apple
/// documents no duration). Scroll indicators are not drawn.
@MainActor
open class UIScrollView: UIView {
    /// The size of the content, in points; default zero.
    open var contentSize: CGSize = .zero
    /// Room added around the content; kept, it does not limit `contentOffset` here.
    open var contentInset: UIEdgeInsets = .zero
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open weak var delegate: UIScrollViewDelegate?

    /// How long `setContentOffset(_:animated:)` takes when animated.
    public static let scrollAnimationDuration: TimeInterval = 0.3

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// The content point at the view's top-left: `bounds.origin`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Sets `contentOffset`, animating to it when `animated` (see the type's documentation).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard animated else {
            self.contentOffset = contentOffset
            return
        }
        UIView.animate(withDuration: Self.scrollAnimationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
            self.contentOffset = contentOffset
        } completion: { [weak self] _ in
            guard let self else { return }
            self.delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// Scrolls the least that shows `rect` (in content coordinates), animating when `animated`.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(offset, animated: animated)
    }
}
