import Foundation

/// Key-value coding on layers, as Core Animation extends it: a key path may go into the
/// fields of a property's structure (`position.x`, `bounds.size.height`,
/// `transform.rotation.z`, `transform.scale`, `shadowOffset.height`), and a write through
/// one sets the whole property, so it runs the whole property's action — an implicit
/// animation of `position` for `position.x`, a view's block animation inside a block.
/// Like Core Animation's, a layer is a key-value coding container: a key that names no
/// property keeps any value, and gives it back.
extension CALayer {
    /// Sets the value at `keyPath`, as `setValue(_:forKeyPath:)` does on iOS.
    ///
    /// `value` is what Apple's API accepts: a number of any type, `CGPoint`, `CGSize`,
    /// `CGRect`, `CGColor`, `CATransform3D`, `Bool`, `CGPath` …; nil clears a colour, path or
    /// image. Rotations are radians. A value of another kind changes nothing; a key (no
    /// dot) that names no animatable property keeps the value, nil removing it.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let kind = type(of: self).animatableKind(forKeyPath: keyPath) else {
            if !keyPath.contains(".") { userValues[keyPath] = value }
            return
        }
        guard let converted = value.map(AnimationValue.init) ?? AnimationValue.none(of: kind) else { return }
        setValue(converted, forAnimatableKeyPath: keyPath)
    }

    /// The value at `keyPath`, as `value(forKeyPath:)` gives it: numbers as `NSNumber`,
    /// structures as their Swift types (`CGPoint`, `CATransform3D` …), colours as `CGColor`;
    /// for another key, the value `setValue(_:forKey:)` kept, or nil.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard type(of: self).animatableKind(forKeyPath: keyPath) != nil else { return userValues[keyPath] }
        return value(forAnimatableKeyPath: keyPath)?.objectValue
    }

    /// `setValue(_:forKeyPath:)` for a single key.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// `value(forKeyPath:)` for a single key.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }
}

extension AnimationValue {
    /// The value of `kind` that nil stands for (no colour, path or image); nil for kinds
    /// that have none.
    static func none(of kind: Kind) -> AnimationValue? {
        switch kind {
        case .color: .color(nil)
        case .path: .path(nil)
        case .image: .image(nil)
        default: nil
        }
    }

    /// The value as Apple's key-value coding returns it: a number as `NSNumber`, the
    /// others as their Swift types; nil for no colour, path or image.
    public var objectValue: Any? {
        switch self {
        case .number(let n): NSNumber(value: n)
        case .point(let p): p
        case .size(let s): s
        case .rect(let r): r
        case .color(let c): c
        case .transform(let t): t
        case .bool(let b): b
        case .image(let i): i
        case .path(let p): p
        case .colors(let c): c
        case .numbers(let n): n.map { NSNumber(value: $0) }
        }
    }
}
