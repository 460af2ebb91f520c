import Foundation

/// The root of a tree of views on screen: a stage's root view is one. Its
/// `rootViewController`'s view fills it.
@preconcurrency @MainActor
open class UIWindow: UIView {
    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        window = self
    }

    /// Setting it puts the view controller's view in the window, filling it, as
    /// `makeKeyAndVisible()` shows it in UIKit: `viewWillAppear(false)`, then the view is
    /// added and laid out, then `viewDidAppear(false)`. The old one's view is removed,
    /// with `viewWillDisappear(false)` and `viewDidDisappear(false)`.
    public var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue, let view = old.viewIfLoaded, view.superview === self {
                old.viewWillDisappear(false)
                view.removeFromSuperview()
                old.viewDidDisappear(false)
            }
            guard let controller = rootViewController else { return }
            let view: UIView = controller.view
            view.frame = bounds
            controller.viewWillAppear(false)
            addSubview(view)
            view.layoutIfNeeded()
            controller.viewDidAppear(false)
        }
    }

    /// Shows the window; a stage's always is. Kept for code that calls it.
    public func makeKeyAndVisible() {}
}
