import FlipbookUIKit
import Foundation
import Testing

/// A stack view lays its arranged views out along its axis, and hiding one inside an
/// animation block collapses it smoothly as on iOS (V1: a layout change in a block animates).
@MainActor
@Suite struct UIStackViewTests {
    /// A vertical stack 100 × 300 of three 100 × 40 views, 10 apart, committed.
    private func column(_ stage: ViewStage) -> (UIStackView, [UIView]) {
        let views = (0..<3).map { _ in UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 40)) }
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 300)
        stack.axis = .vertical
        stack.spacing = 10
        stage.window.addSubview(stack)
        stage.turn {}
        return (stack, views)
    }

    @Test func arrangedViewsAreStackedAlongTheAxisSpacingApart() {
        let stage = ViewStage()
        let (stack, views) = column(stage)

        #expect(views.map(\.frame) == [CGRect(x: 0, y: 0, width: 100, height: 40),
                                       CGRect(x: 0, y: 50, width: 100, height: 40),
                                       CGRect(x: 0, y: 100, width: 100, height: 40)], "alignment .fill takes the width")
        #expect(stack.arrangedSubviews.count == 3 && stack.subviews.count == 3)
    }

    @Test func distributionsAndAlignmentsPlaceViewsAsUIKitDoes() {
        let stage = ViewStage()
        let (stack, views) = column(stage)

        stage.turn {
            stack.distribution = .fillEqually
            stack.alignment = .center
        }
        let equal = views.map(\.frame)
        stage.turn {
            stack.distribution = .equalSpacing
            stack.alignment = .trailing
        }
        let spaced = views.map(\.frame)

        let third: CGFloat = 280 / 3
        #expect(equal.allSatisfy { $0.minX == 25 && $0.width == 50 && abs($0.height - third) < 1e-9 },
                "(300 − 2 × 10) / 3 each, centred across")
        #expect(zip(equal.map(\.minY), [0, third + 10, 2 * (third + 10)]).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(spaced.map(\.minY) == [0, 130, 260], "(300 − 120) / 2 between views")
        #expect(spaced.allSatisfy { $0.minX == 50 && $0.height == 40 })
    }

    @Test func hidingAnArrangedViewInABlockCollapsesItThenHidesIt() {
        let stage = ViewStage()
        let (_, views) = column(stage)

        stage.turn { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { views[1].isHidden = true } }
        let hiddenAtOnce = views[1].isHidden, shownWhileCollapsing = !views[1].layer.isHidden
        stage.advance(to: 0.5)
        let halfHeight = stage.size(views[1]).height, halfY = stage.position(views[2]).y
        stage.advance(to: 1.1)

        #expect(hiddenAtOnce && shownWhileCollapsing, "isHidden says true at once; the view still shows")
        #expect(abs(halfHeight - 20) < 1e-9, "half-way from 40 to 0")
        #expect(abs(halfY - (100 + 20 - 25)) < 1e-9, "the view after it slides up by half of 50")
        #expect(views[1].layer.isHidden, "hidden once collapsed")
        #expect(views[2].frame.minY == 50)
    }

    @Test func showingItAgainGrowsItFromNothing() {
        let stage = ViewStage()
        let (_, views) = column(stage)
        stage.turn { views[0].isHidden = true }
        let collapsed = views.map(\.frame.minY)

        stage.turn { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { views[0].isHidden = false } }
        let shownAtOnce = !views[0].layer.isHidden
        stage.advance(to: 0.5)

        #expect(collapsed == [0, 0, 50], "a hidden view takes no room and no spacing")
        #expect(shownAtOnce)
        #expect(abs(stage.size(views[0]).height - 20) < 1e-9)
        #expect(abs(stage.position(views[1]).y - (25 + 20)) < 1e-9, "half-way from 0 + 20 to 50 + 20")
    }

    @Test func removingAnArrangedViewFromItsSuperviewUnarrangesIt() {
        let stage = ViewStage()
        let (stack, views) = column(stage)

        stage.turn {
            views[0].removeFromSuperview()
            stack.removeArrangedSubview(views[1])
        }

        #expect(stack.arrangedSubviews.map(ObjectIdentifier.init) == [ObjectIdentifier(views[2])])
        #expect(views[1].superview === stack, "still a subview")
        #expect(views[2].frame.minY == 0)
    }

    @Test func hidingInAPropertyAnimatorHidesAtOnceWhileTheOthersSlide() {
        let stage = ViewStage()
        let (_, views) = column(stage)

        stage.turn {
            UIViewPropertyAnimator(duration: 1, curve: .linear) { views[0].isHidden = true }.startAnimation()
        }
        let hiddenAtOnce = views[0].layer.isHidden
        stage.advance(to: 0.5)

        #expect(hiddenAtOnce, "an animator's block has no completion to wait for")
        #expect(abs(stage.position(views[1]).y - (50 + 20 - 25)) < 1e-9, "the next view slides up all the same")
    }
}
