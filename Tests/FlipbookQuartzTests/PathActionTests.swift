import FlipbookQuartz
import Foundation
import Testing

/// Path properties (`CAShapeLayer.path`, `CALayer.shadowPath`) "do not support implicit
/// animation" (Apple's documentation of both, TX1), yet animate explicitly (CA1) and run
/// an action found in `actions` or from the delegate (TX4).
@MainActor
@Suite struct PathActionTests {
    private let small = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
    private let large = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)

    private func committedShape(_ stage: Stage) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        shape.path = small
        stage.root.addSublayer(shape)
        stage.turn {}
        return shape
    }

    @Test func aStandaloneShapeLayersPathChangesAtOnceWhileItsStrokeEndAnimates_TX1() {
        let stage = Stage()
        let shape = committedShape(stage)

        stage.turn {
            shape.path = large
            shape.strokeEnd = 0.5
        }
        stage.advance(to: 0.1)

        #expect(shape.animationKeys() == ["strokeEnd"])
        #expect((shape.presentation() as? CAShapeLayer)?.path?.boundingBox == large.boundingBox)
    }

    @Test func aStandaloneLayersShadowPathChangesAtOnce_TX1() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn {
            layer.shadowPath = large
            layer.shadowRadius = 9
        }
        stage.advance(to: 0.1)

        #expect(layer.animationKeys() == ["shadowRadius"])
        #expect(layer.presentation()?.shadowPath?.boundingBox == large.boundingBox)
    }

    @Test func noDefaultActionForPathKeys_TX1_TX4() {
        #expect(CAShapeLayer.defaultAction(forKey: "path") == nil)
        #expect(CALayer.defaultAction(forKey: "shadowPath") == nil)
        #expect(CAShapeLayer.defaultAction(forKey: "fillColor") is CABasicAnimation)
    }

    @Test func anActionInTheActionsDictionaryStillAnimatesThePath_TX4() {
        let stage = Stage()
        let shape = committedShape(stage)
        let morph = CABasicAnimation()
        morph.duration = 1
        morph.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.actions = ["path": morph]

        stage.turn { shape.path = large }
        stage.advance(to: 0.5)

        #expect(shape.animationKeys() == ["path"])
        #expect((shape.presentation() as? CAShapeLayer)?.path?.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 40))
    }

    @Test func anExplicitAnimationOfTheShadowPathInterpolates_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        layer.shadowPath = small
        let animation = CABasicAnimation(keyPath: "shadowPath")
        animation.fromValue = small
        animation.toValue = large
        animation.duration = 1

        stage.turn { layer.add(animation, forKey: "grow") }
        stage.advance(to: 0.5)

        #expect(CALayer.animatableKind(forKeyPath: "shadowPath") == .path)
        #expect(layer.presentation()?.shadowPath?.boundingBox == CGRect(x: 0, y: 0, width: 40, height: 40))
    }
}
