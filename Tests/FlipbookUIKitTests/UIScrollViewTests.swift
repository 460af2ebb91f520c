import FlipbookUIKit
import Foundation
import Testing

/// A scroll view's `contentOffset` is its `bounds.origin`, as in UIKit, so content moves
/// the other way, and an animated change animates the bounds (V1).
@MainActor
@Suite struct UIScrollViewTests {
    final class ScrollLog: UIScrollViewDelegate {
        var entries: [String] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) { entries.append("scroll \(scrollView.contentOffset.y)") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { entries.append("end@\(CACurrentMediaTime())") }
    }

    private func scrollView(_ stage: ViewStage) -> (UIScrollView, UIView) {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 400)
        let row = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 20))
        scroll.addSubview(row)
        stage.window.addSubview(scroll)
        stage.turn {}
        return (scroll, row)
    }

    @Test func theContentOffsetIsTheBoundsOrigin() {
        let stage = ViewStage()
        let (scroll, row) = scrollView(stage)

        stage.turn { scroll.contentOffset = CGPoint(x: 0, y: 150) }

        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 150))
        #expect(row.frame.minY == 200, "the content stays where it is in the scroll view")
        #expect(scroll.clipsToBounds, "a scroll view clips by default")
    }

    @Test func anAnimatedOffsetEasesThereIn0_3sAndTellsTheDelegate_V1() {
        let stage = ViewStage(), log = ScrollLog()
        let (scroll, _) = scrollView(stage)
        scroll.delegate = log

        stage.turn { scroll.setContentOffset(CGPoint(x: 0, y: 200), animated: true) }
        stage.advance(to: 0.15)
        let half = stage.presented(scroll, "bounds")
        stage.advance(to: 0.5)

        #expect(half == .rect(CGRect(x: 0, y: 100, width: 100, height: 100)), "ease-in-out is half-way at half time")
        #expect(log.entries == ["scroll 200.0", "end@0.3"])
        #expect(scroll.contentOffset.y == 200)
    }

    @Test func contentInsetIsTheAdjustedInsetAndScrollingToARectStopsAtIt() {
        final class InsetWatcher: UIScrollView {
            var changes = 0
            override func adjustedContentInsetDidChange() { changes += 1 }
        }
        let stage = ViewStage()
        let scroll = InsetWatcher(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroll.contentSize = CGSize(width: 100, height: 400)
        stage.window.addSubview(scroll)

        stage.turn {
            scroll.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 20, right: 0)
            scroll.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 20, right: 0)
        }
        stage.turn { scroll.scrollRectToVisible(CGRect(x: 0, y: -100, width: 10, height: 10), animated: false) }
        let top = scroll.contentOffset
        stage.turn { scroll.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 10), animated: false) }

        #expect(scroll.adjustedContentInset == UIEdgeInsets(top: 30, left: 0, bottom: 20, right: 0))
        #expect(scroll.changes == 1, "told once, for the one change")
        #expect(top == CGPoint(x: 0, y: -30), "no higher than the top inset")
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 320), "no lower than 400 + 20 − 100")
    }

    @Test func settingTheOffsetIsNotLimitedAsOnIOS() {
        let stage = ViewStage()
        let (scroll, _) = scrollView(stage)

        stage.turn { scroll.contentOffset = CGPoint(x: 0, y: -60) }

        #expect(scroll.contentOffset == CGPoint(x: 0, y: -60), "pull-to-refresh shows the room above the content")
    }
}
