import Foundation
import FlipbookUIKit

extension MapShape {
    static let addAnimation: MapShape = MapShape("addAnimation", [
        "layer": .string, "key": .string, "animation": .map { .animation },
    ], required: ["layer", "animation"])

    /// The keys of every animation: its class, CAAnimation's and CAMediaTiming's.
    static let animationTimingKeys = keys([
        "class": .choice(animationClasses.map(\.name)), "duration": .time, "beginTime": .time, "timeOffset": .time,
        "speed": .number, "repeatCount": .repeatCount, "repeatDuration": .time, "autoreverses": .bool,
        "fillMode": .choice(["removed", "forwards", "backwards", "both"]), "isRemovedOnCompletion": .bool,
        "timingFunction": .timingFunction,
    ])

    /// CAPropertyAnimation's keys.
    private static let propertyAnimationKeys = keys([
        "keyPath": .string, "isAdditive": .bool, "isCumulative": .bool,
        "valueFunction": .choice(CAValueFunction.Name.all.map(\.rawValue)),
    ])

    /// Each animation class with the keys it adds to `animationTimingKeys`. `fromValue`,
    /// `toValue`, `byValue` and `values` hold values of the kind the key path animates.
    static let animationClasses: [(name: String, keys: [Key])] = [
        ("CABasicAnimation", propertyAnimationKeys + keys(["fromValue": .any, "toValue": .any, "byValue": .any])),
        ("CAKeyframeAnimation", propertyAnimationKeys + keys([
            "values": .list(.any), "keyTimes": .list(.number), "path": .path,
            "calculationMode": .choice(CAAnimationCalculationMode.all.map(\.rawValue)),
            "rotationMode": .choice(["auto", "autoReverse"]), "timingFunctions": .list(.timingFunction),
        ])),
        ("CASpringAnimation", propertyAnimationKeys + keys([
            "fromValue": .any, "toValue": .any, "byValue": .any, "mass": .number, "stiffness": .number, "damping": .number,
            "initialVelocity": .number,
        ])),
        ("CAAnimationGroup", keys(["animations": .list(.map { .animation })])),
        ("CATransition", keys([
            "type": .choice(CATransitionType.all.map(\.rawValue)), "subtype": .choice(CATransitionSubtype.all.map(\.rawValue)),
            "startProgress": .number, "endProgress": .number,
        ])),
    ]

    /// An animation of any class: the keys of every class, as the map is read before its
    /// class is known.
    static let animation: MapShape = MapShape("animation", animationTimingKeys + animationClasses.flatMap(\.keys), required: ["class"])
}

extension ValueKind {
    /// A count of cycles: a number, or `infinity`.
    static var repeatCount: ValueKind { .anyOf([.number, .choice(["infinity", "inf", ".inf"])]) }
}

/// `addAnimation: {layer, key, animation: {class, …}}`: animations by their Swift
/// property names, checked against the key path they animate.
extension SceneReader {
    func addAnimation(_ node: SceneNode) throws -> Action {
        let fields = try node.fields(.addAnimation)
        let layer = try layerReference(try fields.required("layer"))
        return .addAnimation(layer: layer, key: try fields["key"]?.string(),
                             animation: try animation(try fields.required("animation"), on: layerClass(of: layer)))
    }

    /// Reads an animation and checks it as `CALayer.addChecked` would, so a scene that
    /// loads never has an animation the layer refuses.
    /// `nested` animations are a group's children: their beginTime is relative to the group.
    /// `layerClass` is the class of the layer the animation is added to.
    func animation(_ node: SceneNode, nested: Bool = false, on layerClass: LayerClass = .plain) throws -> AnimationSpec {
        let className = try node.fields(.animation).required("class")
        let name = try className.string()
        let classes = MapShape.animationClasses
        guard let classKeys = classes.first(where: { $0.name == name })?.keys else {
            throw className.error("unknown animation class '\(name)'\(didYouMean(name, in: classes.map(\.name)))")
        }
        let fields = try node.fields(allowed: (MapShape.animationTimingKeys + classKeys).map(\.name))
        let timing = try timingSteps(fields, nested: nested)
        var steps = timing.steps
        let kind = try keyPathKind(fields, on: layerClass)
        for (key, _, value) in fields.entries {
            if let step = try classStep(key, value, kind: kind, keyPath: try fields["keyPath"]?.string() ?? "",
                                        on: layerClass) {
                steps.append(step)
            }
        }
        let prototype = Self.animationType(name).init()
        for step in steps { step(prototype) }
        do {
            try prototype.validate(for: layerClass.type.init())
        } catch let error as CAAnimationError {
            throw (error.property.flatMap { fields[$0] } ?? node).error(error.message)
        }
        return AnimationSpec(prototype: prototype, startSteps: timing.startSteps)
    }

