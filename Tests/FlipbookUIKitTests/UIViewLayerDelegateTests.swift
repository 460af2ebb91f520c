import FlipbookUIKit
import Testing

/// TX5: a view is its layer's delegate and answers null outside animation blocks.
@MainActor
@Suite struct UIViewLayerDelegateTests {
    @Test func viewBackedLayerChangesAreImmediate_TX5() {
        let runLoop = VirtualRunLoop()
        let window = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        let standalone = CALayer()
        window.layer.addSublayer(standalone)
        runLoop.rootLayers = [window.layer]
        runLoop.performTurn {}

        runLoop.performTurn {
            view.layer.opacity = 0
            view.alpha = 0.5
            standalone.opacity = 0
        }
        runLoop.advance(to: 0.1)

        #expect(view.layer.delegate === view)
        #expect(view.layer.action(forKey: "opacity") == nil)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.layer.presentation()?.opacity == 0.5)
        #expect(standalone.animationKeys() == ["opacity"], "the same change on a standalone layer animates (TX1)")
    }
}
