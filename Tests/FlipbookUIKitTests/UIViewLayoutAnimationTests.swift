import FlipbookUIKit
import Testing

/// The layoutSubviews option (V11, S000's RCCustomView).
@MainActor
@Suite struct UIViewLayoutAnimationTests {
    /// S000's custom view: a plain view on the left, a label on the right, each half as
    /// wide as the view minus 7.5 and as high minus 10.
    final class SplitView: UIView {
        let left = UIView()
        let right = UILabel()

        override init(frame: CGRect) {
            super.init(frame: frame)
            right.text = "custom"
            addSubview(left)
            addSubview(right)
        }

        override func layoutSubviews() {
            left.frame = CGRect(x: 5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
            right.frame = CGRect(x: bounds.midX + 2.5, y: 5, width: bounds.width * 0.5 - 7.5, height: bounds.height - 10)
        }
    }

    /// The left and right subviews' presentation sizes and the left one's centre half-way
    /// through a 1 s linear resize of the split view from 150×50 to 100×120.
    private func halfway(_ options: UIView.AnimationOptions)
        -> (left: CGSize, leftCenter: CGPoint, right: CGSize, rightCenter: CGPoint) {
        let stage = ViewStage()
        let split = SplitView(frame: CGRect(x: 20, y: 20, width: 150, height: 50))
        stage.turn { stage.window.addSubview(split) }
        stage.turn {
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: {
                split.frame = CGRect(x: 200, y: 70, width: 100, height: 120)
            })
        }
        stage.advance(to: 0.5)
        return (stage.size(split.left), stage.position(split.left), stage.size(split.right), stage.position(split.right))
    }

    @Test func withTheOptionSubviewsKeepTheirRelationEveryFrame_V11() {
        let view = halfway(.layoutSubviews)

        // Half-way the split view is 125×85, so the left view is 55×75 at (5, 5).
        #expect(view.left == CGSize(width: 55, height: 75))
        #expect(view.leftCenter == CGPoint(x: 32.5, y: 42.5))
    }

    @Test func aLabelDoesNotKeepItsRelation_V11() {
        let view = halfway(.layoutSubviews)

        #expect(view.right == CGSize(width: 42.5, height: 110), "its size is the final one at once")
        #expect(view.rightCenter == CGPoint(x: 92.5, y: 42.5), "its position animates: from (113.75, 25) to (71.25, 60)")
    }

    @Test func withoutTheOptionSubviewsJumpToTheirFinalLayout_V11() {
        let view = halfway([])

        #expect(view.left == CGSize(width: 42.5, height: 110))
        #expect(view.leftCenter == CGPoint(x: 26.25, y: 60))
    }
}
