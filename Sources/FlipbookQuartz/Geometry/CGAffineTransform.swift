import Foundation

/// A 2D affine transform with Core Graphics' layout and names.
///
/// A point maps as x' = a·x + c·y + tx, y' = b·x + d·y + ty, i.e. the row vector
/// [x y 1] times the matrix [a b 0; c d 0; tx ty 1]. In UIKit's y-down space a positive
/// rotation angle turns clockwise on screen.
public struct CGAffineTransform: Sendable, Hashable, CustomStringConvertible {
    public var a, b, c, d, tx, ty: CGFloat

    /// Creates a transform from its six matrix entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that leaves every point where it is.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform that moves points by (`x`, `y`).
    public init(translationX x: CGFloat, y: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Creates a transform that scales x by `x` and y by `y` about the origin.
    public init(scaleX x: CGFloat, y: CGFloat) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Creates a transform that rotates by `angle` radians about the origin.
    ///
    /// The matrix is [cos, sin, −sin, cos, 0, 0]: clockwise on a y-down screen.
    public init(rotationAngle angle: CGFloat) {
        let (cosine, sine) = (cos(angle), sin(angle))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// Returns the transform that applies `self` first and then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Returns the inverse transform, or `self` unchanged when it is singular (as Apple does).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(
            a: d / determinant, b: -b / determinant,
            c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// Returns a transform that translates by (`x`, `y`) before applying `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Returns a transform that scales by (`x`, `y`) before applying `self`.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Returns a transform that rotates by `angle` radians before applying `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

/// Returns the transform [`a` `b` `c` `d` `tx` `ty`].
public func CGAffineTransformMake(
    _ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat
) -> CGAffineTransform {
    CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

/// Returns a transform that moves points by (`tx`, `ty`).
public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty)
}

/// Returns a transform that scales by (`sx`, `sy`) about the origin.
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy)
}

/// Returns a transform that rotates by `angle` radians about the origin.
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle)
}

/// Returns the transform that applies `t1` first and then `t2`.
public func CGAffineTransformConcat(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> CGAffineTransform {
    t1.concatenating(t2)
}

/// Returns the inverse of `t`, or `t` unchanged when it is singular.
public func CGAffineTransformInvert(_ t: CGAffineTransform) -> CGAffineTransform {
    t.inverted()
}

/// Whether `t` is exactly the identity transform.
public func CGAffineTransformIsIdentity(_ t: CGAffineTransform) -> Bool {
    t.isIdentity
}
