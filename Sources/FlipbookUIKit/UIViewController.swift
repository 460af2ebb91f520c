import Foundation

/// Manages a root view and presents other view controllers over it (VC1–VC3).
///
/// The view is made on first use by `loadView()` (a plain `UIView`), then `viewDidLoad()`
/// runs; or set it. The window is the root of the presenting view's tree (a stage's
/// `UIWindow`), and presentations cover it. The appearance methods are called when a
/// window shows the view controller (`rootViewController`) and around presentations and
/// dismissals; the layout ones around its view's `layoutSubviews()`.
@preconcurrency @MainActor
open class UIViewController {
    private var loadedView: UIView?

    /// The designated initializer, as UIKit's; there are no nibs here, so both arguments
    /// are ignored and the view is made by `loadView()`. Subclasses write
    /// `init() { super.init(nibName: nil, bundle: nil) }`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// Required as on iOS, so subclasses declare it; there is no storyboard to decode
    /// from, so it returns nil.
    public required init?(coder: NSCoder) { return nil }

    /// `init(nibName: nil, bundle: nil)`; a convenience initializer as on iOS, so a
    /// subclass may declare its own `init()` without `override`.
    public convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The root view, loaded on first use.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            if loadedView?.viewController === self { loadedView?.viewController = nil }
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view (`loadView()` then `viewDidLoad()`) unless it is loaded.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { loadedView = UIView() }
        viewDidLoad()
    }

    /// Makes the root view; the default is a plain `UIView` the size of the screen, as
    /// UIKit's is already in `viewDidLoad` (so code there can lay out against
    /// `view.bounds`); a window or presentation then sizes it to where it goes. Override it
    /// to set `view` to your own.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once the view is loaded.
    open func viewDidLoad() {}

    // MARK: Appearance and layout

    /// Called before the view is added to a window's tree (or covers it, presented).
    open func viewWillAppear(_ animated: Bool) {}
    /// Called once the view is on screen: after the presentation's transition ends.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen (dismissed, or covered full screen).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called once the view has left the screen.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    /// Called after the view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Called before the view controller is added to (or removed from, nil) a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the view controller is added to (or removed from, nil) a parent.
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Containment (see UIViewController+Containment.swift)

    var childControllers: [UIViewController] = []
    weak var parentController: UIViewController?

    // MARK: Presentation (see UIViewController+Presentation.swift)

    /// The view controller this one presents, from the start of the presentation until
    /// its dismissal ends (or the presentation is cancelled).
    public internal(set) var presentedViewController: UIViewController?
    /// The view controller that presents this one.
    public internal(set) weak var presentingViewController: UIViewController?
    /// How the view controller covers the screen when presented; `.fullScreen` by default
    /// (UIKit's `.automatic` page sheet is not there).
    public var modalPresentationStyle: UIModalPresentationStyle = .fullScreen
    /// Supplies custom animators and interaction controllers; kept weakly, as UIKit does.
    public weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// True while the view controller is being presented (until the transition ends).
    public internal(set) var isBeingPresented = false
    /// True while the view controller is being dismissed (until the transition ends).
    public internal(set) var isBeingDismissed = false

    /// On a presented view controller: the container its view sits in.
    var presentationContainer: UIView?
    /// On a presented view controller: where the presenting view was before a full-screen
    /// presentation took it out, to put it back on dismissal.
    var presentingViewPlace: (superview: UIView, index: Int)?
}
