import FlipbookQuartz
import Foundation
import Testing

/// Animation values given boxed, as Objective-C-style code gives them (`NSValue(cgPoint:)`,
/// `NSNumber`, `[Any]` of colours), animate exactly as the plain Swift values do (CA1, CA4);
/// a value of the wrong type is ignored, as Core Animation ignores it.
@MainActor
@Suite struct BoxedAnimationValueTests {
    /// The presentation values of `keyPath` at 0.1 … 0.9 s of a 1 s animation made by `make`.
    private func samples(_ keyPath: String, _ make: () -> CAAnimation) -> [AnimationValue?] {
        let stage = Stage()
        let layer = stage.committedLayer()
        let animation = make()
        animation.duration = 1
        stage.turn { layer.add(animation, forKey: "a") }
        return (1...9).map { i in
            stage.advance(to: Double(i) / 10)
            return stage.presented(layer, keyPath)
        }
    }

    private func basic(_ keyPath: String, from: Any?, to: Any?, by: Any? = nil) -> () -> CAAnimation {
        {
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = from
            animation.toValue = to
            animation.byValue = by
            return animation
        }
    }

    private func keyframes(_ keyPath: String, _ values: [Any]) -> () -> CAAnimation {
        {
            let animation = CAKeyframeAnimation(keyPath: keyPath)
            animation.values = values
            return animation
        }
    }

    @Test func boxedPointsSizesAndRectsAnimateAsPlainOnes_CA1() {
        let (p, q) = (CGPoint(x: 10, y: 20), CGPoint(x: 110, y: 60))
        let (s, t) = (CGSize(width: 10, height: 10), CGSize(width: 50, height: 90))
        let (r, u) = (CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 5, y: 5, width: 40, height: 20))

        let boxedPosition = samples("position", basic("position", from: NSValue(cgPoint: p), to: NSValue(cgPoint: q)))
        let plainPosition = samples("position", basic("position", from: p, to: q))
        let boxedSize = samples("bounds.size", basic("bounds.size", from: NSValue(cgSize: s), to: NSValue(cgSize: t)))
        let plainSize = samples("bounds.size", basic("bounds.size", from: s, to: t))
        let boxedBounds = samples("bounds", basic("bounds", from: NSValue(cgRect: r), to: NSValue(cgRect: u)))
        let plainBounds = samples("bounds", basic("bounds", from: r, to: u))

