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
/// documents no duration). As on iOS, neither is limited to the content (a negative
/// offset shows the room above it, as pull-to-refresh does); `scrollRectToVisible` keeps
/// within the content and its `adjustedContentInset`. Scroll indicators are not drawn:
/// UIKit shows them while a finger drags or after `flashScrollIndicators()`, and nothing
/// drags here (`flashScrollIndicators()` does nothing).
@MainActor
open class UIScrollView: UIView {
    /// The size of the content, in points; default zero.
    open var contentSize: CGSize = .zero
    /// Room added around the content, which scrolling can show: `scrollRectToVisible`
    /// scrolls as far as `-adjustedContentInset.top` and to the inset below the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { adjustedContentInsetDidChange() } }
    }
    /// How the safe area adds to `contentInset`; the safe area is empty here, so every
    /// behaviour gives `contentInset`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// `contentInset` plus the safe area's insets as `contentInsetAdjustmentBehavior`
    /// asks: here `contentInset`, as `safeAreaInsets` is zero.
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open weak var delegate: UIScrollViewDelegate?

    /// When the safe area's insets are added to `contentInset`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// Called when `adjustedContentInset` changes; does nothing by default.
    open func adjustedContentInsetDidChange() {}

    /// Shows the scroll indicators for a moment on iOS; does nothing here (see the type).
    open func flashScrollIndicators() {}

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

    /// Scrolls the least that shows `rect` (in content coordinates), animating when
    /// `animated`, no further than the content and its adjusted insets allow.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        let inset = adjustedContentInset
        offset.x = min(max(offset.x, -inset.left), max(contentSize.width + inset.right - bounds.width, -inset.left))
        offset.y = min(max(offset.y, -inset.top), max(contentSize.height + inset.bottom - bounds.height, -inset.top))
        setContentOffset(offset, animated: animated)
    }
}
