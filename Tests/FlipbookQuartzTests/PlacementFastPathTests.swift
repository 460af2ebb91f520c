import Foundation
import Testing
@testable import FlipbookQuartz

/// A plain `CALayer` whose animations write only its placement (position, bounds, anchor
/// point, transform, opacity, zPosition) is shown without a presentation copy: the
/// animations are evaluated straight into a copy of those values
/// (`applyAnimations(to:parentTime:)`) and the rest is read from the model. These tests hold
/// it to what the presentation copy gives, bit for bit: a subclass that adds nothing always
/// takes the copy, so the same animations on a plain layer and on such a subclass must give
/// the same render values (CA8).
@MainActor
@Suite struct PlacementFastPathTests {
    /// Takes the presentation copy in every frame, as every subclass does; otherwise a CALayer.
    private final class CopiedLayer: CALayer {}

    /// The times frames are built at: before, during and after the animations (which
    /// start at 0.5 unless they say otherwise), at the ends of cycles and between them.
    private static let times: [Double] = [0.5, 0.6, 0.73, 0.95, 1.0, 1.25, 1.5, 1.75, 2.0, 2.6, 3.3, 6.0]

    /// Model values the animations run over: the defaults, and layers placed, turned,
    /// scaled, in perspective, see-through and decorated, one with a sublayer of its own.
    private static var models: [(name: String, set: (CALayer) -> Void)] { [
        ("default", { _ in }),
        ("placed", { layer in
            layer.bounds = CGRect(x: -3.25, y: 7.5, width: 40, height: 25.5)
            layer.position = CGPoint(x: 120.125, y: -4)
            layer.anchorPoint = CGPoint(x: 0, y: 1)
            layer.zPosition = 2
            layer.opacity = 0.4
        }),
        ("turned", { layer in
            layer.frame = CGRect(x: 10, y: 20, width: 30, height: 60)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500
            layer.transform = CATransform3DRotate(CATransform3DScale(perspective, 2, -0.5, 1), 0.7, 0.2, 1, 0.3)
            layer.sublayerTransform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        }),
        ("decorated", { layer in
            layer.frame = CGRect(x: 50, y: 50, width: 80, height: 40)
            layer.transform = CATransform3DMakeRotation(-2.5, 0, 0, 1)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            layer.cornerRadius = 6
            layer.borderWidth = 2
            layer.borderColor = CGColor(gray: 0.5, alpha: 1)
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 4
            layer.masksToBounds = true
            layer.isDoubleSided = false
            layer.opacity = 1.5
            let sublayer = CALayer()
            sublayer.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            sublayer.backgroundColor = .white
            layer.addSublayer(sublayer)
        }),
    ] }

