import FlipbookUIKit
import Testing

/// A transitioning delegate's `UIViewControllerAnimatedTransitioning` drives presentation
/// and dismissal (VC2): seed 004's slide in from the right.
@MainActor
@Suite struct UIViewControllerCustomTransitionTests {
    @Test func theNewViewSlidesInFromTheRightAsTheOldSlidesOutLeft_VC2() {
        let s = PresentationStage()
        let animator = SlideInFromRightAnimator()
        let delegate = TransitionDelegate(animator)
        s.second.transitioningDelegate = delegate
        s.delegates.all.append(delegate)

        s.stage.turn { s.root.present(s.second, animated: true) }
        let start = (s.x(s.secondView), s.x(s.home))
        s.stage.advance(to: 0.25)
        let quarter = (s.x(s.secondView), s.x(s.home))
        s.stage.advance(to: 0.5)
        let end = (s.x(s.secondView), s.x(s.home))

        #expect(start == (600, 200))
        #expect(close(quarter.0, 400) && close(quarter.1, 0))
        #expect(end == (200, -200))
        #expect(animator.cancelledAtCompletion == false && animator.ended == true)
        #expect(s.home.superview == nil, "full screen: the presenting view leaves the window")
        #expect(s.window.subviews.count == 1 && s.window.subviews[0].subviews.first === s.secondView)
        #expect(s.secondView.frame == s.window.bounds)
    }

    @Test func theContextNamesTheViewControllersViewsAndFrames_VC2() {
        let s = PresentationStage()
        let spy = ContextSpy()
        for (object, name) in [(s.root, "root"), (s.second, "second"), (s.home, "home"), (s.secondView, "second's view"),
                               (s.window, "the window")] as [(AnyObject, String)] {
            spy.names[ObjectIdentifier(object)] = name
        }
        let delegate = TransitionDelegate(spy)
        s.second.transitioningDelegate = delegate
        s.delegates.all.append(delegate)

        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 1)
        s.stage.turn { s.second.dismiss(animated: true) }
        s.stage.advance(to: 2)

        #expect(spy.seen == [
            "present from root to second, views home → second's view, container 400×300 in the window, "
                + "initial (0, 0, 400, 300) / (0, 0, 0, 0), final (0, 0, 400, 300) / (0, 0, 400, 300), animated",
            "dismiss from second to root, views second's view → home, container 400×300 in the window, "
                + "initial (0, 0, 400, 300) / (0, 0, 400, 300), final (0, 0, 0, 0) / (0, 0, 400, 300), animated",
        ])
        #expect(s.home.superview === s.window && s.secondView.superview == nil)
    }

    @Test func withTheCustomStyleThePresentingViewStaysWhereTheAnimatorLeftIt_VC2() {
        let s = PresentationStage()
        let delegate = TransitionDelegate(SlideInFromRightAnimator())
        s.second.transitioningDelegate = delegate
        s.delegates.all.append(delegate)
        s.second.modalPresentationStyle = .custom

        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 1)

        #expect(s.home.superview === s.window && s.home.frame.minX == -400)
    }
}

/// An animator that notes what its context says, then completes at once.
@MainActor
private final class ContextSpy: UIViewControllerAnimatedTransitioning {
    var names: [ObjectIdentifier: String] = [:]
    var seen: [String] = []

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let from = context.viewController(forKey: .from)!, to = context.viewController(forKey: .to)!
        func name(_ object: AnyObject?) -> String { object.map { names[ObjectIdentifier($0)] ?? "?" } ?? "nil" }
        func rect(_ r: CGRect) -> String { "(\(Int(r.minX)), \(Int(r.minY)), \(Int(r.width)), \(Int(r.height)))" }
        let container = context.containerView
        seen.append("\(to.isBeingPresented ? "present" : "dismiss") from \(name(from)) to \(name(to)), "
            + "views \(name(context.view(forKey: .from))) → \(name(context.view(forKey: .to))), "
            + "container \(Int(container.bounds.width))×\(Int(container.bounds.height)) in \(name(container.superview)), "
            + "initial \(rect(context.initialFrame(for: from))) / \(rect(context.initialFrame(for: to))), "
            + "final \(rect(context.finalFrame(for: from))) / \(rect(context.finalFrame(for: to))), "
            + (context.isAnimated ? "animated" : "not animated"))
        if to.isBeingPresented { container.addSubview(to.view) }
        context.completeTransition(true)
    }
}
