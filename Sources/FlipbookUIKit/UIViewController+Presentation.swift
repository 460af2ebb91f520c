import Foundation

/// Presenting and dismissing view controllers (VC1–VC3).
///
/// A presentation adds a container view (UIKit's `UITransitionView`, clipping, as big as
/// the window) on top of the window — the root of the presenting view's tree — and runs
/// an animator in it: the transitioning delegate's, else UIKit's standard one, which
/// slides the presented view up from below the bottom edge (cover vertical). When the
/// transition completes, a `.fullScreen` presentation takes the presenting view out of
/// the hierarchy; a dismissal puts it back where it was, slides the presented view down
/// and removes it with the container. One transition runs at a time; a call UIKit would
/// refuse (it logs a warning and does nothing) does nothing: `checkPresent(_:)` and
/// `checkDismiss()` say beforehand why.
extension UIViewController {
    /// Why UIKit would refuse to present `viewControllerToPresent` from this view
    /// controller now, or nil when it would present it.
    public func checkPresent(_ viewControllerToPresent: UIViewController) -> UIViewAnimationError? {
        if viewControllerToPresent === self { return UIViewAnimationError("a view controller cannot present itself") }
        if UIViewControllerTransitionState.current.running != nil {
            return UIViewAnimationError("another presentation or dismissal is in progress")
        }
        if presentedViewController != nil {
            return UIViewAnimationError("the view controller is already presenting one; dismiss that first")
        }
        if viewControllerToPresent.presentingViewController != nil {
            return UIViewAnimationError("the view controller to present is already presented")
        }
        if let presentedView = viewControllerToPresent.viewIfLoaded, view.isDescendant(of: presentedView) {
            return UIViewAnimationError("the view controller to present holds the presenting view")
        }
        return nil
    }

    /// Presents `viewControllerToPresent` over the window (VC1, VC2, VC3).
    ///
    /// With `flag` the transitioning delegate's animator runs (driven by its interaction
    /// controller, if it gives one), else UIKit's standard slide up: 0.5 s with the
    /// ease-in-ease-out curve (Flipbook's choice; UIKit's timing is private). Without
    /// `flag` the view appears at once. `completion` runs once the transition completes,
    /// in a new turn at that virtual time; not when an interaction cancels it. A view
    /// that was never sized (a zero frame, as `loadView()` makes) gets the window's bounds.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                        completion: (@MainActor () -> Void)? = nil) {
        guard checkPresent(viewControllerToPresent) == nil else { return }
        let presented = viewControllerToPresent
        let presentingView: UIView = view
        let window = presentingView.windowRoot
        let container = UIView(frame: window.bounds)
        container.clipsToBounds = true
        window.addSubview(container)
        let presentedView: UIView = presented.view
        if presentedView.bounds.size == .zero { presentedView.frame = container.bounds }

        presentedViewController = presented
        presented.presentingViewController = self
        presented.presentationContainer = container
        presented.isBeingPresented = true
        let takesPresentingView = presented.modalPresentationStyle == .fullScreen && presentingView !== window
        let place = presentingView.superview.map { superview in
            (superview, superview.subviews.firstIndex { $0 === presentingView } ?? superview.subviews.count)
        }
        let custom = flag ? presented.transitioningDelegate?.animationController(
            forPresented: presented, presenting: self, source: self) : nil
        let interaction = custom.flatMap { presented.transitioningDelegate?.interactionControllerForPresentation(using: $0) }