    private static func animationType(_ name: String) -> CAAnimation.Type {
        switch name {
        case "CAKeyframeAnimation": CAKeyframeAnimation.self
        case "CASpringAnimation": CASpringAnimation.self
        case "CAAnimationGroup": CAAnimationGroup.self
        case "CATransition": CATransition.self
        default: CABasicAnimation.self
        }
    }

    typealias Step = AnimationSpec.Step

    /// A step that sets one property of animations of type `T`.
    private func step<T: CAAnimation, Value>(_ keyPath: ReferenceWritableKeyPath<T, Value>, _ value: Value) -> Step {
        { ($0 as? T)?[keyPath: keyPath] = value }
    }

    /// The steps that set the timing keys: those that are the same for every copy, and
    /// those to take when the animation is added (a beginTime relative to now).
    private func timingSteps(_ fields: Fields, nested: Bool) throws -> (steps: [Step], startSteps: [Step]) {
        var steps: [Step] = []
        var startSteps: [Step] = []
        for (key, _, value) in fields.entries {
            switch key {
            case "duration": steps.append(step(\CAAnimation.duration, try value.nonNegativeTime()))
            case "beginTime":
                // Relative to now in a scene; the API's beginTime is absolute layer time,
                // except in a group, whose children count from the group's start. 0 means
                // "now", and virtual time starts at 0, so a begin that lands on exactly 0
                // (`at: 1, beginTime: -1`) is nudged off it to keep its meaning.
                let offset = try value.time()
                if nested {
                    steps.append(step(\CAAnimation.beginTime, offset))
                } else {
                    startSteps.append { animation in
                        let begin = CACurrentMediaTime() + offset
                        animation.beginTime = offset == 0 ? 0 : begin == 0 ? .leastNonzeroMagnitude : begin
                    }
                }
            case "timeOffset": steps.append(step(\CAAnimation.timeOffset, try value.time()))
            case "speed": steps.append(step(\CAAnimation.speed, Float(try value.number())))
            case "repeatCount": steps.append(step(\CAAnimation.repeatCount, Float(try repeatCount(value))))
            case "repeatDuration": steps.append(step(\CAAnimation.repeatDuration, try value.nonNegativeTime()))
            case "autoreverses": steps.append(step(\CAAnimation.autoreverses, try value.bool()))
            case "isRemovedOnCompletion": steps.append(step(\CAAnimation.isRemovedOnCompletion, try value.bool()))
            case "fillMode":
                let mode = try value.choice(["removed", "forwards", "backwards", "both"])
                steps.append(step(\CAAnimation.fillMode, CAMediaTimingFillMode(rawValue: mode)))
            case "timingFunction":
                let function = CAMediaTimingFunction(function: try value.timingFunction())
                steps.append(step(\CAAnimation.timingFunction, function))
            default: break
            }
        }
        return (steps, startSteps)
    }

    /// The kind of value the animation's key path holds (numbers with a value function),
    /// or nil for animations without a key path.
    private func keyPathKind(_ fields: Fields, on layerClass: LayerClass) throws -> AnimationValue.Kind? {
        guard let node = fields["keyPath"] else {
            for key in ["fromValue", "toValue", "byValue", "values", "path"] where fields[key] != nil {
                throw fields.owner.error("an animation with '\(key)' needs a 'keyPath'")
            }
            return nil
        }
        let keyPath = try node.string()
        guard let kind = layerClass.type.animatableKind(forKeyPath: keyPath) else {
            throw node.error("'\(keyPath)' is not an animatable key path of \(layerClass.name)\(didYouMean(keyPath, in: layerClass.animatableKeyPaths))")
        }
        if fields["valueFunction"] != nil {
            guard kind == .transform else { throw node.error("a valueFunction needs a transform key path, not '\(keyPath)'") }
            return .number
        }
        return kind
    }

