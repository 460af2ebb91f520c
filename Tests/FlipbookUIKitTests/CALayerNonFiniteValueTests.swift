import FlipbookUIKit
import Testing

/// Values that are not finite numbers (G12): where iOS raises `CALayerInvalidGeometry`,
/// Flipbook keeps the value it had and says so once per property; `addChecked` names a
/// non-finite animation value.
@MainActor
@Suite struct CALayerNonFiniteValueTests {
    /// One test for every refusal: each property warns once in a process, so a second test
    /// setting one would see no warning, depending on the order the tests run in. The
    /// warnings are forgotten first, in the same turn of the main actor: other tests (a
    /// recorder with a canvas of NaN points) refuse values too.
    @Test func nonFiniteGeometryAndSpeedAreIgnoredWithOneWarningPerProperty_G12() throws {
        let stage = ViewStage()
        let view = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let other = stage.view(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let layer = CALayer()
        layer.name = "dial"

        let message = try capturingStandardError {
            CALayer.forgetNonFiniteWarnings()
            stage.turn {
                UIView.animate(withDuration: 1, animations: {
                    view.center = CGPoint(x: CGFloat.nan, y: .infinity)
                }, completion: stage.completion("block"))
                other.center.x = .nan
                view.bounds.size.width = .infinity
                layer.speed = .nan
            }
        }
        stage.advance(to: 0.5)

        let later = "and later non-finite"
        let expected: [String] = [
            "flipbook: warning: position [nan inf] of the layer of a UIView is not finite (iOS raises "
                + "CALayerInvalidGeometry); the layer keeps [10 10], \(later) position values are ignored without a warning",
            "flipbook: warning: bounds [0 0; inf 20] of the layer of a UIView is not finite (iOS raises "
                + "CALayerInvalidGeometry); the layer keeps [0 0; 20 20], \(later) bounds values are ignored without a warning",
            "flipbook: warning: speed nan of layer 'dial' is not finite; the layer keeps 1, "
                + "\(later) speed values are ignored without a warning",
        ]
        let lines = message.split(separator: "\n").filter { $0.contains("is not finite") }.map(String.init)
        #expect(lines == expected, "\(message)")
        #expect(view.center == CGPoint(x: 10, y: 10) && other.center == CGPoint(x: 10, y: 10))
        #expect(view.bounds.size == CGSize(width: 20, height: 20) && layer.speed == 1)
        #expect(view.layer.animationKeys() == nil, "nothing changed, so nothing animates")
        #expect(stage.position(view) == CGPoint(x: 10, y: 10))
        #expect(stage.log.entries == ["block:true@0.0"])
    }

    @Test(arguments: [Double.nan, .infinity])
    func addCheckedNamesAFromValueThatIsNotFinite_G12(_ value: Double) {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = value
        animation.toValue = 10

        #expect(throws: CAAnimationError("fromValue of 'position.x' is not finite: \(value)", property: "fromValue")) {
            try layer.addChecked(animation, forKey: "move")
        }
        layer.add(animation, forKey: "move")
        #expect(layer.animationKeys() == nil, "add ignores it, as it does other animations the layer cannot run")
    }

    @Test func addCheckedNamesAKeyframeValueThatIsNotFinite_G12() {
        let layer = CALayer()
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint.zero, CGPoint(x: CGFloat.nan, y: 4)]

        #expect(throws: CAAnimationError("value 2 of 'position' is not finite: \(CGPoint(x: CGFloat.nan, y: 4))",
                                         property: "values")) {
            try layer.addChecked(animation, forKey: "path")
        }
    }
}