        let context = UIViewControllerTransitionContext(
            isPresentation: true, from: self, to: presented, fromView: takesPresentingView ? presentingView : nil,
            toView: presentedView, containerView: container, isAnimated: flag,
            animator: custom ?? (flag ? UIViewControllerCoverVerticalAnimator(presenting: true) : nil)) { [unowned self] completed in
            presented.isBeingPresented = false
            if completed {
                if takesPresentingView, let place {
                    presented.presentingViewPlace = place
                    presentingView.removeFromSuperview()
                }
                presented.viewDidAppear(flag)
                if takesPresentingView { viewDidDisappear(flag) }
                if let completion { VirtualRunLoop.current.schedule(at: CACurrentMediaTime(), completion) }
            } else {
                presented.viewWillDisappear(flag)
                presented.viewDidDisappear(flag)
                if takesPresentingView {
                    viewWillAppear(flag)
                    viewDidAppear(flag)
                }
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                presented.presentationContainer = nil
                presented.presentingViewController = nil
                presentedViewController = nil
            }
        }
        presented.viewWillAppear(flag)
        if takesPresentingView { viewWillDisappear(flag) }
        context.start(interaction: interaction)
    }

    /// Why UIKit would do nothing on `dismiss(animated:completion:)` now, or nil when it
    /// would dismiss.
    public func checkDismiss() -> UIViewAnimationError? {
        if UIViewControllerTransitionState.current.running != nil {
            return UIViewAnimationError("another presentation or dismissal is in progress")
        }
        if presentedViewController == nil && presentingViewController == nil {
            return UIViewAnimationError("the view controller neither presents nor is presented")
        }
        if presentingViewPlaceIsInside {
            return UIViewAnimationError("a presenting view's old superview is now inside it, so the view cannot go back")
        }
        return nil
    }

    /// Whether a presentation this dismissal ends took its presenting view out of a
    /// superview that has since been put inside that view: putting it back would add a
    /// view inside itself.
    private var presentingViewPlaceIsInside: Bool {
        var presented: UIViewController? = presentedViewController ?? self
        while let current = presented {
            if let (superview, _) = current.presentingViewPlace,
               let presentingView = current.presentingViewController?.viewIfLoaded,
               superview.isDescendant(of: presentingView) { return true }
            presented = current.presentedViewController
        }
        return false
    }

    /// Dismisses the view controller this one presents or, when it presents none, this
    /// one (VC1). View controllers presented above the dismissed one go at once.
    ///
    /// With `flag` the dismissed view controller's transitioning delegate's animator runs
    /// (and its interaction controller), else UIKit's standard slide down. A full-screen
    /// presentation's presenting view is back in its place first, under the container.
    /// `completion` runs once the dismissal completes; not when an interaction cancels it
    /// (the presented view controller then stays).
    public func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        guard checkDismiss() == nil else { return }
        if let presented = presentedViewController {
            runDismissal(of: presented, animated: flag, completion: completion)
        } else if let presenter = presentingViewController {
            presenter.runDismissal(of: self, animated: flag, completion: completion)
        }
    }

    private func runDismissal(of presented: UIViewController, animated flag: Bool,
                              completion: (@MainActor () -> Void)?) {
        if let above = presented.presentedViewController { presented.runDismissal(of: above, animated: false, completion: nil) }
        guard let container = presented.presentationContainer else { return }
        let presentingView: UIView = view
        let presentedView: UIView = presented.view
        let window = container.superview ?? presentingView.windowRoot
        presented.isBeingDismissed = true
        let returnsPresentingView = presented.presentingViewPlace != nil
        if let (superview, index) = presented.presentingViewPlace, presentingView.superview == nil,
           !superview.isDescendant(of: presentingView) {
            superview.insertSubview(presentingView, at: index)
        }
        let custom = flag ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
        let interaction = custom.flatMap { presented.transitioningDelegate?.interactionControllerForDismissal(using: $0) }
        let givesPresentingView = presented.modalPresentationStyle == .fullScreen && presentingView !== window

        let context = UIViewControllerTransitionContext(
            isPresentation: false, from: presented, to: self, fromView: presentedView,
            toView: givesPresentingView ? presentingView : nil, containerView: container, isAnimated: flag,
            animator: custom ?? (flag ? UIViewControllerCoverVerticalAnimator(presenting: false) : nil)) { [unowned self] completed in
            presented.isBeingDismissed = false
            if completed {
                presented.viewDidDisappear(flag)
                if givesPresentingView { viewDidAppear(flag) }
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                if let (superview, index) = presented.presentingViewPlace, presentingView.superview !== superview,
                   !superview.isDescendant(of: presentingView) {
                    superview.insertSubview(presentingView, at: index)
                }
                presented.presentingViewPlace = nil
                presented.presentationContainer = nil
                presented.presentingViewController = nil
                presentedViewController = nil
                if let completion { VirtualRunLoop.current.schedule(at: CACurrentMediaTime(), completion) }
            } else {
                presented.viewWillAppear(flag)
                presented.viewDidAppear(flag)
                if givesPresentingView {
                    viewWillDisappear(flag)
                    viewDidDisappear(flag)
                }
                if returnsPresentingView { presentingView.removeFromSuperview() }
            }
        }
        presented.viewWillDisappear(flag)
        if givesPresentingView { viewWillAppear(flag) }
        context.start(interaction: interaction)
    }
}

extension UIView {
    /// The root of the view's tree: the window a presentation covers.
    var windowRoot: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }
}
