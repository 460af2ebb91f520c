import FlipbookUIKit
import Testing

/// G1: a view's geometry and appearance are views onto its layer's properties.
@MainActor
@Suite struct UIViewLayerTests {
    @Test func testViewPropertiesAreLayerProperties_G1() {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))

        view.center = CGPoint(x: 10, y: 20)
        view.alpha = 0.25
        view.backgroundColor = .systemBlue
        view.clipsToBounds = true
        view.isHidden = true

        #expect(view.layer.position == CGPoint(x: 10, y: 20))
        #expect(view.layer.opacity == 0.25)
        #expect(view.layer.backgroundColor == UIColor.systemBlue.cgColor)
        #expect(view.layer.masksToBounds)
        #expect(view.layer.isHidden)
    }

    @Test func testLayerChangesShowThroughTheView_G1() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))

        view.layer.position = CGPoint(x: 100, y: 60)
        view.layer.opacity = 0.5
        view.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)

        #expect(view.center == CGPoint(x: 100, y: 60))
        #expect(view.alpha == 0.5)
        #expect(abs((view.transform.b) - (1)) <= 1e-12)
        #expect(abs((view.transform.c) - (-1)) <= 1e-12)
    }

    @Test func testFrameGetterIsBoundingBoxOfTransformedBounds_G2() {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))

        view.transform = CGAffineTransform(rotationAngle: .pi / 2)

        #expect(abs((view.frame.minX) - (100)) <= 1e-9)
        #expect(abs((view.frame.minY) - (0)) <= 1e-9)
        #expect(abs((view.frame.width) - (100)) <= 1e-9)
        #expect(abs((view.frame.height) - (200)) <= 1e-9)
        #expect(view.center == CGPoint(x: 150, y: 100))
    }

    @Test func testFrameSetterKeepsBoundsOriginAndHonoursAnchorPoint_G2() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 7, width: 10, height: 10)
        layer.anchorPoint = CGPoint(x: 0, y: 1)

        layer.frame = CGRect(x: 20, y: 30, width: 40, height: 50)

        #expect(layer.bounds == CGRect(x: 5, y: 7, width: 40, height: 50))
        #expect(layer.position == CGPoint(x: 20, y: 80))
    }

    /// G3 (S000): while a transform is set, `frame` is not meaningful; setting the frame
    /// shown on screen and then the identity does not restore the original, the other
    /// order does.
    @Test func testFrameSetWhileTransformedDoesNotRestoreAfterIdentity_G3() {
        let original = CGRect(x: 50, y: 50, width: 200, height: 100)
        let first = UIView(frame: original)
        let second = UIView(frame: original)
        first.transform = CGAffineTransform(rotationAngle: .pi / 2)
        second.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let onScreen = first.frame

        first.frame = onScreen
        first.transform = .identity
        second.transform = .identity
        second.frame = original

        #expect(abs((first.frame.width) - (100)) <= 1e-9)
        #expect(abs((first.frame.height) - (200)) <= 1e-9)
        #expect(first.frame != original)
        #expect(second.frame == original)
    }

    @Test func testSubviewsOrderTheirLayers() {
        let parent = UIView(), a = UIView(), b = UIView(), c = UIView()

        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        parent.bringSubviewToFront(c)
        b.removeFromSuperview()

        #expect(parent.subviews.elementsEqual([a, c], by: ===))
        #expect((parent.layer.sublayers ?? []).elementsEqual([a.layer, c.layer], by: ===))
        #expect(b.superview == nil)
        #expect(b.layer.superlayer == nil)
    }
}
