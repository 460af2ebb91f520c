import Foundation

/// A property Core Animation can animate: its value kind and how to read and write it
/// as an `AnimationValue`.
@MainActor
public struct AnimatableProperty {
    public let kind: AnimationValue.Kind
    let get: @MainActor (CALayer) -> AnimationValue
    let set: @MainActor (CALayer, AnimationValue) -> Void

    /// A property stored at `keyPath` of layers of type `Layer`, converted with `wrap`
    /// and `unwrap` (values of another kind are ignored).
    public static func stored<Layer: CALayer, Value>(
        _ keyPath: ReferenceWritableKeyPath<Layer, Value>, kind: AnimationValue.Kind,
        wrap: @escaping (Value) -> AnimationValue, unwrap: @escaping (AnimationValue) -> Value?
    ) -> AnimatableProperty {
        AnimatableProperty(
            kind: kind,
            get: { wrap(($0 as! Layer)[keyPath: keyPath]) },
            set: { layer, value in
                if let value = unwrap(value) { (layer as! Layer)[keyPath: keyPath] = value }
            })
    }

    public static func number<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGFloat>) -> Self {
        stored(keyPath, kind: .number, wrap: { .number(Double($0)) }) {
            if case .number(let n) = $0 { CGFloat(n) } else { nil }
        }
    }

    public static func number<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Float>) -> Self {
        stored(keyPath, kind: .number, wrap: { .number(Double($0)) }) {
            if case .number(let n) = $0 { Float(n) } else { nil }
        }
    }

    public static func point<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGPoint>) -> Self {
        stored(keyPath, kind: .point, wrap: { .point($0) }) { if case .point(let p) = $0 { p } else { nil } }
    }

    public static func size<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGSize>) -> Self {
        stored(keyPath, kind: .size, wrap: { .size($0) }) { if case .size(let s) = $0 { s } else { nil } }
    }

    public static func rect<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGRect>) -> Self {
        stored(keyPath, kind: .rect, wrap: { .rect($0) }) { if case .rect(let r) = $0 { r } else { nil } }
    }

    public static func color<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGColor?>) -> Self {
        stored(keyPath, kind: .color, wrap: { .color($0) }) { if case .color(let c) = $0 { .some(c) } else { nil } }
    }

    public static func transform<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CATransform3D>) -> Self {
        stored(keyPath, kind: .transform, wrap: { .transform($0) }) { if case .transform(let t) = $0 { t } else { nil } }
    }

    public static func bool<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Bool>) -> Self {
        stored(keyPath, kind: .bool, wrap: { .bool($0) }) { if case .bool(let b) = $0 { b } else { nil } }
    }
}

extension CALayer {
    /// The animatable properties of CALayer by key (G6), under Core Animation's key
    /// names (`hidden`, `doubleSided`); the Swift names `isHidden`, `isDoubleSided` are
    /// accepted too.
    private static let layerProperties: [String: AnimatableProperty] = [
        "position": .point(\CALayer.position),
        "bounds": .rect(\CALayer.bounds),
        "anchorPoint": .point(\CALayer.anchorPoint),
        "transform": .transform(\CALayer.transform),
        "sublayerTransform": .transform(\CALayer.sublayerTransform),
        "opacity": .number(\CALayer.opacity),
        "backgroundColor": .color(\CALayer.backgroundColor),
        "cornerRadius": .number(\CALayer.cornerRadius),
        "borderWidth": .number(\CALayer.borderWidth),
        "borderColor": .color(\CALayer.borderColor),
        "shadowColor": .color(\CALayer.shadowColor),
        "shadowOpacity": .number(\CALayer.shadowOpacity),
        "shadowOffset": .size(\CALayer.shadowOffset),
        "shadowRadius": .number(\CALayer.shadowRadius),
        "masksToBounds": .bool(\CALayer.masksToBounds),
        "hidden": .bool(\CALayer.isHidden),
        "zPosition": .number(\CALayer.zPosition),
        "doubleSided": .bool(\CALayer.isDoubleSided),
    ]

    private static let swiftNames = ["isHidden": "hidden", "isDoubleSided": "doubleSided"]

    static func layerProperty(forKey key: String) -> AnimatableProperty? {
        layerProperties[swiftNames[key] ?? key] ?? contentsProperties[key]
    }

    /// Every animatable key path of CALayer itself — its properties and their members
    /// (`position`, `position.x` …) — for listing and suggestions.
    public static var animatableKeyPaths: [String] {
        layerProperties.merging(contentsProperties) { a, _ in a }.sorted { $0.key < $1.key }.flatMap { key, property in
            [key] + AnimationValue.memberPaths(of: property.kind).map { "\(key).\($0)" }
        }
    }

    /// The kind of value at `keyPath` (`position.x` is a number), or nil if the key path
    /// does not name an animatable property or a member of one.
    public class func animatableKind(forKeyPath keyPath: String) -> AnimationValue.Kind? {
        let path = AnimatableKeyPath(keyPath)
        guard let property = animatableProperty(forKey: path.key) else { return nil }
        return AnimationValue.kind(of: path.members, in: property.kind)
    }

    /// The value at an animatable key path, or nil if there is none.
    public func value(forAnimatableKeyPath keyPath: String) -> AnimationValue? {
        value(at: AnimatableKeyPath(keyPath))
    }

    /// Writes `value` at an animatable key path; a value that does not fit is ignored.
    public func setValue(_ value: AnimationValue, forAnimatableKeyPath keyPath: String) {
        setValue(value, at: AnimatableKeyPath(keyPath))
    }

    /// The value at an animatable key path already split, or nil if there is none.
    public func value(at path: AnimatableKeyPath) -> AnimationValue? {
        guard let property = type(of: self).animatableProperty(forKey: path.key) else { return nil }
        let whole = property.get(self)
        return path.members.isEmpty ? whole : whole.component(path.members)
    }

    /// Writes `value` at an animatable key path already split; a value that does not fit is ignored.
    public func setValue(_ value: AnimationValue, at path: AnimatableKeyPath) {
        guard let property = type(of: self).animatableProperty(forKey: path.key) else { return }
        if path.members.isEmpty {
            if value.kind == property.kind { property.set(self, value) }
        } else if let whole = property.get(self).replacingComponent(path.members, with: value) {
            property.set(self, whole)
        }
    }
}
