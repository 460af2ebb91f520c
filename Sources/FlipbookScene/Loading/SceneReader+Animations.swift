import Foundation
import FlipbookUIKit

extension MapShape {
    static let addAnimation: MapShape = MapShape("addAnimation", [
        "layer": .string, "key": .string, "animation": .map { .animation },
    ], required: ["layer", "animation"])

    /// The keys of every animation: its class, CAAnimation's and CAMediaTiming's.
    static let animationTimingKeys = keys([
        "class": .choice(animationClasses.map(\.name)), "duration": .duration, "beginTime": .time, "timeOffset": .time,
        "speed": .number, "repeatCount": .repeatCount, "repeatDuration": .duration, "autoreverses": .bool,
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
            "values": .list(.any), "keyTimes": .list(.within(0...1)), "path": .path,
            "calculationMode": .choice(CAAnimationCalculationMode.all.map(\.rawValue)),
            "rotationMode": .choice(["auto", "autoReverse"]), "timingFunctions": .list(.timingFunction),
        ])),
        ("CASpringAnimation", propertyAnimationKeys + keys([
            "fromValue": .any, "toValue": .any, "byValue": .any, "mass": .positive, "stiffness": .positive, "damping": .nonNegative(.number),
            "initialVelocity": .number, "allowsOverdamping": .bool,
        ])),
        ("CAAnimationGroup", keys(["animations": .list(.map { .animation })])),
        ("CATransition", keys([
            "type": .choice(CATransitionType.all.map(\.rawValue)), "subtype": .choice(CATransitionSubtype.all.map(\.rawValue)),
            "startProgress": .within(0...1), "endProgress": .within(0...1),
        ])),
    ]

    /// An animation of any class: the keys of every class, as the map is read before its
    /// class is known.
    static let animation: MapShape = MapShape("animation", animationTimingKeys + animationClasses.flatMap(\.keys), required: ["class"])
}

extension ValueKind {
    /// A count of cycles: a number of 0 or more, or `infinity`.
    static var repeatCount: ValueKind { .anyOf([.nonNegative(.number), .choice(["infinity", "inf", ".inf"])]) }

    /// Seconds of 0 or more: what `SceneNode.nonNegativeTime()` reads.
    static var duration: ValueKind { .nonNegative(.time) }
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
    /// `layerClass` is the class of the layer the animation is added to. `impliedKeyPath` is
    /// the key path of a property animation without one: a layer action's key, which
    /// `run(forKey:object:arguments:)` gives it.
    func animation(_ node: SceneNode, nested: Bool = false, on layerClass: LayerClass = .plain,
                   impliedKeyPath: String? = nil) throws -> AnimationSpec {
        let className = try node.fields(.animation).required("class")
        let name = try className.string()
        let classes = MapShape.animationClasses
        guard let classKeys = classes.first(where: { $0.name == name })?.keys else {
            throw className.error("unknown animation class '\(name)'\(didYouMean(name, in: classes.map(\.name)))")
        }
        let fields = try node.fields(allowed: (MapShape.animationTimingKeys + classKeys).map(\.name))
        let timing = try timingSettings(fields, nested: nested)
        var settings = timing.settings
        let implied = fields["keyPath"] == nil && name != "CAAnimationGroup" && name != "CATransition" ? impliedKeyPath : nil
        if let implied { settings.append(.keyPath(implied)) }
        let kind = try keyPathKind(fields, on: layerClass, implied: implied)
        for (key, _, value) in fields.entries {
            if let setting = try classSetting(key, value, kind: kind, keyPath: try fields["keyPath"]?.string() ?? implied ?? "",
                                              on: layerClass) {
                settings.append(setting)
            }
        }
        if let last = lastAnimation.spec, last.prototype.checkedFor == layerClass.type, last.className == name,
           last.settings == settings {
            return AnimationSpec(className: name, settings: last.settings, beginTimeFromNow: timing.beginTimeFromNow,
                                 prototype: last.prototype)
        }
        do {
            let spec = try AnimationSpec(className: name, settings: settings, beginTimeFromNow: timing.beginTimeFromNow,
                                         checkedFor: layerClass.type)
            lastAnimation.spec = spec
            return spec
        } catch let error as CAAnimationError {
            let property = error.property.flatMap { fields[$0] }
            let entries = (try? property?.list()) ?? []
            let entry = error.item.flatMap { entries.indices.contains($0) ? entries[$0] : nil }
            throw (entry ?? property ?? node).error(error.message)
        }
    }

    /// The settings of the timing keys, and a beginTime counted from when the animation is
    /// added (a scene's beginTime; inside a group, a beginTime is the API's own).
    private func timingSettings(_ fields: Fields, nested: Bool) throws
        -> (settings: [AnimationSpec.Setting], beginTimeFromNow: Double?) {
        var settings: [AnimationSpec.Setting] = []
        var beginTimeFromNow: Double?
        for (key, _, value) in fields.entries {
            switch key {
            case "duration": settings.append(.duration(try value.nonNegativeTime()))
            case "beginTime":
                // Relative to now in a scene; the API's beginTime is absolute layer time,
                // except in a group, whose children count from the group's start.
                let offset = try value.time()
                if nested { settings.append(.beginTime(offset)) } else { beginTimeFromNow = offset }
            case "timeOffset": settings.append(.timeOffset(try value.time()))
            case "speed": settings.append(.speed(try value.float()))
            case "repeatCount": settings.append(.repeatCount(try repeatCount(value)))
            case "repeatDuration": settings.append(.repeatDuration(try value.nonNegativeTime()))
            case "autoreverses": settings.append(.autoreverses(try value.bool()))
            case "isRemovedOnCompletion": settings.append(.isRemovedOnCompletion(try value.bool()))
            case "fillMode":
                let mode = try value.choice(["removed", "forwards", "backwards", "both"])
                settings.append(.fillMode(CAMediaTimingFillMode(rawValue: mode)))
            case "timingFunction": settings.append(.timingFunction(try value.timingFunction()))
            default: break
            }
        }
        return (settings, beginTimeFromNow)
    }

