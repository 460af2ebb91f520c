import Foundation
import FlipbookUIKit

/// What `flipbook probe` prints of a layer: every property of its class, by Swift name,
/// and the animations on it as `animationKeys()` and `animation(forKey:)` give them.
///
/// Values take the scene format's forms: points `[x, y]`, rects `[x, y, w, h]`, colours
/// `[r, g, b, a]` in 0…1 or null, transforms 16 numbers (m11…m44), paths SVG path data.
@MainActor
enum ProbeValues {
    /// The properties of `layer` (a presentation copy or a model layer): CALayer's first,
    /// then those its class adds.
    static func properties(of layer: CALayer) -> [(String, JSONValue)] {
        var entries: [(String, JSONValue)] = [
            ("position", point(layer.position)),
            ("bounds", rect(layer.bounds)),
            ("anchorPoint", point(layer.anchorPoint)),
            ("frame", rect(layer.frame)),
            ("transform", transform(layer.transform)),
            ("opacity", float(layer.opacity)),
            ("backgroundColor", color(layer.backgroundColor)),
            ("cornerRadius", .number(layer.cornerRadius)),
            ("borderWidth", .number(layer.borderWidth)),
            ("isHidden", .bool(layer.isHidden)),
            ("zPosition", .number(layer.zPosition)),
            // Added after the first probe format, so after its keys.
            ("sublayerTransform", transform(layer.sublayerTransform)),
            ("borderColor", color(layer.borderColor)),
            ("shadowColor", color(layer.shadowColor)),
            ("shadowOpacity", float(layer.shadowOpacity)),
            ("shadowOffset", size(layer.shadowOffset)),
            ("shadowRadius", .number(layer.shadowRadius)),
            ("shadowPath", path(layer.shadowPath)),
            ("masksToBounds", .bool(layer.masksToBounds)),
            ("isDoubleSided", .bool(layer.isDoubleSided)),
            ("name", layer.name.map(JSONValue.string) ?? .null),
            ("contentsRect", rect(layer.contentsRect)),
            ("contentsGravity", .string(layer.contentsGravity.rawValue)),
            ("contentsScale", .number(layer.contentsScale)),
            ("speed", float(layer.speed)),
            ("timeOffset", .number(layer.timeOffset)),
            ("maskedCorners", .array(SceneNode.cornerNames.filter { layer.maskedCorners.contains($0.1) }.map { .string($0.0) })),
            ("cornerCurve", .string(layer.cornerCurve.rawValue)),
        ]
        switch layer {
        case let shape as CAShapeLayer: entries += properties(of: shape)
        case let gradient as CAGradientLayer: entries += properties(of: gradient)
        case let text as CATextLayer: entries += properties(of: text)
        case let replicator as CAReplicatorLayer: entries += properties(of: replicator)
        default: break
        }
        return entries
    }

    private static func properties(of shape: CAShapeLayer) -> [(String, JSONValue)] {
        [
            ("path", path(shape.path)),
            ("fillColor", color(shape.fillColor)),
            ("fillRule", .string(shape.fillRule == .evenOdd ? "evenOdd" : "nonZero")),
            ("strokeColor", color(shape.strokeColor)),
            ("strokeStart", .number(shape.strokeStart)),
            ("strokeEnd", .number(shape.strokeEnd)),
            ("lineWidth", .number(shape.lineWidth)),
            ("miterLimit", .number(shape.miterLimit)),
            ("lineCap", .string(shape.lineCap.rawValue)),
            ("lineJoin", .string(shape.lineJoin.rawValue)),
            ("lineDashPattern", shape.lineDashPattern.map { .array($0.map { .number($0.doubleValue) }) } ?? .null),
            ("lineDashPhase", .number(shape.lineDashPhase)),
        ]
    }

    private static func properties(of gradient: CAGradientLayer) -> [(String, JSONValue)] {
        [
            ("colors", gradient.colors.map { .array($0.map(color)) } ?? .null),
            ("locations", gradient.locations.map { .array($0.map { .number($0.doubleValue) }) } ?? .null),
            ("startPoint", point(gradient.startPoint)),
            ("endPoint", point(gradient.endPoint)),
            ("type", .string(gradient.type.rawValue)),
        ]
    }

    private static func properties(of text: CATextLayer) -> [(String, JSONValue)] {
        [
            ("string", text.string.map(JSONValue.string) ?? .null),
            ("font", text.font.map { .object([("family", .string($0.familyName)), ("weight", .number($0.weight.rawValue))]) } ?? .null),
            ("fontSize", .number(text.fontSize)),
            ("foregroundColor", color(text.foregroundColor)),
            ("alignmentMode", .string(text.alignmentMode.rawValue)),
            ("isWrapped", .bool(text.isWrapped)),
            ("truncationMode", .string(text.truncationMode.rawValue)),
        ]
    }

    private static func properties(of replicator: CAReplicatorLayer) -> [(String, JSONValue)] {
        [
            ("instanceCount", .number(Double(replicator.instanceCount))),
            ("instanceDelay", .number(replicator.instanceDelay)),
            ("instanceTransform", transform(replicator.instanceTransform)),
            ("instanceColor", color(replicator.instanceColor)),
            ("instanceRedOffset", float(replicator.instanceRedOffset)),
            ("instanceGreenOffset", float(replicator.instanceGreenOffset)),
            ("instanceBlueOffset", float(replicator.instanceBlueOffset)),
            ("instanceAlphaOffset", float(replicator.instanceAlphaOffset)),
        ]
    }