        #expect(boxedPosition == plainPosition)
        #expect(boxedPosition[4] == .point(CGPoint(x: 60, y: 40)), "half-way, linear")
        #expect(boxedSize == plainSize)
        #expect(boxedBounds == plainBounds)
        #expect(boxedBounds[4] == .rect(CGRect(x: 2.5, y: 2.5, width: 25, height: 15)))
    }

    @Test func boxedTransformsAnimateAsPlainOnes_CA2() {
        let spin = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let grow = CATransform3DMakeScale(2, 3, 1)

        let boxed = samples("transform", basic("transform", from: NSValue(caTransform3D: spin),
                                               to: NSValue(caTransform3D: grow)))
        let plain = samples("transform", basic("transform", from: spin, to: grow))
        let boxedAffine = samples("transform", basic("transform", from: nil,
                                                     to: NSValue(cgAffineTransform: CGAffineTransform(scaleX: 3, y: 3))))
        let plainAffine = samples("transform", basic("transform", from: nil, to: CGAffineTransform(scaleX: 3, y: 3)))

        #expect(boxed == plain)
        #expect(boxed[4] != plain[0], "it moves")
        #expect(boxedAffine == plainAffine)
    }

    @Test func boxedAccessorsGiveBackWhatWasBoxed() {
        let transform = CATransform3DMakeTranslation(3, 4, 5)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)

        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(caTransform3D: transform).caTransform3DValue == transform)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        #expect(NSValue(cgAffineTransform: affine).caTransform3DValue == CATransform3D(affine))
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == .identity, "not a transform: identity")
        #expect(NSValue(caTransform3D: transform) == NSValue(caTransform3D: transform), "equal by contents")
    }

    private func numberAt0_3s(_ samples: [AnimationValue?]) -> Double {
        guard case .number(let n)? = samples[2] else { return .nan }
        return n
    }

    @Test func nsNumbersAnimateAsNumbersEvenWhenTheyAreOne_CA1() {
        let boxed = samples("opacity", basic("opacity", from: NSNumber(value: 1), to: NSNumber(value: 0)))
        let plain = samples("opacity", basic("opacity", from: 1.0, to: 0.0))
        let boxedBy = samples("position.x", basic("position.x", from: NSNumber(value: 10), to: nil, by: NSNumber(value: 90)))
        let plainBy = samples("position.x", basic("position.x", from: 10, to: nil, by: 90))

        #expect(boxed == plain)
        #expect(abs(numberAt0_3s(boxed) - 0.7) < 1e-6, "opacity is a Float")
        #expect(boxedBy == plainBy)
    }

    @Test func keyframesOfBoxedValuesAndAnyArraysOfColoursAnimateAsPlainOnes_CA4() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)]
        let colors = [UIColor.red.cgColor, UIColor.blue.cgColor]

        let boxedPath = samples("position", keyframes("position", points.map { NSValue(cgPoint: $0) }))
        let plainPath = samples("position", keyframes("position", points))
        let boxedNumbers = samples("opacity", keyframes("opacity", [NSNumber(value: 0), NSNumber(value: 1), 0.5]))
        let plainNumbers = samples("opacity", keyframes("opacity", [0.0, 1.0, 0.5]))
        let anyColors = samples("backgroundColor", basic("backgroundColor", from: colors[0] as Any, to: colors[1] as Any))
        let plainColors = samples("backgroundColor", basic("backgroundColor", from: colors[0], to: colors[1]))

        #expect(boxedPath == plainPath)
        guard case .point(let p)? = boxedPath[6] else { Issue.record("no point"); return }
        #expect(abs(p.x - 100) < 1e-9 && abs(p.y - 40) < 1e-9, "0.4 of the way along the second leg")
        #expect(boxedNumbers == plainNumbers)
        #expect(anyColors == plainColors)
    }

    @Test func gradientListsGivenAsAnyArraysAnimateAsTypedOnes_CA1() {
        let stage = Stage()
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        stage.root.addSublayer(layer)
        stage.turn {}
        let colors = CABasicAnimation(keyPath: "colors")
        colors.fromValue = [UIColor.red.cgColor, UIColor.blue.cgColor] as [Any]
        colors.toValue = [UIColor.blue.cgColor, UIColor.red.cgColor] as [Any]
        colors.duration = 1
        let locations = CABasicAnimation(keyPath: "locations")
        locations.fromValue = [NSNumber(value: 0), 0.25] as [Any]
        locations.toValue = [NSNumber(value: 0.5), NSNumber(value: 1)]
        locations.duration = 1

        stage.turn {
            layer.add(colors, forKey: "colors")
            layer.add(locations, forKey: "locations")
        }
        stage.advance(to: 0.5)

        #expect(stage.presented(layer, "locations") == .numbers([0.25, 0.625]))
        #expect(stage.presented(layer, "colors") == .colors([CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1),
                                                               CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)]))
    }

    @Test func aValueOfTheWrongTypeIsIgnoredAndTheModelValueShows_CA1() {
        let stage = Stage()
        let layer = stage.committedLayer(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let wrongBox = CABasicAnimation(keyPath: "position")
        wrongBox.fromValue = NSValue(cgSize: CGSize(width: 1, height: 1))
        wrongBox.toValue = NSValue(cgSize: CGSize(width: 9, height: 9))
        let notAValue = CABasicAnimation(keyPath: "opacity")
        notAValue.toValue = "half"
        let mixedList = CAKeyframeAnimation(keyPath: "opacity")
        mixedList.values = [NSNumber(value: 0), NSValue(cgPoint: .zero)]

        stage.turn {
            layer.add(wrongBox, forKey: "position")
            layer.add(notAValue, forKey: "opacity")
            layer.add(mixedList, forKey: "keyframes")
        }
        stage.advance(to: 0.1)

        #expect(stage.presented(layer, "position") == .point(CGPoint(x: 50, y: 50)))
        #expect(stage.number(layer, "opacity") == 1)
    }
}

/// `#colorLiteral` makes a `UIColor`, as Xcode's colour well writes it.
@Suite struct ColorLiteralTests {
    @Test func aColorLiteralIsTheUIColorOfItsComponents() {
        let typed: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        let untyped = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1)

        #expect(typed == UIColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75))
        #expect(untyped.cgColor == UIColor.blue.cgColor)
    }
}
