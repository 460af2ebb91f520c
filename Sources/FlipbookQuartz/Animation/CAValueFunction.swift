import Foundation

/// Turns animated numbers into a transform (`CAValueFunction`): a 0 → 2π `rotateZ`
/// animation turns a full circle, which matrix interpolation cannot express (CA2).
public final class CAValueFunction: Sendable, Hashable {
    public struct Name: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let rotateX = Name(rawValue: "rotateX")
        public static let rotateY = Name(rawValue: "rotateY")
        public static let rotateZ = Name(rawValue: "rotateZ")
        public static let scale = Name(rawValue: "scale")
        public static let scaleX = Name(rawValue: "scaleX")
        public static let scaleY = Name(rawValue: "scaleY")
        public static let scaleZ = Name(rawValue: "scaleZ")
        public static let translate = Name(rawValue: "translate")
        public static let translateX = Name(rawValue: "translateX")
        public static let translateY = Name(rawValue: "translateY")
        public static let translateZ = Name(rawValue: "translateZ")
        public static let all: [Name] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                         .translate, .translateX, .translateY, .translateZ]
    }

    public let name: Name

    /// nil for a name Core Animation does not define.
    public init?(name: Name) {
        guard Name.all.contains(name) else { return nil }
        self.name = name
    }

    /// Every function takes one number here: `scale` scales x, y and z by it and
    /// `translate` moves x and y by it. (Apple's `scale` and `translate` take three
    /// numbers; a value of three numbers is not an animatable kind yet.)
    var inputKind: AnimationValue.Kind { .number }

    func transform(for value: AnimationValue) -> CATransform3D {
        guard case .number(let v) = value else { return .identity }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(v, v, v)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v)
        case .translate: return CATransform3DMakeTranslation(v, v, 0)
        default: return .identity
        }
    }

    public static func == (a: CAValueFunction, b: CAValueFunction) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
