import FlipbookUIKit
import Testing

/// `present(_:animated:completion:)` and `dismiss(animated:completion:)` with UIKit's
/// standard cover-vertical slide (VC1), view loading, and the calls UIKit refuses.
@MainActor
@Suite struct UIViewControllerPresentationTests {
    @Test func presentSlidesTheViewUpFromBelowTheWindow_VC1() {
        let s = PresentationStage()
        let log = CompletionLog()

        s.stage.turn { s.root.present(s.second, animated: true) { log.entries.append("presented@\(CACurrentMediaTime())") } }
        let start = s.y(s.secondView)
        s.stage.advance(to: 0.25)
        let halfway = s.y(s.secondView)
        let homeDuring = s.home.superview
        s.stage.advance(to: 0.5)

        #expect(start == 450, "its frame's top at the window's bottom edge (300)")
        #expect(close(halfway, 300), "ease-in-ease-out is half-way at half the time")
        #expect(s.y(s.secondView) == 150)
        #expect(homeDuring === s.window, "the presenting view stays while the presentation runs")
        #expect(s.home.superview == nil, "a full-screen presentation takes the presenting view out when done")
        #expect(s.secondView.superview?.superview === s.window && s.secondView.frame == s.window.bounds)
        #expect(s.root.presentedViewController === s.second && s.second.presentingViewController === s.root)
        #expect(log.entries == ["presented@0.5"])
    }

    @Test func dismissSlidesItBackDownThenRemovesIt_VC1() {
        let s = PresentationStage()
        let log = CompletionLog()
        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 1)

        s.stage.turn { s.second.dismiss(animated: true) { log.entries.append("dismissed@\(CACurrentMediaTime())") } }
        let homeBack = s.home.superview
        s.stage.advance(to: 1.25)
        let halfway = s.y(s.secondView)
        s.stage.advance(to: 2)

        #expect(homeBack === s.window, "the presenting view is back under the sliding view at once")
        #expect(close(halfway, 300))
        #expect(s.secondView.superview == nil)
        #expect(s.window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(s.home)], "the container is gone too")
        #expect(s.root.presentedViewController == nil && s.second.presentingViewController == nil)
        #expect(log.entries == ["dismissed@1.5"])
    }

    @Test func withoutAnimationTheViewIsThereAtOnceAndTheCompletionRunsInTheNextTurn_VC1() {
        let s = PresentationStage()
        let log = CompletionLog()

        s.stage.turn { s.root.present(s.second, animated: false) { log.entries.append("presented@\(CACurrentMediaTime())") } }
        let during = log.entries

        #expect(s.y(s.secondView) == 150)
        #expect(s.home.superview == nil)
        #expect(during.isEmpty)
        s.stage.advance(to: 0)
        #expect(log.entries == ["presented@0.0"])
    }

    @Test func overFullScreenLeavesThePresentingViewInPlace_VC1() {
        let s = PresentationStage()
        s.second.modalPresentationStyle = .overFullScreen

        s.stage.turn { s.root.present(s.second, animated: true) }
        s.stage.advance(to: 1)

        #expect(s.home.superview === s.window)
    }

    @Test func aViewControllerLoadsAPlainViewOnceWhichAPresentationSizesToTheWindow_VC1() {
        let s = PresentationStage()
        let plain = CountingViewController()

        let loadedBefore = plain.isViewLoaded
        s.stage.turn { s.root.present(plain, animated: true) }
        s.stage.advance(to: 1)

        #expect(!loadedBefore && plain.isViewLoaded && plain.loads == 1)
        #expect(plain.view.frame == s.window.bounds)
    }

    @Test func callsUIKitRefusesDoNothingAndSayWhy_VC1() {
        let s = PresentationStage()
        let third = UIViewController()
        s.stage.turn { s.root.present(s.second, animated: true) }

        let whilePresenting = s.root.checkPresent(third)
        s.stage.turn { s.root.present(third, animated: true) }
        s.stage.advance(to: 1)

        #expect(whilePresenting?.message == "another presentation or dismissal is in progress")
        #expect(third.presentingViewController == nil && !third.isViewLoaded)
        #expect(s.root.checkPresent(third)?.message == "the view controller is already presenting one; dismiss that first")
        #expect(s.second.checkPresent(s.second)?.message == "a view controller cannot present itself")
        #expect(third.checkDismiss()?.message == "the view controller neither presents nor is presented")
        #expect(s.second.checkPresent(third) == nil)
    }

    @Test func dismissingFromThePresenterDismissesWhatItPresents_VC1() {
        let s = PresentationStage()
        let third = UIViewController()
        s.stage.turn { s.root.present(s.second, animated: false) }
        s.stage.advance(to: 0.1)
        s.stage.turn { s.second.present(third, animated: false) }
        s.stage.advance(to: 0.2)

        s.stage.turn { s.root.dismiss(animated: true) }
        s.stage.advance(to: 1)

        #expect(third.presentingViewController == nil && s.second.presentingViewController == nil)
        #expect(s.window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(s.home)])
    }
}

/// Counts `loadView` calls.
@MainActor
private final class CountingViewController: UIViewController {
    var loads = 0

    override func loadView() {
        loads += 1
        super.loadView()
    }
}
