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

    @Test(arguments: PlacementProperty.all)
    func aNonFinitePlacementOrTimingValueIsIgnoredWithOneWarning_G12(_ property: PlacementProperty) throws {
        let layer = CALayer()
        layer.name = "dial"
        property.set(layer, property.kept)
        let kept = property.bits(layer)
        let accepted = CALayer()
        property.set(accepted, 0.75)

        var afterNaN: [UInt64] = [], afterInfinity: [UInt64] = []
        let message = try capturingStandardError {
            CALayer.forgetNonFiniteWarnings()
            property.set(layer, -.nan)
            afterNaN = property.bits(layer)
            property.set(layer, -.infinity)
            afterInfinity = property.bits(layer)
        }
        property.set(layer, 0.75)

        let lines = message.split(separator: "\n").filter { $0.contains("warning: \(property.name) ") }.map(String.init)
        #expect(lines == ["flipbook: warning: \(property.name) \(property.refused) of layer 'dial' is not finite; the layer "
                          + "keeps \(property.keeps), and later non-finite \(property.name) values are ignored without a warning"],
                "\(message)")
        #expect(afterNaN == kept, "NaN (its sign bit set, written nan all the same) refused, the value kept bit for bit")
        #expect(afterInfinity == kept, "−infinity refused, silently")
        #expect(property.bits(layer) == property.bits(accepted) && property.bits(layer) != kept,
                "a finite value after a refusal is taken")
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

/// A layer property G12 refuses non-finite values of, beyond position, bounds and speed:
/// how a test gives it a value with `number` in one place, and reads it back as bits (so
/// that a kept value is compared bit for bit, NaN and −0 included).
struct PlacementProperty: Sendable, CustomTestStringConvertible {
    let name: String
    /// The number the layer is given first, and keeps.
    let kept: CGFloat
    /// How the warning writes the value with NaN, and the kept value.
    let refused: String, keeps: String
    let set: @MainActor @Sendable (CALayer, CGFloat) -> Void
    let bits: @MainActor @Sendable (CALayer) -> [UInt64]

    var testDescription: String { name }

    /// A transform turned a little, with `number` as its perspective entry m34.
    private static func transform(_ number: CGFloat) -> CATransform3D {
        var transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        transform.m34 = number
        return transform
    }

    private static func bits(_ transform: CATransform3D) -> [UInt64] {
        transform.rowMajor.map { Double($0).bitPattern }
    }

    private static let turned = "[6.12323e-17 1 0 0; -1 6.12323e-17 0 0; 0 0 1"

    static let all: [PlacementProperty] = [
        PlacementProperty(name: "anchorPoint", kept: -0.0, refused: "[0.25 nan]", keeps: "[0.25 -0]",
                          set: { $0.anchorPoint = CGPoint(x: 0.25, y: $1) },
                          bits: { [Double($0.anchorPoint.x).bitPattern, Double($0.anchorPoint.y).bitPattern] }),
        PlacementProperty(name: "transform", kept: -0.002, refused: "\(turned) nan; 0 0 0 1]", keeps: "\(turned) -0.002; 0 0 0 1]",
                          set: { $0.transform = transform($1) }, bits: { bits($0.transform) }),
        PlacementProperty(name: "sublayerTransform", kept: -0.002, refused: "\(turned) nan; 0 0 0 1]",
                          keeps: "\(turned) -0.002; 0 0 0 1]",
                          set: { $0.sublayerTransform = transform($1) }, bits: { bits($0.sublayerTransform) }),
        PlacementProperty(name: "zPosition", kept: -0.0, refused: "nan", keeps: "-0",
                          set: { $0.zPosition = $1 }, bits: { [Double($0.zPosition).bitPattern] }),
        PlacementProperty(name: "timeOffset", kept: 2.5, refused: "nan", keeps: "2.5",
                          set: { $0.timeOffset = Double($1) }, bits: { [$0.timeOffset.bitPattern] }),
        PlacementProperty(name: "beginTime", kept: 2.5, refused: "nan", keeps: "2.5",
                          set: { $0.beginTime = Double($1) }, bits: { [$0.beginTime.bitPattern] }),
    ]
}
