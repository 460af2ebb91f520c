import FlipbookQuartz
import Foundation
import Testing

/// CA1, CA2, CA3, T3: basic and spring animations through CALayer.add, read from the presentation.
@MainActor
@Suite struct CABasicAnimationTests {
    private func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                       duration: Double = 1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        (animation.fromValue, animation.toValue, animation.byValue) = (from, to, by)
        animation.duration = duration
        return animation
    }

    @Test func fromToIsLinearWithoutATimingFunction_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn { layer.add(basic("position.x", from: 0.0, to: 100.0), forKey: "x") }
        stage.advance(to: 0.25)

        #expect(abs(stage.number(layer, "position.x") - 25) < 1e-9)
        #expect(layer.position.x == 50, "the model does not change (CA3)")
    }

    @Test func documentedValueCombinations_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        layer.opacity = 0.5
        let cases: [(CABasicAnimation, Double)] = [
            (basic("opacity", from: 0.2, by: 0.4), 0.4),   // 0.2 → 0.6
            (basic("opacity", to: 1.0, by: 0.4), 0.8),     // 0.6 → 1.0
            (basic("opacity", from: 0.0), 0.25),           // 0 → model 0.5
            (basic("opacity", to: 1.0), 0.75),             // presentation 0.5 → 1
            (basic("opacity", by: 0.5), 0.75),             // 0.5 → 1.0
        ]

        for (index, (animation, expected)) in cases.enumerated() {
            let start = Double(index) * 2
            stage.advance(to: start)
            stage.turn { layer.add(animation, forKey: "o") }
            stage.advance(to: start + 0.5)
            #expect(abs(stage.number(layer, "opacity") - expected) < 1e-6, "case \(index + 1)")
        }
    }

    @Test func additiveAnimationAddsToTheModel_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        layer.position = CGPoint(x: 200, y: 100)
        let animation = basic("position", from: CGPoint(x: -100, y: 0), to: CGPoint.zero)
        animation.isAdditive = true

        stage.turn { layer.add(animation, forKey: nil) }
        stage.advance(to: 0.5)

        #expect(stage.presented(layer, "position") == .point(CGPoint(x: 150, y: 100)))
    }

    @Test func additiveAnimationWithoutValuesAddsNothing_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = basic("position.x")
        animation.isAdditive = true

        stage.turn { layer.add(animation, forKey: nil) }
        stage.advance(to: 0.5)

        #expect(stage.number(layer, "position.x") == 50)
    }

    @Test func cumulativeRepeatsBuildOnTheLastCycle_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = basic("cornerRadius", from: 10.0, to: 20.0)
        animation.repeatCount = 3
        animation.isCumulative = true

        stage.turn { layer.add(animation, forKey: "r") }
        stage.advance(to: 1.5)

        #expect(abs(stage.number(layer, "cornerRadius") - 35) < 1e-9, "FACTS §3: 35 at 1.5 s")
    }

    @Test func keyPathsReachIntoStructsAndTransforms_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer()
        layer.transform = CATransform3DMakeTranslation(7, 0, 0)

        stage.turn {
            layer.add(basic("bounds.size.width", from: 100.0, to: 200.0), forKey: "w")
            layer.add(basic("transform.scale", from: 1.0, to: 3.0), forKey: "s")
            layer.add(basic("backgroundColor", from: CGColor.black, to: CGColor.white), forKey: "c")
        }
        stage.advance(to: 0.5)

        #expect(stage.presented(layer, "bounds") == .rect(CGRect(x: 0, y: 0, width: 150, height: 100)))
        let transform = layer.presentation()!.transform
        #expect(abs(transform.m11 - 2) < 1e-9 && abs(transform.m22 - 2) < 1e-9)
        #expect(abs(transform.m41 - 7) < 1e-9, "the model's translation stays")
        #expect(stage.presented(layer, "backgroundColor") == .color(CGColor(gray: 0.5, alpha: 1)))
    }

    @Test func everyListedKeyPathResolves_CA1() {
        let paths = CALayer.animatableKeyPaths

        #expect(paths.contains("bounds.size.width") && paths.contains("transform.rotation.z"))
        #expect(paths.filter { CALayer.animatableKind(forKeyPath: $0) == nil }.isEmpty)
    }

    @Test func rotationZFromZeroToTwoPiTurnsAFullCircle_CA2() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn { layer.add(basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi), forKey: "spin") }
        var angles: [Double] = []
        for t in [0.25, 0.5, 0.75] {
            stage.advance(to: t)
            let m = layer.presentation()!.transform
            angles.append(atan2(m.m12, m.m11))
        }

        #expect(abs(angles[0] - .pi / 2) < 1e-9)
        #expect(abs(abs(angles[1]) - .pi) < 1e-9)
        #expect(abs(angles[2] + .pi / 2) < 1e-9, "three quarters of a turn, not back the short way")
    }

    @Test func valueFunctionTurnsNumbersIntoATransform_CA2() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = basic("transform", from: 0.0, to: 2 * Double.pi)
        animation.valueFunction = CAValueFunction(name: .rotateZ)

        stage.turn { layer.add(animation, forKey: "spin") }
        stage.advance(to: 0.75)

        let m = layer.presentation()!.transform
        #expect(abs(atan2(m.m12, m.m11) + .pi / 2) < 1e-9)
    }

    @Test func transformMatrixAnimationInterpolatesByDecomposition_CA2() {
        let stage = Stage()
        let layer = stage.committedLayer()

        stage.turn {
            layer.add(basic("transform", from: CATransform3D.identity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                      forKey: "t")
        }
        stage.advance(to: 0.5)

        let m = layer.presentation()!.transform
        #expect(abs(atan2(m.m12, m.m11) - .pi / 4) < 1e-9)
        let length = Double(m.m11 * m.m11 + m.m12 * m.m12)
        #expect(abs(length - 1) < 1e-9, "a rotation, not a shrunken average of matrices")
    }

    @Test func presentationReturnsToTheModelAfterTheAnimation_CA3() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let held = basic("opacity", from: 1.0, to: 0.0)
        held.isRemovedOnCompletion = false
        held.fillMode = .forwards

        stage.turn {
            layer.add(basic("cornerRadius", from: 0.0, to: 10.0), forKey: "snap")
            layer.add(held, forKey: "hold")
        }
        stage.advance(to: 2)

        #expect(stage.number(layer, "cornerRadius") == 0)
        #expect(stage.number(layer, "opacity") == 0, "fill forwards keeps the final value")
        #expect(layer.animationKeys() == ["hold"])
        #expect(layer.opacity == 1)
    }

    @Test func nilFromValueIsThePresentationValueWhenAdded_CA3() {
        let stage = Stage()
        let layer = stage.committedLayer()
        stage.turn { layer.add(basic("position.x", from: 0.0, to: 100.0), forKey: "x") }
        stage.advance(to: 0.5)

        stage.turn { layer.add(basic("position.x", to: 0.0), forKey: "x") }
        stage.advance(to: 1.0)

        #expect(abs(stage.number(layer, "position.x") - 25) < 1e-9, "from 50 (shown at 0.5) to 0, half-way")
    }

    @Test func springAnimationFollowsTheOscillatorAndIsCutByDuration_T3() {
        let stage = Stage()
        let layer = stage.committedLayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        (spring.fromValue, spring.toValue, spring.duration) = (0.0, 100.0, 0.5)

        stage.turn { layer.add(spring, forKey: "s") }
        stage.advance(to: 0.25)
        let quarter = stage.number(layer, "position.x")
        stage.advance(to: 0.5)

        #expect(abs(quarter - 102.336) < 1e-3, "FACTS §2: default spring x(0.25) = 1.02336")
        #expect(abs(spring.settlingDuration - 1.4727) < 1e-3)
        #expect(stage.number(layer, "position.x") == 50, "duration 0.5 ends it before it settles")
    }

    @Test func aCopyResolvesItsKeyPathAgainOnALayerOfAnotherClass_CA1() throws {
        let stage = Stage()
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.root.addSublayer(shape)
        stage.turn {}
        let animation = basic("strokeEnd", from: 0.0, to: 1.0)
        try animation.validate(for: shape)

        let copy = animation.copy()
        stage.turn { shape.add(copy, forKey: "stroke") }
        stage.advance(to: 0.25)

        // The copy keeps the key path resolved on CAShapeLayer, which a plain layer has not.
        #expect(throws: CAAnimationError.self) { try copy.validate(for: CALayer()) }
        #expect(abs(stage.number(shape, "strokeEnd") - 0.25) < 1e-9)
    }
}