    // MARK: Animations

    /// The keyed animations of the model layer `layer`, in the order added.
    static func animations(of layer: CALayer) -> JSONValue {
        .array((layer.animationKeys() ?? []).compactMap { key in
            layer.animation(forKey: key).map { .object([("key", .string(key))] + animation($0)) }
        })
    }

    /// An animation's class, timing and the properties of its class.
    private static func animation(_ animation: CAAnimation) -> [(String, JSONValue)] {
        var entries: [(String, JSONValue)] = [("class", .string(String(describing: type(of: animation))))]
        if let property = animation as? CAPropertyAnimation {
            entries += [
                ("keyPath", property.keyPath.map(JSONValue.string) ?? .null),
                ("isAdditive", .bool(property.isAdditive)),
                ("isCumulative", .bool(property.isCumulative)),
            ]
        }
        if let basic = animation as? CABasicAnimation {
            entries += [("fromValue", value(basic.fromValue)), ("toValue", value(basic.toValue)), ("byValue", value(basic.byValue))]
        }
        if let spring = animation as? CASpringAnimation {
            entries += [
                ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)), ("damping", .number(spring.damping)),
                ("initialVelocity", .number(spring.initialVelocity)), ("allowsOverdamping", .bool(spring.allowsOverdamping)),
            ]
        }
        if let keyframes = animation as? CAKeyframeAnimation {
            entries += [
                ("values", keyframes.values.map { .array($0.map(value)) } ?? .null),
                ("keyTimes", keyframes.keyTimeFractions.map { .array($0.map(number)) } ?? .null),
                ("calculationMode", .string(keyframes.calculationMode.rawValue)),
            ]
        }
        if let group = animation as? CAAnimationGroup {
            entries.append(("animations", .array((group.animations ?? []).map { .object(self.animation($0)) })))
        }
        if let transition = animation as? CATransition {
            entries += [("type", .string(transition.type.rawValue)),
                        ("subtype", transition.subtype.map { .string($0.rawValue) } ?? .null)]
        }
        return entries + [
            ("beginTime", number(animation.beginTime)),
            ("duration", number(animation.duration)),
            ("speed", float(animation.speed)),
            ("timeOffset", number(animation.timeOffset)),
            ("repeatCount", number(Double(animation.repeatCount))),
            ("autoreverses", .bool(animation.autoreverses)),
            ("fillMode", .string(animation.fillMode.rawValue)),
            ("isRemovedOnCompletion", .bool(animation.isRemovedOnCompletion)),
            ("timingFunction", timingFunction(animation.timingFunction)),
        ]
    }

    /// Control points `[x1, y1, x2, y2]`, or null for linear pacing (no function).
    private static func timingFunction(_ function: CAMediaTimingFunction?) -> JSONValue {
        guard let function = function?.function else { return .null }
        return .array([function.c1.x, function.c1.y, function.c2.x, function.c2.y].map { float(Float($0)) })
    }

    // MARK: Values

    /// An animation's value (`Any?`, as Apple's API holds it) in the probe's form.
    private static func value(_ any: Any?) -> JSONValue {
        guard let any, let value = AnimationValue(any) else { return .null }
        switch value {
        case .number(let n): return number(n)
        case .point(let p): return point(p)
        case .size(let s): return size(s)
        case .rect(let r): return rect(r)
        case .color(let c): return color(c)
        case .transform(let t): return transform(t)
        case .bool(let b): return .bool(b)
        case .image(let i): return i.map { .array([.number(Double($0.width)), .number(Double($0.height))]) } ?? .null
        case .path(let p): return path(p)
        case .colors(let c): return .array(c.map(color))
        case .numbers(let n): return .array(n.map(number))
        }
    }

    /// A number; one that is not finite (a `repeatCount` of infinity) as a string.
    static func number(_ n: Double) -> JSONValue { n.isFinite ? .number(n) : .string("\(n)") }

    /// A `Float` in its shortest form: 0.3, not 0.30000001.
    static func float(_ f: Float) -> JSONValue { f.isFinite ? .number(Double("\(f)") ?? 0) : .string("\(f)") }

    static func point(_ p: CGPoint) -> JSONValue { .array([.number(p.x), .number(p.y)]) }

    static func size(_ s: CGSize) -> JSONValue { .array([.number(s.width), .number(s.height)]) }

    static func rect(_ r: CGRect) -> JSONValue { .array([r.minX, r.minY, r.width, r.height].map { .number($0) }) }

    static func color(_ c: CGColor?) -> JSONValue { c.map { .array($0.components.map { .number($0) }) } ?? .null }

    static func transform(_ t: CATransform3D) -> JSONValue { .array(t.rowMajor.map { .number($0) }) }

    /// SVG path data (`M0 0 L10 0 Z`), or null for no path.
    static func path(_ path: CGPath?) -> JSONValue {
        guard let path else { return .null }
        func short(_ n: CGFloat) -> String { n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(Double(n))" }
        func xy(_ p: CGPoint) -> String { "\(short(p.x)) \(short(p.y))" }
        return .string(path.elements.map { element in
            switch element {
            case .moveTo(let p): "M\(xy(p))"
            case .addLineTo(let p): "L\(xy(p))"
            case .addQuadCurveTo(let p, let c): "Q\(xy(c)) \(xy(p))"
            case .addCurveTo(let p, let c1, let c2): "C\(xy(c1)) \(xy(c2)) \(xy(p))"
            case .closeSubpath: "Z"
            }
        }.joined(separator: " "))
    }
}
