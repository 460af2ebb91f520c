import Foundation

/// Key paths into values: `position.x`, `bounds.size.width`, `transform.rotation.z`.
///
/// Points have `x`, `y`; sizes `width`, `height`; rects `origin` and `size` (and their
/// members); transforms the components Core Animation defines — `rotation` (= `.z`),
/// `rotation.x/y/z`, `scale` (uniform), `scale.x/y/z`, `translation` (a size),
/// `translation.x/y/z` — read from and written back into the decomposed matrix.
extension AnimationValue {
    /// A member named by the tail of a key path, parsed once: evaluating an animation of
    /// `position.x` reads and writes it for every frame without comparing names again.
    public enum Member: Sendable, Hashable {
        /// Of a point.
        case x, y
        /// Of a size.
        case width, height
        /// Of a rect.
        case origin, size, originX, originY, sizeWidth, sizeHeight
        /// Of a transform: one decomposed component, the uniform `scale`, or `translation` (a size).
        case transform(TransformComponent), scale, translation

        /// The member a key path's tail names (`["size", "width"]`), or nil for an unknown name.
        public init?(_ path: [String]) {
            switch path.joined(separator: ".") {
            case "x": self = .x
            case "y": self = .y
            case "width": self = .width
            case "height": self = .height
            case "origin": self = .origin
            case "size": self = .size
            case "origin.x": self = .originX
            case "origin.y": self = .originY
            case "size.width": self = .sizeWidth
            case "size.height": self = .sizeHeight
            case "scale": self = .scale
            case "translation": self = .translation
            case let name:
                guard let component = TransformComponent(keyPath: name) else { return nil }
                self = .transform(component)
            }
        }
    }

    /// The kind of `member` of a value of `kind`, or nil when values of that kind have no such member.
    public static func kind(of member: Member, in kind: Kind) -> Kind? {
        zero(kind).component(member)?.kind
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

    /// The member, or nil when this kind of value has none of that name.
    public func component(_ member: Member) -> AnimationValue? {
        switch (self, member) {
        case (.point(let p), .x): .number(p.x)
        case (.point(let p), .y): .number(p.y)
        case (.size(let s), .width): .number(s.width)
        case (.size(let s), .height): .number(s.height)
        case (.rect(let r), .origin): .point(r.origin)
        case (.rect(let r), .size): .size(r.size)
        case (.rect(let r), .originX): .number(r.origin.x)
        case (.rect(let r), .originY): .number(r.origin.y)
        case (.rect(let r), .sizeWidth): .number(r.size.width)
        case (.rect(let r), .sizeHeight): .number(r.size.height)
        case (.transform(let t), .transform(let component)): .number(t.component(component))
        case (.transform(let t), .scale):
            .number((t.component(.scaleX) + t.component(.scaleY) + t.component(.scaleZ)) / 3)
        case (.transform(let t), .translation):
            .size(CGSize(width: t.component(.translationX), height: t.component(.translationY)))
        default: nil
        }
    }

    /// The value with the member replaced, or nil when the member or the kind of `value` does not fit.
    public func replacingComponent(_ member: Member, with value: AnimationValue) -> AnimationValue? {
        switch (self, member, value) {
        case (.point(var p), .x, .number(let n)): p.x = n; return .point(p)
        case (.point(var p), .y, .number(let n)): p.y = n; return .point(p)
        case (.size(var s), .width, .number(let n)): s.width = n; return .size(s)
        case (.size(var s), .height, .number(let n)): s.height = n; return .size(s)
        case (.rect(var r), .origin, .point(let p)): r.origin = p; return .rect(r)
        case (.rect(var r), .size, .size(let s)): r.size = s; return .rect(r)
        case (.rect(var r), .originX, .number(let n)): r.origin.x = n; return .rect(r)
        case (.rect(var r), .originY, .number(let n)): r.origin.y = n; return .rect(r)
        case (.rect(var r), .sizeWidth, .number(let n)): r.size.width = n; return .rect(r)
        case (.rect(var r), .sizeHeight, .number(let n)): r.size.height = n; return .rect(r)
        case (.transform(let t), .transform(let component), .number(let n)):
            return .transform(t.setting(component, to: n))
        case (.transform(let t), .scale, .number(let n)):
            return .transform(t.setting(.scaleX, to: n).setting(.scaleY, to: n).setting(.scaleZ, to: n))
        case (.transform(let t), .translation, .size(let s)):
            return .transform(t.setting(.translationX, to: s.width).setting(.translationY, to: s.height))
        default:
            return nil
        }
    }
}