    /// Animations whose placement keys a plain layer evaluates without a copy.
    private static var placementCases: [(name: String, make: () -> [CAAnimation])] {
        var cases: [(String, () -> [CAAnimation])] = []
        let numbers = ["position.x", "position.y", "bounds.origin.x", "bounds.size.width", "bounds.size.height",
                       "anchorPoint.x", "anchorPoint.y", "transform.rotation.x", "transform.rotation.y",
                       "transform.rotation.z", "transform.rotation", "transform.scale.x", "transform.scale.y",
                       "transform.scale.z", "transform.scale", "transform.translation.x", "transform.translation.y",
                       "transform.translation.z", "opacity", "zPosition"]
        for keyPath in numbers {
            for (variant, make) in numberVariants {
                cases.append(("\(keyPath) \(variant)", { [make(keyPath)] }))
            }
        }
        let values: [(String, Any, Any)] = [
            ("position", CGPoint(x: -3.5, y: 40.25), CGPoint(x: 200, y: 0.1)),
            ("anchorPoint", CGPoint(x: 0.25, y: 1), CGPoint(x: 1.5, y: -0.5)),
            ("bounds.origin", CGPoint(x: 3, y: 4), CGPoint(x: -7, y: 0.3)),
            ("bounds.size", CGSize(width: 10, height: 0), CGSize(width: 77.7, height: 33.3)),
            ("transform.translation", CGSize(width: 5, height: -6), CGSize(width: -50, height: 60)),
            ("bounds", CGRect(x: 0, y: 0, width: 20, height: 30), CGRect(x: -5, y: 5, width: 120, height: 3)),
            ("transform", CATransform3DMakeRotation(0.5, 1, 1, 0),
             CATransform3DScale(CATransform3DMakeRotation(2.9, 0, 0, 1), 3, 0.5, 1)),
        ]
        for (keyPath, from, to) in values {
            cases.append(("\(keyPath) from/to", { [basic(keyPath, from: from, to: to)] }))
            cases.append(("\(keyPath) to", { [basic(keyPath, to: to)] }))
            cases.append(("\(keyPath) additive cumulative", {
                let animation = basic(keyPath, from: from, to: to)
                animation.isAdditive = true
                animation.isCumulative = true
                animation.repeatCount = 2.5
                return [animation]
            }))
        }
        cases += [
            ("keyframes of position", {
                let animation = CAKeyframeAnimation(keyPath: "position")
                animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: -10), CGPoint(x: 5, y: 90)]
                animation.keyTimes = [0, 0.2, 1]
                return [timed(animation)]
            }),
            ("paced keyframes of rotation", {
                let animation = CAKeyframeAnimation(keyPath: "transform.rotation.z")
                animation.values = [0.0, 1.0, -2.0, 6.0]
                animation.calculationMode = .paced
                return [timed(animation)]
            }),
            ("discrete keyframes of opacity", {
                let animation = CAKeyframeAnimation(keyPath: "opacity")
                animation.values = [0.0, 0.3, 1.0]
                animation.calculationMode = .discrete
                return [timed(animation)]
            }),
            ("cubic keyframes of bounds", {
                let animation = CAKeyframeAnimation(keyPath: "bounds")
                animation.values = [CGRect(x: 0, y: 0, width: 1, height: 2), CGRect(x: 3, y: 4, width: 50, height: 60),
                                    CGRect(x: -1, y: 0, width: 10, height: 10)]
                animation.calculationMode = .cubic
                return [timed(animation)]
            }),
            ("spring of position.y", {
                let animation = CASpringAnimation(keyPath: "position.y")
                animation.fromValue = -40.0
                animation.toValue = 100.0
                animation.damping = 5
                return [timed(animation)]
            }),
            ("value function rotateZ", {
                let animation = basic("transform", from: 0.0, to: 4.0)
                animation.valueFunction = CAValueFunction(name: .rotateZ)
                return [animation]
            }),
            ("value function scale", {
                let animation = basic("transform", from: 1.0, to: -0.5)
                animation.valueFunction = CAValueFunction(name: .scale)
                return [animation]
            }),
            ("group of rotation and position", {
                let group = CAAnimationGroup()
                group.animations = [basic("transform.rotation.z", from: 0.0, to: 6.0), basic("position", to: CGPoint(x: 9, y: 9))]
                group.repeatCount = 2
                return [timed(group)]
            }),
            ("rotation then scale", {
                [basic("transform.rotation.z", from: 0.0, to: 2 * Double.pi), basic("transform.scale", from: 1.0, to: 2.0)]
            }),
            ("position then additive position.x", {
                let shake = basic("position.x", from: -5.0, to: 5.0)
                shake.isAdditive = true
                shake.autoreverses = true
                return [basic("position", to: CGPoint(x: 60, y: 70)), shake]
            }),
            ("zPosition past a sibling", { [basic("zPosition", from: -3.0, to: 3.0)] }),
            ("driven position", {
                let animation = CADrivenAnimation(keyPath: "position")
                animation.fromValue = CGPoint(x: 1, y: 2)
                animation.toValue = CGPoint(x: 30, y: 40)
                animation.fraction = { t in t < 1 ? nil : min(t - 1, 1.4) }
                return [animation]
            }),
            ("driven opacity, two numbers", {
                let animation = CADrivenAnimation(keyPath: "opacity")
                animation.fromValue = 0.25
                animation.toValue = 0.75
                animation.fraction = { t in t < 1 ? nil : min(t - 1, 1.4) }
                return [animation]
            }),
        ]
        return cases
    }

    /// Animations that write something besides the placement: the frame takes a presentation copy.
    private static var copyCases: [(name: String, make: () -> [CAAnimation])] {
        [
            ("backgroundColor", { [basic("backgroundColor", from: CGColor.black, to: CGColor.white)] }),
            ("cornerRadius", { [basic("cornerRadius", from: 0.0, to: 20.0)] }),
            ("hidden", { [basic("hidden", from: false, to: true)] }),
            ("sublayerTransform.rotation.z", { [basic("sublayerTransform.rotation.z", from: 0.0, to: 1.0)] }),
            ("rotation then shadowOpacity", {
                [basic("transform.rotation.z", from: 0.0, to: 3.0), basic("shadowOpacity", from: 0.0, to: 1.0)]
            }),
            ("group of position and borderWidth", {
                let group = CAAnimationGroup()
                group.animations = [basic("position", to: CGPoint(x: 1, y: 1)), basic("borderWidth", from: 0.0, to: 4.0)]
                return [timed(group)]
            }),
            ("keyframes along a path, turning", {
                let animation = CAKeyframeAnimation(keyPath: "position")
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 0, y: 0))
                path.addCurve(to: CGPoint(x: 100, y: 50), control1: CGPoint(x: 30, y: -40), control2: CGPoint(x: 70, y: 90))
                animation.path = path
                animation.rotationMode = .rotateAuto
                return [timed(animation)]
            }),
            ("fade transition", {
                let transition = CATransition()
                transition.type = .fade
                return [timed(transition)]
            }),
        ]
    }

    /// How a number animation is set up, for every number key path.
    private static var numberVariants: [(String, (String) -> CAAnimation)] { [
        ("from/to", { basic($0, from: -0.7, to: 2.3) }),
        ("to only", { basic($0, to: 1.75) }),
        ("by only", { basic($0, by: -0.5) }),
        ("from/by eased", {
            let animation = basic($0, from: 0.25, by: 3.0)
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return animation
        }),
        ("additive, autoreversing", {
            let animation = basic($0, from: 0.0, to: 0.9)
            animation.isAdditive = true
            animation.autoreverses = true
            return animation
        }),
        ("cumulative, repeating", {
            let animation = basic($0, from: 0.1, to: 0.6)
            animation.isCumulative = true
            animation.repeatCount = 3.5
            return animation
        }),
        ("later, filling both ways, fast", {
            let animation = basic($0, from: -1.0, to: 1.0)
            animation.beginTime = 1.0
            animation.fillMode = .both
            animation.speed = 2
            animation.timeOffset = 0.1
            return animation
        }),
        ("at 20 frames/s, forever", {
            let animation = basic($0, from: 0.0, to: 2 * Double.pi)
            animation.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 20)
            animation.repeatCount = .infinity
            return animation
        }),
    ] }

    private static func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        return timed(animation)
    }

    private static func timed<Animation: CAAnimation>(_ animation: Animation) -> Animation {
        animation.duration = 0.75
        return animation
    }

    @Test func plainLayersAnimatingTheirPlacementShowWhatAPresentationCopyShowsBitForBit_CA8() {
        let cases = Self.placementCases

        let compared = compareFrames(cases, expectingPlacement: true)

        #expect(compared == cases.count * Self.models.count * Self.times.count)
    }

    @Test func plainLayersAnimatingAnythingElseTakeTheCopy_CA8() {
        let cases = Self.copyCases

        let compared = compareFrames(cases, expectingPlacement: false)

        #expect(compared == cases.count * Self.models.count * Self.times.count)
    }

    /// Runs each case over each model on a plain layer and on a `CopiedLayer`, each between
    /// two still siblings (zPosition 0 and 1) under a parent of its own, and compares their
    /// frames; returns how many frames were compared. `expectingPlacement`: whether the
    /// plain layer is shown without a copy while its animations run.
    private func compareFrames(_ cases: [(name: String, make: () -> [CAAnimation])],
                                  expectingPlacement: Bool) -> Int {
        var compared = 0
        for (name, make) in cases {
            for model in Self.models {
                let stage = Stage()
                let animated = [CALayer(), CopiedLayer()]
                for layer in animated {
                    let parent = CALayer()
                    parent.frame = CGRect(x: 10, y: 10, width: 300, height: 200)
                    for (index, sibling) in [CALayer(), layer, CALayer()].enumerated() {
                        sibling.frame = CGRect(x: 20 * Double(index), y: 0, width: 20, height: 20)
                        sibling.zPosition = index == 2 ? 1 : 0
                        parent.addSublayer(sibling)
                    }
                    model.set(layer)
                    stage.root.addSublayer(parent)
                }
                stage.turn {}
                stage.advance(to: 0.5)
                stage.turn {
                    for layer in animated {
                        for (index, animation) in make().enumerated() { layer.add(animation, forKey: "k\(index)") }
                    }
                }
                #expect(animated[0].animationKeys()?.count == make().count, "\(name): every animation added")
                for t in Self.times {
                    stage.advance(to: t)
                    let isRunning = animated[0].animationKeys() != nil
                    var placement = LayerPlacement(of: animated[0])
                    let placed = animated[0].applyAnimations(to: &placement,
                                                             parentTime: animated[0].superlayer!.localTime(at: t))
                    if isRunning {
                        #expect(placed == expectingPlacement, "\(name) on \(model.name) at \(t): shown without a copy")
                    }
                    guard let frame = stage.root.renderLayer(), frame.sublayers.count == 2 else {
                        Issue.record("\(name) on \(model.name) at \(t): no frame")
                        continue
                    }
                    let (plain, copied) = (frame.sublayers[0].valueBits, frame.sublayers[1].valueBits)
                    #expect(plain == copied, "\(name) on \(model.name) at \(t)")
                    compared += 1
                }
            }
        }
        return compared
    }
}

