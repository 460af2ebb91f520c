import Foundation

/// A 4×4 homogeneous transform with Core Animation's layout and names.
///
/// Core Animation treats a point as a row vector: p' = p · M, so translation lives in
/// `m41`, `m42`, `m43`, and perspective with eye distance d is `m34 = −1/d`. The affine
/// transform [a b c d tx ty] embeds as `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx,
/// m42 = ty`.
public struct CATransform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: CGFloat
    public var m21, m22, m23, m24: CGFloat
    public var m31, m32, m33, m34: CGFloat
    public var m41, m42, m43, m44: CGFloat

    /// Creates a transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Creates a transform from 16 numbers m11, m12, …, m44 in row-major order.
    ///
    /// - Precondition: `values.count == 16`.
    public init(rowMajor values: [CGFloat]) {
        precondition(values.count == 16, "CATransform3D needs 16 values, got \(values.count)")
        let v = values
        self.init(
            m11: v[0], m12: v[1], m13: v[2], m14: v[3],
            m21: v[4], m22: v[5], m23: v[6], m24: v[7],
            m31: v[8], m32: v[9], m33: v[10], m34: v[11],
            m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// Creates the 3D transform that acts on the z = 0 plane as `affine` does.
    public init(_ affine: CGAffineTransform) {
        self.init(
            m11: affine.a, m12: affine.b, m13: 0, m14: 0,
            m21: affine.c, m22: affine.d, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: affine.tx, m42: affine.ty, m43: 0, m44: 1)
    }

    /// The sixteen entries m11, m12, …, m44 in row-major order.
    public var rowMajor: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// The transform that leaves every point where it is.
    public static let identity = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// Whether this is exactly the identity transform: `self == .identity`, entry by entry
    /// in place (a layer turning in every frame asks; the synthesized `==` is a call that
    /// compares every entry of both).
    public var isIdentity: Bool {
        m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1
            && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0
    }

    /// Whether this transform can be represented exactly by a `CGAffineTransform`.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The affine part: `m11, m12, m21, m22, m41, m42`; other entries are dropped.
    public var affineTransform: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Returns the transform that applies `self` first and then `other` (self · other).
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        let (lhs, rhs) = (rowMajor, other.rowMajor)
        var product = [CGFloat](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                for k in 0..<4 {
                    product[row * 4 + column] += lhs[row * 4 + k] * rhs[k * 4 + column]
                }
            }
        }
        return CATransform3D(rowMajor: product)
    }

    /// Returns the inverse transform, or `self` unchanged when it is singular.
    ///
    /// Gauss–Jordan elimination with partial pivoting; a pivot smaller than 1e-12 times
    /// the largest entry counts as singular.
    public func inverted() -> CATransform3D {
        var m = rowMajor
        var inverse = CATransform3D.identity.rowMajor
        let tolerance = 1e-12 * (m.map(abs).max() ?? 0)
        for column in 0..<4 {
            let pivotRow = (column..<4).max { abs(m[$0 * 4 + column]) < abs(m[$1 * 4 + column]) }!
            let pivot = m[pivotRow * 4 + column]
            guard abs(pivot) > tolerance, pivot.isFinite else { return self }
            for k in 0..<4 {
                m.swapAt(column * 4 + k, pivotRow * 4 + k)
                inverse.swapAt(column * 4 + k, pivotRow * 4 + k)
            }
            for k in 0..<4 {
                m[column * 4 + k] /= pivot
                inverse[column * 4 + k] /= pivot
            }
            for row in 0..<4 where row != column {
                let factor = m[row * 4 + column]
                guard factor != 0 else { continue }
                for k in 0..<4 {
                    m[row * 4 + k] -= factor * m[column * 4 + k]
                    inverse[row * 4 + k] -= factor * inverse[column * 4 + k]
                }
            }
        }
        return CATransform3D(rowMajor: inverse)
    }

    /// Maps the point (x, y, 0, 1) and divides by the resulting w (projective).
    public func apply(to point: CGPoint) -> CGPoint {
        let x = point.x * m11 + point.y * m21 + m41
        let y = point.x * m12 + point.y * m22 + m42
        let w = point.x * m14 + point.y * m24 + m44
        return CGPoint(x: x / w, y: y / w)
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D.identity

/// Returns a transform that translates by (`tx`, `ty`, `tz`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// Returns a transform that scales by (`sx`, `sy`, `sz`) about the origin.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// Returns a transform that rotates by `angle` radians about the axis (`x`, `y`, `z`).
///
/// The axis is normalized; a zero-length axis gives the identity. About (0, 0, 1) the
/// result equals `CGAffineTransform(rotationAngle: angle)`: clockwise on a y-down screen,
/// and affine (`m33` exactly 1).
public func CATransform3DMakeRotation(
    _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (x, y, z) = (x / length, y / length, z / length)
    let (c, s) = (cos(angle), sin(angle))
    let t = 1 - c
    // The diagonal entry of the axis itself is c + (1 − c), 1 in exact arithmetic but not
    // always in floating point (cos 1e20): taken as 1, so a turn about z alone is affine.
    func diagonal(_ a: CGFloat) -> CGFloat { abs(a) == 1 ? 1 : c + a * a * t }
    return CATransform3D(
        m11: diagonal(x), m12: x * y * t + z * s, m13: x * z * t - y * s, m14: 0,
        m21: x * y * t - z * s, m22: diagonal(y), m23: y * z * t + x * s, m24: 0,
        m31: x * z * t + y * s, m32: y * z * t - x * s, m33: diagonal(z), m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// Returns `t` preceded by a translation: `CATransform3DConcat(MakeTranslation(tx, ty, tz), t)`.
public func CATransform3DTranslate(
    _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// Returns `t` preceded by a scale: `CATransform3DConcat(MakeScale(sx, sy, sz), t)`.
public func CATransform3DScale(
    _ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// Returns `t` preceded by a rotation: `CATransform3DConcat(MakeRotation(angle, x, y, z), t)`.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// Returns the transform that applies `a` first and then `b` (the product a · b).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// Returns the inverse of `t`, or `t` unchanged when it is singular.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverted()
}

/// Whether `t` is exactly the identity transform.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t.isIdentity
}

/// Whether `a` and `b` are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// Whether `t` can be represented exactly by a `CGAffineTransform`.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.isAffine
}

/// Returns the affine part of `t` (`m11, m12, m21, m22, m41, m42`).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    t.affineTransform
}

/// Returns the 3D transform that acts on the z = 0 plane as `m` does.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m)
}
