import Foundation

/// A value an animation can carry, with the arithmetic Core Animation performs on it:
/// interpolation, addition (additive and cumulative animations) and distance (paced
/// keyframes).
///
/// Public animation properties are `Any?`, as Apple's are (`fromValue = 0.5`,
/// `toValue = CGPoint(…)`, `values = [UIColor.red.cgColor, …]`); they are converted to
/// this type when an animation is evaluated.
public enum AnimationValue: Sendable, Hashable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// nil is no colour, which animates like transparent black.
    case color(CGColor?)
    // Boxed: inline, the matrix would make every value 129 bytes to copy.
    indirect case transform(CATransform3D)
    /// Non-numeric values (booleans, paths) switch half-way.
    case bool(Bool)
    /// A layer's `contents`; nil is no image. Switches half-way, like booleans.
    case image(CGImage?)
    /// A path (`CAShapeLayer.path`); nil is no path. Paths of the same structure (the
    /// same element kinds in the same order) interpolate point by point; others switch
    /// half-way (see `CGPath+Interpolation.swift`).
    case path(CGPath?)
    /// A list of colours (`CAGradientLayer.colors`); lists of one length interpolate
    /// colour by colour, others switch half-way.
    case colors([CGColor])
    /// A list of numbers (`CAGradientLayer.locations`); lists of one length interpolate
    /// number by number, others switch half-way.
    case numbers([Double])

    /// The shape of a value, to check an animation's values against its key path.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case number, point, size, rect, color, transform, bool, image, path, colors, numbers
    }

    public var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .image: .image
        case .path: .path
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// Whether every number in the value is finite (colours, images and paths count as finite):
    /// what `CALayer.addChecked(_:forKey:)` asks of an animation's values (G12).
    public var isFinite: Bool {
        switch self {
        case .number(let n): n.isFinite
        case .point(let p): p.isFinite
        case .size(let s): s.isFinite
        case .rect(let r): r.isFinite
        case .transform(let t): t.isFinite
        case .numbers(let list): list.allSatisfy(\.isFinite)
        case .color, .bool, .image, .path, .colors: true
        }
    }

    /// Converts a value as Apple's API accepts it: numbers of any type, `CGPoint`,
    /// `CGSize`, `CGRect`, `CGColor`, `UIColor`, `CATransform3D`, `CGAffineTransform`, `Bool`,
    /// `CGPath`, arrays of `CGColor` or `UIColor` (colour lists) and arrays of numbers —
    /// each also boxed, as Objective-C-style code gives them: `NSNumber`, `NSValue(cgPoint:)`,
    /// `NSValue(cgSize:)`, `NSValue(cgRect:)`, `NSValue(caTransform3D:)`,
    /// `NSValue(cgAffineTransform:)`, and `[Any]` arrays of boxed numbers or colours.
    /// nil for anything else: Core Animation ignores an animation whose values it cannot read.
    public init?(_ value: Any) {
        // By the value's own type: on Linux `as? Bool` also unboxes NSNumber(1) to true.
        if type(of: value) is NSValue.Type, let boxed = value as? NSValue {
            self.init(boxed: boxed)
            return
        }
        switch value {
        case let value as AnimationValue: self = value
        case let value as Bool: self = .bool(value)
        case let value as Double: self = .number(value)
        case let value as CGFloat: self = .number(Double(value))
        case let value as Float: self = .number(Double(value))
        case let value as Int: self = .number(Double(value))
        case let value as NSNumber: self = .number(value.doubleValue)
        case let value as CGPoint: self = .point(value)
        case let value as CGSize: self = .size(value)
        case let value as CGRect: self = .rect(value)
        case let value as CGColor: self = .color(value)
        case let value as UIColor: self = .color(value.cgColor)
        case let value as CATransform3D: self = .transform(value)
        case let value as CGAffineTransform: self = .transform(CATransform3D(value))
        case let value as CGImage: self = .image(value)
        case let value as CGPath: self = .path(value.frozen)
        case let value as [CGColor]: self = .colors(value)
        case let value as [UIColor]: self = .colors(value.map(\.cgColor))
        case let value as [Double]: self = .numbers(value)
        case let value as [CGFloat]: self = .numbers(value.map(Double.init))
        case let value as [NSNumber]: self = .numbers(value.map(\.doubleValue))
        case let value as [Any]: self.init(list: value)
        default: return nil
        }
    }

    /// A boxed value: by its `objCType`, as Core Animation reads an `NSValue`.
    private init?(boxed: NSValue) {
        if let number = boxed as? NSNumber {
            // A boxed Bool is a char; every other number animates as a number.
            self = number.objCTypeName == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
            return
        }
        switch boxed.objCTypeName {
        case NSValue.pointType: self = .point(boxed.cgPointValue)
        case NSValue.sizeType: self = .size(boxed.cgSizeValue)
        case NSValue.rectType: self = .rect(boxed.cgRectValue)
        case NSValue.transform3DType, NSValue.affineTransformType: self = .transform(boxed.caTransform3DValue)
        default: return nil
        }
    }

    /// A list given as `[Any]`: all numbers, or all colours.
    private init?(list: [Any]) {
        let elements = list.compactMap(AnimationValue.init)
        guard elements.count == list.count else { return nil }
        var numbers: [Double] = [], colors: [CGColor] = []
        for element in elements {
            switch element {
            case .number(let n): numbers.append(n)
            case .color(let c?): colors.append(c)
            default: return nil
            }
        }
        if numbers.count == list.count { self = .numbers(numbers) }
        else if colors.count == list.count { self = .colors(colors) }
        else { return nil }
    }

    /// The value of this kind that adds nothing: 0, the zero point, identity …
    public static func zero(_ kind: Kind) -> AnimationValue {
        switch kind {
        case .number: .number(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.clear)
        case .transform: .transform(.identity)
        case .bool: .bool(false)
        case .image: .image(nil)
        case .path: .path(nil)
        case .colors: .colors([])
        case .numbers: .numbers([])
        }
    }

    /// The value a fraction `t` of the way from `self` to `other` (t may leave 0…1,
    /// as timing functions and springs overshoot).
    ///
    /// Transforms interpolate by decomposition (CA2). Values of different kinds, and
    /// booleans, switch at t = 0.5.
    public func interpolated(to other: AnimationValue, fraction t: Double) -> AnimationValue {
        if t == 0 { return self }
        if t == 1 { return other }
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return .number(lerp(a, b, t))
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case (.rect(let a), .rect(let b)):
            return .rect(CGRect(x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                                width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case (.color(let a), .color(let b)):
            let (from, to) = (a ?? .clear, b ?? .clear)
            return .color(CGColor(red: lerp(from.red, to.red, t), green: lerp(from.green, to.green, t),
                                  blue: lerp(from.blue, to.blue, t), alpha: lerp(from.alpha, to.alpha, t)))
        case (.transform(let a), .transform(let b)):
            return .transform(a.interpolated(to: b, fraction: t))
        case (.path(let a?), .path(let b?)):
            return .path(a.interpolated(to: b, fraction: t) ?? (t < 0.5 ? a : b))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { pair in
                guard case .color(let c?) = AnimationValue.color(pair.0).interpolated(to: .color(pair.1), fraction: t)
                else { return pair.0 }
                return c
            })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * t })
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self + other`: what an additive animation does to the value under it.
    ///
    /// Transforms concatenate (`other` first, then `self`), so that subtracting and adding
    /// back round-trips; colours add per component, lists of one length element by
    /// element; booleans, paths and lists of different lengths take `other`.
    public func adding(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.point(let a), .point(let b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case (.size(let a), .size(let b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case (.rect(let a), .rect(let b)):
            // Raw origin and size, not minX/width: offsets may have negative sizes.
            return .rect(CGRect(x: a.origin.x + b.origin.x, y: a.origin.y + b.origin.y,
                                width: a.size.width + b.size.width, height: a.size.height + b.size.height))
        case (.color(let a), .color(let b)):
            let (x, y) = (a ?? .clear, b ?? .clear)
            return .color(CGColor(red: x.red + y.red, green: x.green + y.green,
                                  blue: x.blue + y.blue, alpha: x.alpha + y.alpha))
        case (.transform(let a), .transform(let b)): return .transform(b.concatenating(a))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            return .colors(zip(a, b).map { x, y in
                CGColor(red: x.red + y.red, green: x.green + y.green, blue: x.blue + y.blue, alpha: x.alpha + y.alpha)
            })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count: return .numbers(zip(a, b).map(+))
        default: return other
        }
    }

    /// `self − other`, the inverse of `adding`.
    public func subtracting(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): return .transform(a.concatenating(b.inverted()))
        default: return adding(other.negated)
        }
    }

    /// `self` added to itself `count` times (0 gives zero): cumulative repeats.
    public func repeated(_ count: Int) -> AnimationValue {
        switch self {
        case .number(let a): return .number(a * Double(count))
        default:
            var total = AnimationValue.zero(kind)
            for _ in 0..<max(count, 0) { total = total.adding(self) }
            return total
        }
    }

    private var negated: AnimationValue {
        switch self {
        case .number(let a): .number(-a)
        case .point(let a): .point(CGPoint(x: -a.x, y: -a.y))
        case .size(let a): .size(CGSize(width: -a.width, height: -a.height))
        case .rect(let a): .rect(CGRect(x: -a.origin.x, y: -a.origin.y, width: -a.size.width, height: -a.size.height))
        case .color(let a):
            .color(a.map { CGColor(red: -$0.red, green: -$0.green, blue: -$0.blue, alpha: -$0.alpha) })
        case .transform(let a): .transform(a.inverted())
        case .colors(let a): .colors(a.map { CGColor(red: -$0.red, green: -$0.green, blue: -$0.blue, alpha: -$0.alpha) })
        case .numbers(let a): .numbers(a.map { -$0 })
        case .bool, .image, .path: self
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over the
    /// components (transforms over their 16 entries); 1 between unequal booleans.
    public func distance(to other: AnimationValue) -> Double {
        let a = components, b = other.components
        guard a.count == b.count, !a.isEmpty else { return self == other ? 0 : 1 }
        return sqrt(zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) })
    }

    /// The value as flat numbers, in a fixed order per kind; a path's are its points' x
    /// and y in order.
    public var components: [Double] {
        switch self {
        case .number(let a): [a]
        case .point(let a): [a.x, a.y]
        case .size(let a): [a.width, a.height]
        case .rect(let a): [a.origin.x, a.origin.y, a.size.width, a.size.height]
        case .color(let a): (a ?? .clear).components.map(Double.init)
        case .transform(let a): a.rowMajor.map(Double.init)
        case .bool(let a): [a ? 1 : 0]
        case .image: []
        case .path(let a): (a?.points ?? []).flatMap { [Double($0.x), Double($0.y)] }
        case .colors(let a): a.flatMap { $0.components.map(Double.init) }
        case .numbers(let a): a
        }
    }

    /// Builds a value of `kind` from flat numbers in the order of `components`; nil for
    /// paths and lists, whose length the numbers do not tell.
    public init?(kind: Kind, components c: [Double]) {
        let counts: [Kind: Int] = [.number: 1, .point: 2, .size: 2, .rect: 4, .color: 4, .transform: 16, .bool: 1]
        guard c.count == counts[kind] else { return nil }
        switch kind {
        case .number: self = .number(c[0])
        case .point: self = .point(CGPoint(x: c[0], y: c[1]))
        case .size: self = .size(CGSize(width: c[0], height: c[1]))
        case .rect: self = .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: self = .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: self = .transform(CATransform3D(rowMajor: c.map { CGFloat($0) }))
        case .bool: self = .bool(c[0] >= 0.5)
        case .image, .path, .colors, .numbers: return nil
        }
    }
}

/// `a` a fraction `t` of the way to `b`: how every number of an animated value moves.
func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * t }