private extension RenderLayer {
    /// Every value of a render value and its subtree that the compositor reads, numbers as
    /// their bit patterns (so −0 and NaNs count), in one list to compare.
    var valueBits: [String] {
        let layer = self
        func numbers(_ values: [CGFloat]) -> String {
            values.map { String(Double($0).bitPattern, radix: 16) }.joined(separator: " ")
        }
        func color(_ color: CGColor?) -> String {
            color.map { numbers([$0.red, $0.green, $0.blue, $0.alpha]) } ?? "none"
        }
        var lines = [
            numbers([layer.position.x, layer.position.y, layer.bounds.origin.x, layer.bounds.origin.y,
                     layer.bounds.width, layer.bounds.height, layer.anchorPoint.x, layer.anchorPoint.y]),
            numbers(layer.transform.rowMajor), numbers(layer.sublayerTransform.rowMajor),
            numbers([layer.opacity, layer.cornerRadius, layer.borderWidth, layer.rasterizationScale ?? -1]),
            color(layer.backgroundColor), color(layer.borderColor),
            "\(layer.maskedCorners.rawValue) \(layer.cornerCurve.rawValue) \(layer.masksToBounds) "
                + "\(layer.isDoubleSided) \(layer.isOpaque) \(layer.transition == nil) \(layer.mask == nil)",
            layer.shadow.map { "\(color($0.color)) \(numbers([$0.offset.width, $0.offset.height, $0.radius]))" } ?? "no shadow",
            layer.content.map { "\($0)" } ?? "no content",
        ]
        for sublayer in layer.sublayers { lines += ["sublayer"] + sublayer.valueBits }
        return lines
    }
}
