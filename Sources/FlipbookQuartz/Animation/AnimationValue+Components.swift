import Foundation

/// Key paths into values: `position.x`, `bounds.size.width`, `transform.rotation.z`.
///
/// Points have `x`, `y`; sizes `width`, `height`; rects `origin` and `size` (and their
/// members); transforms the components Core Animation defines — `rotation` (= `.z`),
/// `rotation.x/y/z`, `scale` (uniform), `scale.x/y/z`, `translation` (a size),
/// `translation.x/y/z` — read from and written back into the decomposed matrix.
extension AnimationValue {
    /// The kind of the member at `path` of a value of `kind`, or nil if there is none.
    public static func kind(of path: [String], in kind: Kind) -> Kind? {
        guard !path.isEmpty else { return kind }
        return zero(kind).component(path)?.kind
    }

    /// The member paths `component(_:)` answers for a value of `kind`, dot-joined.
    public static func memberPaths(of kind: Kind) -> [String] {
        switch kind {
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["origin", "size"] + memberPaths(of: .point).map { "origin.\($0)" }
            + memberPaths(of: .size).map { "size.\($0)" }
        case .transform: ["rotation", "scale", "translation"] + TransformComponent.allCases.map(\.rawValue)
        default: []
        }
    }

    /// The member at `path` (empty: the value itself).
    public func component(_ path: [String]) -> AnimationValue? { component(path[...]) }

    /// `self` with the member at `path` replaced by `value`; nil if the path or the
    /// value's kind does not fit.
    public func replacingComponent(_ path: [String], with value: AnimationValue) -> AnimationValue? {
        replacingComponent(path[...], with: value)
    }

    // Slices rather than arrays below: these run for every animated property in every frame.

    private func component(_ path: ArraySlice<String>) -> AnimationValue? {
        guard let first = path.first else { return self }
        let rest = path.dropFirst()
        switch self {
        case .point(let p):
            guard rest.isEmpty else { return nil }
            switch first {
            case "x": return .number(p.x)
            case "y": return .number(p.y)
            default: return nil
            }
        case .size(let s):
            guard rest.isEmpty else { return nil }
            switch first {
            case "width": return .number(s.width)
            case "height": return .number(s.height)
            default: return nil
            }
        case .rect(let r):
            switch first {
            case "origin": return AnimationValue.point(r.origin).component(rest)
            case "size": return AnimationValue.size(r.size).component(rest)
            default: return nil
            }
        case .transform(let t):
            return Self.transformComponent(path, of: t)
        default:
            return nil
        }
    }

    private func replacingComponent(_ path: ArraySlice<String>, with value: AnimationValue) -> AnimationValue? {
        guard let first = path.first else { return value.kind == kind ? value : nil }
        let rest = path.dropFirst()
        switch (self, value) {
        case (.point(var p), .number(let n)) where rest.isEmpty:
            switch first {
            case "x": p.x = n
            case "y": p.y = n
            default: return nil
            }
            return .point(p)
        case (.size(var s), .number(let n)) where rest.isEmpty:
            switch first {
            case "width": s.width = n
            case "height": s.height = n
            default: return nil
            }
            return .size(s)
        case (.rect(var r), _):
            switch first {
            case "origin":
                guard case .point(let p)? = AnimationValue.point(r.origin).replacingComponent(rest, with: value) else { return nil }
                r.origin = p
            case "size":
                guard case .size(let s)? = AnimationValue.size(r.size).replacingComponent(rest, with: value) else { return nil }
                r.size = s
            default: return nil
            }
            return .rect(r)
        case (.transform(let t), _):
            return Self.replacingTransformComponent(path, of: t, with: value)
        default:
            return nil
        }
    }

    private static func transformComponent(_ path: ArraySlice<String>, of t: CATransform3D) -> AnimationValue? {
        switch path.count == 1 ? path.first! : path.joined(separator: ".") {
        case "scale":
            let scales = [TransformComponent.scaleX, .scaleY, .scaleZ].map { t.component($0) }
            return .number(scales.reduce(0, +) / 3)
        case "translation":
            return .size(CGSize(width: t.component(.translationX), height: t.component(.translationY)))
        case let name:
            return TransformComponent(keyPath: name).map { .number(t.component($0)) }
        }
    }

    private static func replacingTransformComponent(_ path: ArraySlice<String>, of t: CATransform3D,
                                                    with value: AnimationValue) -> AnimationValue? {
        switch (path.count == 1 ? path.first! : path.joined(separator: "."), value) {
        case ("scale", .number(let n)):
            return .transform(t.setting(.scaleX, to: n).setting(.scaleY, to: n).setting(.scaleZ, to: n))
        case ("translation", .size(let s)):
            return .transform(t.setting(.translationX, to: s.width).setting(.translationY, to: s.height))
        case (let name, .number(let n)):
            return TransformComponent(keyPath: name).map { .transform(t.setting($0, to: n)) }
        default:
            return nil
        }
    }
}