    /// The kind of value the animation's key path holds (numbers with a value function),
    /// or nil for animations without a key path.
    private func keyPathKind(_ fields: Fields, on layerClass: LayerClass, implied: String?) throws -> AnimationValue.Kind? {
        if let implied {
            guard let kind = layerClass.type.animatableKind(forKeyPath: implied) else {
                throw fields.owner.error("'\(implied)' is not an animatable key path of \(layerClass.name), so its action needs a 'keyPath'")
            }
            return kind
        }
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

    private func classSetting(_ key: String, _ value: SceneNode, kind: AnimationValue.Kind?, keyPath: String,
                              on layerClass: LayerClass) throws -> AnimationSpec.Setting? {
        switch key {
        case "keyPath": return .keyPath(keyPath)
        case "isAdditive": return .isAdditive(try value.bool())
        case "isCumulative": return .isCumulative(try value.bool())
        case "valueFunction":
            return .valueFunction(.init(rawValue: try value.choice(CAValueFunction.Name.all.map(\.rawValue))))
        case "fromValue": return .fromValue(try animationValue(value, kind: kind!, keyPath: keyPath, on: layerClass))
        case "toValue": return .toValue(try animationValue(value, kind: kind!, keyPath: keyPath, on: layerClass))
        case "byValue": return .byValue(try animationValue(value, kind: kind!, keyPath: keyPath, on: layerClass))
        case "mass": return .mass(try value.positiveNumber())
        case "stiffness": return .stiffness(try value.positiveNumber())
        // Apple: "Must be greater than or equal to 0" (an undamped spring at 0).
        case "damping": return .damping(try value.nonNegativeNumber())
        case "initialVelocity": return .initialVelocity(try value.number())
        case "allowsOverdamping": return .allowsOverdamping(try value.bool())
        case "values":
            return .values(try value.list().map { try animationValue($0, kind: kind!, keyPath: keyPath, on: layerClass) })
        case "keyTimes": return .keyTimes(try value.list().map { try $0.number() })
        case "path": return .path(try value.path())
        case "calculationMode":
            return .calculationMode(CAAnimationCalculationMode(rawValue: try value.choice(CAAnimationCalculationMode.all.map(\.rawValue))))
        case "rotationMode": return .rotationMode(CAAnimationRotationMode(rawValue: try value.choice(["auto", "autoReverse"])))
        case "timingFunctions": return .timingFunctions(try value.list().map { try $0.timingFunction() })
        case "animations": return .animations(try value.list().map { try animation($0, nested: true, on: layerClass) })
        case "type": return .type(CATransitionType(rawValue: try value.choice(CATransitionType.all.map(\.rawValue))))
        case "subtype": return .subtype(CATransitionSubtype(rawValue: try value.choice(CATransitionSubtype.all.map(\.rawValue))))
        case "startProgress", "endProgress":
            let progress = try value.number()
            guard (0...1).contains(progress) else { throw value.error("'\(key)' must be between 0 and 1, got \(progress)") }
            return key == "startProgress" ? .startProgress(Float(progress)) : .endProgress(Float(progress))
        default: return nil
        }
    }

    /// A value of `kind` for `keyPath` of a `layerClass` layer; numbers of rotation key paths
    /// may be angles ("90deg"), and a number for a property Apple types `Float` (`opacity`)
    /// beyond a Float's range, which would be infinity, is an error naming the range (T6).
    func animationValue(_ node: SceneNode, kind: AnimationValue.Kind, keyPath: String,
                        on layerClass: LayerClass) throws -> AnimationValue {
        switch kind {
        case .number where layerClass.type.animatesFloat(atKeyPath: keyPath):
            _ = try node.float() // only checked: the animation keeps the number as written, as before
            return .number(try node.number())
        case .number:
            let number = keyPath.contains("rotation") || keyPath == "transform" ? try node.angle() : try node.number()
            if keyPath == "fontSize" { try node.check("the font size", number, against: \.fontSize) }
            return .number(number)
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

    /// A count of cycles: a number ≥ 0, or infinity (`infinity`, `inf`, `.inf` as words, as
    /// a JSON scene writes them, or a YAML infinity such as `.inf` or `+.inf`); a negative count or NaN (`.nan`), which counts nothing
    /// (T2), is an error naming it as written, and so is a finite count a `Float`
    /// (`CAMediaTiming.repeatCount`'s type) does not hold, such as `1e300`, which would
    /// silently repeat for ever.
    func repeatCount(_ node: SceneNode) throws -> Float {
        if let text = node.node.string, ["infinity", "inf", ".inf"].contains(text.lowercased()) { return .infinity }
        guard let count = node.node.number else { return try node.float() }
        guard TimingValueRule.repeats.accepts(count) else {
            throw node.error("'repeatCount' must be 0 or more (or infinity), got \(node.node.string ?? String(count))")
        }
        return count == .infinity ? .infinity : try node.float()
    }
}
