import FlipbookUIKit
import Testing

/// A view backed by another layer class (`class var layerClass`, G1): the view's layer is
/// of that class, and inside an animation block the view animates only its own keys (V1)
/// and answers the null action for the layer class's keys, so they change at once (TX5).
@MainActor
@Suite struct UIViewLayerClassTests {
    final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
        var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }
    }

    final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
    }

    /// The iOS idiom for animating a shape view's path with a block: answer for `path`
    /// with an animation of the block's duration, and leave the rest to UIKit.
    final class MorphingView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }

        override func action(for layer: CALayer, forKey event: String) -> CAAction? {
            guard event == "path", UIView.inheritedAnimationDuration > 0 else { return super.action(for: layer, forKey: event) }
            let animation = CABasicAnimation(keyPath: event)
            animation.duration = UIView.inheritedAnimationDuration
            return animation
        }
    }

    @Test func aSubclassOverridingTheDelegateAnswerAnimatesMoreKeysInABlock_TX4_TX5() {
        let stage = ViewStage()
        let view = MorphingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let shape = view.layer as! CAShapeLayer
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        stage.turn { stage.window.addSubview(view) }

        stage.turn {
            UIView.animate(withDuration: 2) { shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil) }
        }
        let inBlock = view.layer.animation(forKey: "path")?.duration
        stage.advance(to: 3)
        stage.turn { shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil) }

        #expect(inBlock == 2)
        #expect(view.layer.animationKeys() == nil, "outside a block super answers null")
    }

    @Test func theViewsLayerIsOfItsLayerClassAndIsDelegatedToTheView_G1() {
        let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))

        #expect(view.layer is CAShapeLayer)
        #expect(view.layer.delegate === view)
        #expect(GradientView().layer is CAGradientLayer)
        #expect(type(of: UIView().layer) == CALayer.self)
    }

    @Test func shapeKeysChangeAtOnceInsideABlockWhileCenterAnimates_V1_TX5() {
        let stage = ViewStage()
        let view = ShapeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.shapeLayer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        view.shapeLayer.strokeEnd = 0
        stage.turn { stage.window.addSubview(view) }

        stage.turn {
            UIView.animate(withDuration: 1) {
                view.shapeLayer.strokeEnd = 1
                view.shapeLayer.strokeStart = 0.2
                view.shapeLayer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
                view.center = CGPoint(x: 200, y: 50)
            }
        }
        stage.advance(to: 0.5)

        #expect(view.layer.animationKeys() == ["position"])
        let shown = view.layer.presentation() as? CAShapeLayer
        #expect(shown?.strokeEnd == 1)
        #expect(shown?.strokeStart == 0.2)
    }

    @Test func gradientColoursChangeAtOnceInsideABlock_V1_TX5() {
        let stage = ViewStage()
        let view = GradientView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.turn { stage.window.addSubview(view) }
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

        stage.turn {
            UIView.animate(withDuration: 1) { (view.layer as? CAGradientLayer)?.colors = [red, blue] }
        }

        #expect(view.layer.animationKeys() == nil)
    }
}
