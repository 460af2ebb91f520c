import Foundation

/// A property Core Animation can animate: its value kind and how to read and write it
/// as an `AnimationValue`.
///
/// Sendable by hand: its closures capture only key paths and pure conversions, so the
/// tables of them can be shared by layers on any thread, as Core Animation's are.
public struct AnimatableProperty: @unchecked Sendable {
    public let kind: AnimationValue.Kind
    let get: (CALayer) -> AnimationValue
    let set: (CALayer, AnimationValue) -> Void
    /// For a transform, the matrix itself: writing one component (`transform.rotation.z`)
    /// in every frame then boxes no `AnimationValue`s.
    var matrix: (get: (CALayer) -> CATransform3D, set: (CALayer, CATransform3D) -> Void)?
    /// For `CALayer`'s properties kept in `LayerPlacement`, which of them: a plain layer's
    /// animations of it are evaluated without a presentation copy.
    var placementField: LayerPlacement.Field?
    /// Whether Apple types the property `Float` (`opacity`, `shadowOpacity`, a replicator's
    /// colour offsets): a number beyond a Float's range is infinity there.
    public private(set) var isFloat = false

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

    // Key path forms, for subclasses' properties; each converts through the closure form
    // of its kind below.

    public static func number<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGFloat>) -> Self {
        number({ Double(($0 as! Layer)[keyPath: keyPath]) }, { ($0 as! Layer)[keyPath: keyPath] = CGFloat($1) })
    }

    public static func number<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Float>) -> Self {
        float({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func point<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGPoint>) -> Self {
        point({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func size<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGSize>) -> Self {
        size({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func rect<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGRect>) -> Self {
        rect({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func color<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CGColor?>) -> Self {
        color({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func transform<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, CATransform3D>) -> Self {
        transform({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    public static func bool<Layer: CALayer>(_ keyPath: ReferenceWritableKeyPath<Layer, Bool>) -> Self {
        bool({ ($0 as! Layer)[keyPath: keyPath] }, { ($0 as! Layer)[keyPath: keyPath] = $1 })
    }

    // Closure forms: CALayer's own properties use them directly (see `layerProperties`).

    static func number(_ get: @escaping (CALayer) -> Double,
                       _ set: @escaping (CALayer, Double) -> Void) -> Self {
        AnimatableProperty(kind: .number, get: { .number(get($0)) }, set: { if case .number(let n) = $1 { set($0, n) } })
    }

    /// A number property Apple types `Float`.
    static func float(_ get: @escaping (CALayer) -> Float, _ set: @escaping (CALayer, Float) -> Void) -> Self {
        var property = number({ Double(get($0)) }, { set($0, Float($1)) })
        property.isFloat = true
        return property
    }

    static func point(_ get: @escaping (CALayer) -> CGPoint,
                      _ set: @escaping (CALayer, CGPoint) -> Void) -> Self {
        AnimatableProperty(kind: .point, get: { .point(get($0)) }, set: { if case .point(let p) = $1 { set($0, p) } })
    }

    static func size(_ get: @escaping (CALayer) -> CGSize,
                     _ set: @escaping (CALayer, CGSize) -> Void) -> Self {
        AnimatableProperty(kind: .size, get: { .size(get($0)) }, set: { if case .size(let s) = $1 { set($0, s) } })
    }

    static func rect(_ get: @escaping (CALayer) -> CGRect,
                     _ set: @escaping (CALayer, CGRect) -> Void) -> Self {
        AnimatableProperty(kind: .rect, get: { .rect(get($0)) }, set: { if case .rect(let r) = $1 { set($0, r) } })
    }

    static func color(_ get: @escaping (CALayer) -> CGColor?,
                      _ set: @escaping (CALayer, CGColor?) -> Void) -> Self {
        AnimatableProperty(kind: .color, get: { .color(get($0)) }, set: { if case .color(let c) = $1 { set($0, c) } })
    }

    static func transform(_ get: @escaping (CALayer) -> CATransform3D,
                          _ set: @escaping (CALayer, CATransform3D) -> Void) -> Self {
        AnimatableProperty(kind: .transform, get: { .transform(get($0)) },
                           set: { if case .transform(let t) = $1 { set($0, t) } }, matrix: (get, set))
    }

    /// The same property, kept as `field` of `LayerPlacement`.
    func placed(at field: LayerPlacement.Field) -> Self {
        var placed = self
        placed.placementField = field
        return placed
    }

    static func bool(_ get: @escaping (CALayer) -> Bool,
                     _ set: @escaping (CALayer, Bool) -> Void) -> Self {
        AnimatableProperty(kind: .bool, get: { .bool(get($0)) }, set: { if case .bool(let b) = $1 { set($0, b) } })
    }
}

extension CALayer {
    /// The animatable properties of CALayer by key (G6), under Core Animation's key
    /// names (`hidden`, `doubleSided`); the Swift names `isHidden`, `isDoubleSided` are
    /// accepted too.
    private static let layerProperties: [String: AnimatableProperty] = [
        // Plain closures, not key paths: evaluating animations reads and writes these for
        // every animated layer in every frame, and a key path application costs several times
        // a direct access.
        "position": .point({ $0.position }, { $0.position = $1 }).placed(at: .position),
        "bounds": .rect({ $0.bounds }, { $0.bounds = $1 }).placed(at: .bounds),
        "anchorPoint": .point({ $0.anchorPoint }, { $0.anchorPoint = $1 }).placed(at: .anchorPoint),
        "transform": .transform({ $0.transform }, { $0.transform = $1 }).placed(at: .transform),
        "sublayerTransform": .transform({ $0.sublayerTransform }, { $0.sublayerTransform = $1 }),
        "opacity": .float({ $0.opacity }, { $0.opacity = $1 }).placed(at: .opacity),
        "backgroundColor": .color({ $0.backgroundColor }, { $0.backgroundColor = $1 }),
        "cornerRadius": .number({ Double($0.cornerRadius) }, { $0.cornerRadius = CGFloat($1) }),
        "borderWidth": .number({ Double($0.borderWidth) }, { $0.borderWidth = CGFloat($1) }),
        "borderColor": .color({ $0.borderColor }, { $0.borderColor = $1 }),
        "shadowColor": .color({ $0.shadowColor }, { $0.shadowColor = $1 }),
        "shadowOpacity": .float({ $0.shadowOpacity }, { $0.shadowOpacity = $1 }),
        "shadowOffset": .size({ $0.shadowOffset }, { $0.shadowOffset = $1 }),
        "shadowRadius": .number({ Double($0.shadowRadius) }, { $0.shadowRadius = CGFloat($1) }),
        "shadowPath": AnimatableProperty(kind: .path, get: { .path($0.shadowPath) },
                                         set: { if case .path(let path) = $1 { $0.shadowPath = path } }),
        "masksToBounds": .bool({ $0.masksToBounds }, { $0.masksToBounds = $1 }),
        "hidden": .bool({ $0.isHidden }, { $0.isHidden = $1 }),
        "zPosition": .number({ Double($0.zPosition) }, { $0.zPosition = CGFloat($1) }).placed(at: .zPosition),
        "doubleSided": .bool({ $0.isDoubleSided }, { $0.isDoubleSided = $1 }),
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
        AnimationTarget.shared(keyPath, in: self)?.kind
    }

    /// Whether the value at `keyPath` is a `Float` in Apple's API (`opacity`,
    /// `shadowOpacity`, a replicator's colour offsets), so a number beyond a Float's range
    /// becomes infinity there.
    public class func animatesFloat(atKeyPath keyPath: String) -> Bool {
        guard let target = AnimationTarget.shared(keyPath, in: self) else { return false }
        return target.member == nil && target.property.isFloat
    }

    /// The value at an animatable key path, or nil if there is none. The path is split
    /// once per layer class (see `AnimationTarget.shared`): animators and uncommitted
    /// changes read and write by name in every frame.
    public func value(forAnimatableKeyPath keyPath: String) -> AnimationValue? {
        AnimationTarget.shared(keyPath, in: type(of: self))?.value(of: self)
    }

    /// Writes `value` at an animatable key path; a value that does not fit is ignored.
    public func setValue(_ value: AnimationValue, forAnimatableKeyPath keyPath: String) {
        AnimationTarget.shared(keyPath, in: type(of: self))?.setValue(value, of: self)
    }
}

/// An animatable key path resolved for one layer class: the property its key names and
/// the member below it. Animations keep theirs, so evaluating one in every frame looks
/// up neither the property nor the member names again (a class: handing it out each
/// frame retains one object, not each of the property's closures).
final class AnimationTarget {
    let property: AnimatableProperty
    /// nil: the whole value.
    let member: AnimationValue.Member?

    /// The target of `keyPath` on `layerClass`, made once and shared by every animation of
    /// that key path and every read or write by name: a frame of a thousand layers
    /// animating `position.x` then reads one target, already in the processor's cache,
    /// not a thousand.
    static func shared(_ keyPath: String, in layerClass: CALayer.Type) -> AnimationTarget? {
        let key = SharedKey(layerClass: ObjectIdentifier(layerClass), keyPath: keyPath)
        return sharedTargetsLock.withLock {
            if let target = sharedTargets[key] { return target }
            let target = AnimationTarget(AnimatableKeyPath(keyPath), in: layerClass)
            sharedTargets[key] = target
            return target
        }
    }

    private struct SharedKey: Hashable {
        let layerClass: ObjectIdentifier
        let keyPath: String
    }

    /// Guarded by `sharedTargetsLock`: layers, like Core Animation's, may be used on any thread.
    nonisolated(unsafe) private static var sharedTargets: [SharedKey: AnimationTarget] = [:]
    private static let sharedTargetsLock = NSLock()

    /// nil when the key does not name an animatable property of `layerClass`, or the
    /// members are not a member of it.
    private init?(_ path: AnimatableKeyPath, in layerClass: CALayer.Type) {
        guard let property = layerClass.animatableProperty(forKey: path.key),
              path.members.isEmpty || path.member != nil else { return nil }
        self.property = property
        member = path.member
    }

    /// The kind of the value at the key path; nil when the member is not one of the property's.
    var kind: AnimationValue.Kind? {
        guard let member else { return property.kind }
        return AnimationValue.kind(of: member, in: property.kind)
    }

    func value(of layer: CALayer) -> AnimationValue? {
        member(of: property.get(layer))
    }

    /// `value(of:)` for a plain layer's placement, where the property is kept as `field`.
    func value(of placement: LayerPlacement, at field: LayerPlacement.Field) -> AnimationValue? {
        member(of: placement[field])
    }

    private func member(of whole: AnimationValue) -> AnimationValue? {
        guard let member else { return whole }
        return whole.component(member)
    }

    /// Writes `value` into `layer`; a value that does not fit is ignored.
    func setValue(_ value: AnimationValue, of layer: CALayer) {
        if let (component, number) = transformComponent(value), let matrix = property.matrix {
            matrix.set(layer, matrix.get(layer).setting(component, to: number))
        } else if let whole = wholeValue(writing: value, over: property.get(layer)) {
            property.set(layer, whole)
        }
    }

    /// `setValue(_:of:)` for a plain layer's placement, where the property is kept as `field`:
    /// the same bits as written into a presentation copy.
    func setValue(_ value: AnimationValue, of placement: inout LayerPlacement, at field: LayerPlacement.Field) {
        if case .number(let number) = value {
            setNumber(number, of: &placement, at: field)
        } else if let whole = wholeValue(writing: value, over: placement[field]) {
            placement[field] = whole
        }
    }

    /// `setValue(.number(number), of:at:)`; one number of a transform (`transform.rotation.z`)
    /// is written into the matrix without boxing it as an `AnimationValue`.
    func setNumber(_ number: Double, of placement: inout LayerPlacement, at field: LayerPlacement.Field) {
        if case .transform(let component)? = member, field == .transform {
            placement.transform = placement.transform.setting(component, to: number)
        } else if let whole = wholeValue(writing: .number(number), over: placement[field]) {
            placement[field] = whole
        }
    }

    /// The component and number when `value` is one number of a transform (`transform.rotation.z`).
    private func transformComponent(_ value: AnimationValue) -> (TransformComponent, Double)? {
        guard case .transform(let component)? = member, case .number(let number) = value else { return nil }
        return (component, number)
    }

    /// The property's whole value with `value` written at the key path over `current`
    /// (read only for a member); nil when `value` does not fit.
    private func wholeValue(writing value: AnimationValue, over current: @autoclosure () -> AnimationValue)
        -> AnimationValue? {
        if let member { return current().replacingComponent(member, with: value) }
        return value.kind == property.kind ? value : nil
    }
}
