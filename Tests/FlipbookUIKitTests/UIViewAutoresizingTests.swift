import FlipbookUIKit
import Testing

/// Springs and struts: a bounds size change resizes subviews by their autoresizingMask.
@MainActor
@Suite struct UIViewAutoresizingTests {
    private func resized(_ mask: UIView.AutoresizingMask, frame: CGRect,
                         from old: CGSize = CGSize(width: 100, height: 100),
                         to new: CGSize = CGSize(width: 200, height: 150)) -> CGRect {
        let superview = UIView(frame: CGRect(origin: .zero, size: old))
        let view = UIView(frame: frame)
        view.autoresizingMask = mask
        superview.addSubview(view)
        superview.bounds.size = new
        return view.frame
    }

    @Test func fixedMarginsAndSizeStayWithoutAMask() {
        #expect(resized([], frame: CGRect(x: 10, y: 10, width: 30, height: 30)) == CGRect(x: 10, y: 10, width: 30, height: 30))
    }

    @Test func flexibleMarginsShareTheChangeInProportionToTheirLengths() {
        let frame = resized([.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin],
                            frame: CGRect(x: 10, y: 20, width: 50, height: 30))

        // Horizontal margins 10 and 40 share +100 as 20 and 80; the top margin takes all +50.
        #expect(frame == CGRect(x: 30, y: 70, width: 50, height: 30))
    }

    @Test func flexibleSizeAndMarginShareByLengthAndAFixedViewDoesNotMove() {
        let frame = resized([.flexibleWidth, .flexibleBottomMargin, .flexibleHeight],
                            frame: CGRect(x: 0, y: 0, width: 100, height: 40))

        // Width is the only flexible part across (+100); down, height 40 and margin 60 share +50.
        #expect(frame == CGRect(x: 0, y: 0, width: 200, height: 60))
    }

    @Test func autoresizesSubviewsFalseLeavesSubviewsAlone() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        superview.autoresizesSubviews = false
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        superview.addSubview(view)

        superview.frame.size = CGSize(width: 50, height: 50)

        #expect(view.frame.size == CGSize(width: 100, height: 100))
    }
}