    private func classStep(_ key: String, _ value: SceneNode, kind: AnimationValue.Kind?, keyPath: String,
                           on layerClass: LayerClass) throws -> Step? {
        switch key {
        case "keyPath": return step(\CAPropertyAnimation.keyPath, keyPath)
        case "isAdditive": return step(\CAPropertyAnimation.isAdditive, try value.bool())
        case "isCumulative": return step(\CAPropertyAnimation.isCumulative, try value.bool())
        case "valueFunction":
            let name = try value.choice(CAValueFunction.Name.all.map(\.rawValue))
            return step(\CAPropertyAnimation.valueFunction, CAValueFunction(name: .init(rawValue: name)))
        case "fromValue", "toValue", "byValue":
            let parsed = try animationValue(value, kind: kind!, keyPath: keyPath)
            let keyPath: ReferenceWritableKeyPath<CABasicAnimation, Any?> =
                key == "fromValue" ? \.fromValue : key == "toValue" ? \.toValue : \.byValue
            return step(keyPath, parsed)
        case "mass", "stiffness", "damping":
            let number = try value.positiveNumber()
            let keyPath: ReferenceWritableKeyPath<CASpringAnimation, Double> =
                key == "mass" ? \.mass : key == "stiffness" ? \.stiffness : \.damping
            return step(keyPath, number)
        case "initialVelocity": return step(\CASpringAnimation.initialVelocity, try value.number())
        case "values":
            let values = try value.list().map { try animationValue($0, kind: kind!, keyPath: keyPath) as Any }
            return step(\CAKeyframeAnimation.values, values)
        case "keyTimes": return step(\CAKeyframeAnimation.keyTimes, try value.list().map { try $0.number() })
        case "path": return step(\CAKeyframeAnimation.path, try value.path())
        case "calculationMode":
            let mode = try value.choice(CAAnimationCalculationMode.all.map(\.rawValue))
            return step(\CAKeyframeAnimation.calculationMode, CAAnimationCalculationMode(rawValue: mode))
        case "rotationMode":
            let mode = try value.choice(["auto", "autoReverse"])
            return step(\CAKeyframeAnimation.rotationMode, CAAnimationRotationMode(rawValue: mode))
        case "timingFunctions":
            let functions = try value.list().map { CAMediaTimingFunction(function: try $0.timingFunction()) }
            return step(\CAKeyframeAnimation.timingFunctions, functions)
        case "animations":
            let children = try value.list().map { try animation($0, nested: true, on: layerClass) }
            return { ($0 as? CAAnimationGroup)?.animations = children.map { $0.make() } }
        case "type":
            let type = try value.choice(CATransitionType.all.map(\.rawValue))
            return step(\CATransition.type, CATransitionType(rawValue: type))
        case "subtype":
            let subtype = try value.choice(CATransitionSubtype.all.map(\.rawValue))
            return step(\CATransition.subtype, CATransitionSubtype(rawValue: subtype))
        case "startProgress", "endProgress":
            let progress = try value.number()
            guard (0...1).contains(progress) else { throw value.error("'\(key)' must be between 0 and 1, got \(progress)") }
            return step(key == "startProgress" ? \CATransition.startProgress : \CATransition.endProgress, Float(progress))
        default: return nil
        }
    }

    /// A value of `kind` for `keyPath`; numbers of rotation key paths may be angles ("90deg").
    private func animationValue(_ node: SceneNode, kind: AnimationValue.Kind, keyPath: String) throws -> AnimationValue {
        switch kind {
        case .number: return .number(keyPath.contains("rotation") || keyPath == "transform" ? try node.angle() : try node.number())
        case .point: return .point(try node.point())
        case .size: return .size(try node.size())
        case .rect: return .rect(try node.rect())
        case .color: return .color(try node.color())
        case .transform: return .transform(try node.transform())
        case .bool: return .bool(try node.bool())
        case .image: return .image(node.isNull ? nil : try node.image())
        case .path: return .path(node.isNull ? nil : try node.path())
        case .colors:
            return .colors(try node.list().map { item in
                guard let color = try item.color() else { throw item.typeError("a colour") }
                return color
            })
        case .numbers: return .numbers(try node.list().map { try $0.number() })
        }
    }

    /// A count of cycles: a number ≥ 0, or `infinity` / `.inf`.
    func repeatCount(_ node: SceneNode) throws -> Double {
        if let text = node.node.string, ["infinity", "inf", ".inf"].contains(text.lowercased()) { return .infinity }
        if let value = node.node.number, value == .infinity { return value }
        let count = try node.number()
        guard count >= 0 else { throw node.error("'repeatCount' must be 0 or more (or infinity), got \(count)") }
        return count
    }
}
