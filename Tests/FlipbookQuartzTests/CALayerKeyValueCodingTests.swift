import FlipbookQuartz
import Foundation
import Testing

/// Key-value coding on layers through key paths (G6): a write through a member sets the
/// whole property and runs the whole property's action (TX1, TX4).
@MainActor
@Suite struct CALayerKeyValueCodingTests {
    @Test func keyPathsReadAndWriteMembersOfStructures_G6() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)

        layer.setValue(120, forKeyPath: "position.x")
        layer.setValue(CGFloat(60), forKeyPath: "bounds.size.height")
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        layer.setValue(Float(5), forKeyPath: "shadowOffset.height")

        #expect(layer.position == CGPoint(x: 120, y: 20))
        #expect(layer.bounds.size == CGSize(width: 100, height: 60))
        #expect(abs(layer.transform.m12 - 1) < 1e-12, "a quarter turn: m12 = sin(π/2)")
        #expect(layer.shadowOffset == CGSize(width: 0, height: 5))
        #expect((layer.value(forKeyPath: "position.x") as? NSNumber)?.doubleValue == 120)
        #expect(layer.value(forKeyPath: "position") as? CGPoint == CGPoint(x: 120, y: 20))
        #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 100, height: 60))
    }

    @Test func scaleSetsAllThreeAxesAndNilClearsAColour_G6() {
        let layer = CALayer()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

        layer.setValue(0.5, forKeyPath: "transform.scale")
        layer.setValue(nil, forKey: "backgroundColor")

        #expect(layer.transform == CATransform3DMakeScale(0.5, 0.5, 0.5))
        #expect(layer.backgroundColor == nil)
    }

    @Test func anUnknownKeyPathOrAValueOfAnotherKindChangesNothing() {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 10)

        layer.setValue(5, forKeyPath: "position.q")
        layer.setValue(CGPoint(x: 1, y: 1), forKeyPath: "position.x")

        #expect(layer.position == CGPoint(x: 10, y: 10))
        #expect(layer.value(forKeyPath: "position.q") == nil)
    }

    @Test func aKeyThatNamesNoPropertyKeepsAnyValueAsAContainerDoes() {
        let layer = CALayer()

        layer.setValue("card", forKey: "role")
        layer.setValue(3, forKey: "count")
        let kept = (layer.value(forKey: "role") as? String, layer.value(forKey: "count") as? Int)
        layer.setValue(nil, forKey: "role")

        #expect(kept.0 == "card")
        #expect(kept.1 == 3)
        #expect(layer.value(forKey: "role") == nil)
    }

    @Test func aKeyPathWriteAnimatesTheWholePropertyImplicitly_TX1() {
        let stage = Stage()
        let layer = stage.committedLayer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))

        stage.turn { layer.setValue(250, forKeyPath: "position.x") }

        #expect(layer.animationKeys() == ["position"], "the action of the whole property")
        let animation = layer.animation(forKey: "position") as? CABasicAnimation
        #expect(animation?.keyPath == "position")
        stage.advance(to: 0.25)
        #expect(stage.presented(layer, "position") == .point(CGPoint(x: 250, y: 50)))
    }

    @Test func shapeLayerKeysAnswerByName() {
        let shape = CAShapeLayer()

        shape.setValue(0.25, forKey: "strokeEnd")

        #expect(shape.strokeEnd == 0.25)
        #expect((shape.value(forKey: "lineWidth") as? NSNumber)?.doubleValue == 1)
    }
}
