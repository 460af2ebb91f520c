import FlipbookUIKit
import Testing

/// UIView layout goes through its layer: `layoutSubviews` runs when the layer is laid out.
@MainActor
@Suite struct UIViewLayoutTests {
    /// Keeps its one subview inset by 10 points on every side, and counts its layouts.
    final class InsetView: UIView {
        let content = UIView()
        private(set) var layoutCount = 0

        override func layoutSubviews() {
            layoutCount += 1
            content.frame = bounds.insetBy(dx: 10, dy: 10)
        }
    }

    private func shown(_ view: UIView) -> VirtualRunLoop {
        let runLoop = VirtualRunLoop()
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        runLoop.rootLayers = [window.layer]
        runLoop.performTurn {}
        return runLoop
    }

    @Test func layoutSubviewsRunsWhenTheViewIsFirstShownAndAfterASizeChange() {
        let view = InsetView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.addSubview(view.content)
        let runLoop = shown(view)
        let first = view.content.frame

        runLoop.performTurn { view.frame = CGRect(x: 20, y: 20, width: 200, height: 60) }

        #expect(first == CGRect(x: 10, y: 10, width: 80, height: 40))
        #expect(view.content.frame == CGRect(x: 10, y: 10, width: 180, height: 40))
        #expect(view.layoutCount == 2)
    }

    @Test func movingAViewDoesNotLayItOut() {
        let view = InsetView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.addSubview(view.content)
        let runLoop = shown(view)

        runLoop.performTurn { view.center = CGPoint(x: 200, y: 200) }

        #expect(view.layoutCount == 1)
    }

    @Test func setNeedsLayoutWaitsForTheTurnsEndAndLayoutIfNeededDoesNot() {
        let view = InsetView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.addSubview(view.content)
        let runLoop = shown(view)
        var counts: [Int] = []

        runLoop.performTurn {
            view.setNeedsLayout()
            counts.append(view.layoutCount)
            view.layoutIfNeeded()
            counts.append(view.layoutCount)
        }

        #expect(counts == [1, 2])
        #expect(view.layoutCount == 2)
    }

    @Test func aViewIsItsLayersLayoutDelegate() {
        let view = InsetView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))

        view.layer.layoutSublayers()

        #expect(view.layoutCount == 1)
    }
}
